/**
 * Serves the built React app: hashed assets cached for a year, every other page path gets
 * index.html (no-cache) with the store's public settings in a meta tag and the page's own head
 * (title, description, canonical URL, Open Graph, JSON-LD), with the page's status (404 for an
 * unknown product), so search engines and link previews read each page without JavaScript.
 * Storefront pages also arrive painted: the server renders the app into the root element with
 * the query cache beside it, and the browser hydrates what it was sent. Every page, rendered or
 * not, carries the owner's store texts (`<script id="als-store-settings">`), so a page the browser
 * renders alone (the cart, checkout) shows them from its first paint too.
 */
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { STORE_ROUTES } from '../../shared/routes.ts'
import { errorBody } from '../http/errors.ts'

const HEAD_SLOT = '<!--als-head-->'
const ROOT_ELEMENT = '<div id="root"></div>'
/** React places a page's `<title>` and preloads first; the head holds them, not the root element. */
const LEADING_HOISTABLES = /^(?:<title>[^<]*<\/title>|<(?:meta|link)\b[^>]*>)+/
/** A path that ends like a file's name (`.js`, `.png`): a file the build does not have, unless a page claims the path. */
const FILE_NAME = /\.[a-z0-9]+$/i

/** An address pattern of the route list as a regular expression: `:name` is one segment, a trailing `*` anything below (or nothing). */
function addressPattern(path: string): RegExp {
  const segments = path.split('/').filter(Boolean)
  const rest = segments.at(-1) === '*' ? '(?:/.*)?' : '/?'
  const fixed = (rest === '/?' ? segments : segments.slice(0, -1))
    .map((segment) => (segment.startsWith(':') ? '/[^/]+' : `/${segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}`))
    .join('')
  return new RegExp(`^${fixed}${rest}$`)
}

/** A catch-all has no fixed segment (`/:categorySlug`, `/*`): it claims any address, so it decides nothing about a file. */
const isCatchAll = (path: string): boolean => path !== '/' && path.split('/').every((segment) => segment === '' || segment === '*' || segment.startsWith(':'))

/**
 * The pages of the route list, catch-alls aside. A token in a page's address may end like a file's
 * name (an emailed link's `id.mac`): the page is still the page, whatever its last segment.
 */
const PAGE_ADDRESSES = STORE_ROUTES.filter((route) => !isCatchAll(route.path)).map((route) => addressPattern(route.path))

/** A missing file: the path looks like one and no page of the route list claims it. */
const isMissingFile = (path: string): boolean => FILE_NAME.test(path) && !PAGE_ADDRESSES.some((page) => page.test(path))

export interface ClientSettings {
  storeMode: 'coming-soon' | 'live'
  devMode: boolean
  /** Payments run on the built-in test provider in production: every page shows a test-mode banner. */
  testPayments: boolean
}

export interface PageHead {
  status: number
  /** The tags that replace index.html's default description and title. */
  tags: string
  /** A storefront page the server renders (the browser renders the others on its own). */
  rendered: boolean
}

/** The app rendered at an address (the client's server-render entry), or null when that page is the browser's to render. */
export type PageRenderer = (pathAndQuery: string) => Promise<{ html: string; state: string } | null>

interface PageSources {
  headOf?: (path: string) => Promise<PageHead>
  renderPage?: PageRenderer | null
  /** The public store settings' answer as JSON (the same for every page until the owner saves). */
  storeSettings?: () => Promise<string>
}

export async function registerClientApp(
  app: FastifyInstance,
  clientDir: string,
  settings: ClientSettings,
  { headOf, renderPage, storeSettings }: PageSources = {},
): Promise<void> {
  const indexFile = join(clientDir, 'index.html')
  const html = existsSync(indexFile)
    ? readFileSync(indexFile, 'utf8')
        .replace('%ALS_CONFIG%', encodeURIComponent(JSON.stringify(settings)))
        .replace(/\s*<meta name="description"[^>]*>/, '')
        .replace(/<title>[^<]*<\/title>/, HEAD_SLOT)
    : null
  const defaultHead = '<title>Audio Lab Store</title>'

  if (html) {
    // The hashed assets, looked up when asked for: a route per file would cost the start a few
    // hundred routes. scripts/compress-assets.mjs writes .br/.gz beside each asset at build time.
    await app.register(fastifyStatic, {
      root: join(clientDir, 'assets'),
      prefix: '/assets/',
      index: false,
      wildcard: true,
      preCompressed: true,
      setHeaders: (res) => res.header('Cache-Control', 'public, max-age=31536000, immutable'),
    })
    // The few files beside index.html (the icon, the placeholder cover), a route each.
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      index: false,
      wildcard: false,
      globIgnore: ['assets/**'],
      decorateReply: false,
      preCompressed: true,
      setHeaders: (res) => res.header('Cache-Control', 'public, max-age=3600'),
    })
  }

  const notFound = (reply: FastifyReply) => reply.status(404).send(errorBody(404, 'NOT_FOUND', 'Not found'))
  app.setNotFoundHandler((_request, reply) => notFound(reply))

  // A route, not the not-found handler, so the page is compressed like every other answer.
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    if (path.startsWith('/api/') || path.startsWith('/media/') || isMissingFile(path)) return notFound(reply)
    if (!html) return reply.status(503).type('text/plain').send('The storefront has not been built yet: run `npm run build`.')
    let head: PageHead = { status: 200, tags: defaultHead, rendered: false }
    try {
      if (headOf) head = await headOf(path)
    } catch (error) {
      // The page still works without its head: the app renders it in the browser.
      request.log.error({ err: error }, 'Could not build the page head')
    }
    let page = html.replace(HEAD_SLOT, () => head.tags)
    try {
      const settings = storeSettings ? await storeSettings() : null
      // Inert data (not a script that runs), escaped so no text in it can close the element.
      if (settings)
        page = page.replace('</body>', () => `<script type="application/json" id="als-store-settings">${settings.replace(/</g, '\\u003c')}</script></body>`)
    } catch (error) {
      // The page still works: the browser asks for the settings itself.
      request.log.error({ err: error }, 'Could not read the store settings for the page')
    }
    if (head.rendered && renderPage) {
      try {
        const rendered = await renderPage(request.url)
        if (rendered) {
          const hoisted = LEADING_HOISTABLES.exec(rendered.html)?.[0] ?? ''
          const preloads = hoisted.replace(/<title>[^<]*<\/title>/g, '')
          page = page
            .replace('</head>', () => `${preloads}</head>`)
            .replace(
              ROOT_ELEMENT,
              () =>
                `<div id="root">${rendered.html.slice(hoisted.length)}</div><script type="application/json" id="als-query-state">${rendered.state}</script>`,
            )
        }
      } catch (error) {
        // The browser renders the page itself, as it does every page the server does not.
        request.log.error({ err: error }, 'Could not render the page on the server')
      }
    }
    return reply.status(head.status).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(page)
  })
}
