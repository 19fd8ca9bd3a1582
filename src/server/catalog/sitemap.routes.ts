/**
 * What search engines read first: /robots.txt (the storefront open; the owner console, the API,
 * accounts, cart and checkout closed) pointing to /sitemap.xml, which lists the storefront's
 * pages, every category with products and every active product, each with when it last changed.
 */
import type { FastifyPluginAsync } from 'fastify'
import type { CatalogService } from './catalog.service.ts'

const PRIVATE_PATHS = ['/admin', '/api/', '/cart', '/checkout', '/pay/', '/payment/', '/profile', '/order-history', '/download-hub', '/login', '/signup', '/reset-password', '/email-confirmation', '/order-confirmation', '/licences/', '/dev/']
const STOREFRONT_PAGES = ['/', '/products', '/learn', '/about', '/support']

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!)

export function sitemapRoutes({ catalog, publicUrl }: { catalog: Pick<CatalogService, 'sitemapEntries'>; publicUrl: string }): FastifyPluginAsync {
  return async (app) => {
    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(['User-agent: *', 'Allow: /', ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n')),
    )

    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
      const { products, categories } = await catalog.sitemapEntries()
      const newest = [...products.map((product) => product.updatedAt)].sort((a, b) => b.getTime() - a.getTime())[0]
      const url = (path: string, lastmod?: Date) => `  <url><loc>${escapeXml(publicUrl + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`
      const lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...STOREFRONT_PAGES.map((path) => url(path, path === '/' || path === '/products' ? newest : undefined)),
        ...categories.map((category) => url(`/${encodeURIComponent(category.slug)}`, category.updatedAt)),
        ...products.map((product) => url(`/products/${product.id}`, product.updatedAt)),
        '</urlset>',
        '',
      ]
      return reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(lines.join('\n'))
    })
  }
}
