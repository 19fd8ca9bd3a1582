/**
 * Serves the built React app: hashed assets cached for a year, every other page path gets
 * index.html (no-cache) with the store's public settings in a meta tag and the page's own head
 * (title, description, canonical URL, Open Graph, JSON-LD), with the page's status (404 for an
 * unknown product), so search engines and link previews read each page without JavaScript.
 */
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { errorBody } from './errors.ts'

const HEAD_SLOT = '<!--als-head-->'

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
}

export async function registerClientApp(app: FastifyInstance, clientDir: string, settings: ClientSettings, headOf?: (path: string) => Promise<PageHead>): Promise<void> {
  const indexFile = join(clientDir, 'index.html')
  const html = existsSync(indexFile)
    ? readFileSync(indexFile, 'utf8')
        .replace('%ALS_CONFIG%', encodeURIComponent(JSON.stringify(settings)))
        .replace(/\s*<meta name="description"[^>]*>/, '')
        .replace(/<title>[^<]*<\/title>/, HEAD_SLOT)
    : null
  const defaultHead = '<title>Audio Lab Store</title>'

  if (html) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      index: false,
      wildcard: false,
      // scripts/compress-assets.mjs writes .br/.gz beside each asset at build time.
      preCompressed: true,
      setHeaders: (res, path) => {
        const immutable = path.includes(`${join(clientDir, 'assets')}`)
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
      },
    })
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    const wantsPage = request.method === 'GET' || request.method === 'HEAD'
    if (!wantsPage || path.startsWith('/api/') || path.startsWith('/media/') || /\.[a-z0-9]+$/i.test(path)) {
      return reply.status(404).send(errorBody(404, 'NOT_FOUND', 'Not found'))
    }
    if (!html) return reply.status(503).type('text/plain').send('The storefront has not been built yet: run `npm run build`.')
    let head: PageHead = { status: 200, tags: defaultHead }
    try {
      if (headOf) head = await headOf(path)
    } catch (error) {
      // The page still works without its head: the app renders it in the browser.
      request.log.error({ err: error }, 'Could not build the page head')
    }
    return reply.status(head.status).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html.replace(HEAD_SLOT, () => head.tags))
  })
}
