/**
 * What search engines read first: /robots.txt (the storefront open; the API and every section of
 * the route list marked noindex closed: the owner console, accounts, cart and checkout) pointing
 * to /sitemap.xml, which lists the public pages the server renders (src/shared/routes.ts): the
 * fixed ones, every category with products and every active product, each with when it last
 * changed. The catalog's part comes through the catalog service.
 */
import type { FastifyPluginAsync } from 'fastify'
import { isFixedPath, sectionOf, STORE_ROUTES, type PageDataKey } from '../../shared/routes.ts'
import type { CatalogReadsService } from '../catalog/catalog-reads.service.ts'

/**
 * The API, then each private section once, in the route list's order: `/cart` closes the page and
 * everything under it, `/pay/` only what is under it where the section has no page of its own.
 * A redirect is no page to close: it leads to one that is.
 */
const CLOSED_PATHS = [
  '/api/',
  ...new Set(
    STORE_ROUTES.filter((route) => route.noindex && route.redirect === undefined).map((route) => {
      const section = `/${sectionOf(route.path)}`
      return STORE_ROUTES.some((other) => other.path === section || other.path === `${section}/*`) ? section : `${section}/`
    }),
  ),
]

/** Pages that show products change when the newest product does. */
const SHOWS_PRODUCTS = new Set<PageDataKey>(['home', 'listing'])
/** The public pages the server renders at one fixed address (a product's and a category's come from the catalog). */
const FIXED_PAGES = STORE_ROUTES.flatMap((route) =>
  route.serverData && !route.noindex && route.canonical === undefined && isFixedPath(route.path)
    ? [{ path: route.path, showsProducts: SHOWS_PRODUCTS.has(route.serverData) }]
    : [],
)

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!)

export function sitemapRoutes({ catalog, publicUrl }: { catalog: Pick<CatalogReadsService, 'sitemapEntries'>; publicUrl: string }): FastifyPluginAsync {
  return async (app) => {
    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(['User-agent: *', 'Allow: /', ...CLOSED_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n')),
    )

    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
      const { products, categories } = await catalog.sitemapEntries()
      const newest = [...products.map((product) => product.updatedAt)].sort((a, b) => b.getTime() - a.getTime())[0]
      const url = (path: string, lastmod?: Date) =>
        `  <url><loc>${escapeXml(publicUrl + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`
      const lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...FIXED_PAGES.map((page) => url(page.path, page.showsProducts ? newest : undefined)),
        ...categories.map((category) => url(`/${encodeURIComponent(category.slug)}`, category.updatedAt)),
        ...products.map((product) => url(`/products/${product.id}`, product.updatedAt)),
        '</urlset>',
        '',
      ]
      return reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(lines.join('\n'))
    })
  }
}
