/**
 * What search engines read: robots.txt keeps the owner console, the API, accounts and checkout
 * out and points to the sitemap; the sitemap lists the storefront's pages, the categories with
 * products and every active product with its last change, and never a hidden product. Both
 * follow the route list: every public page the server renders is in the sitemap, and every
 * private page is closed.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { STORE_ROUTES } from '../../shared/routes.ts'
import { products } from '../db/schema.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

describe('robots.txt', () => {
  it('closes the console, the API, accounts and checkout, and names the sitemap', async () => {
    const robots = await t.app.inject('/robots.txt')
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8')
    for (const line of [
      'User-agent: *',
      'Disallow: /admin',
      'Disallow: /api/',
      'Disallow: /checkout',
      'Disallow: /cart',
      'Disallow: /profile',
      'Disallow: /download-hub',
      `Sitemap: ${t.config.publicUrl}/sitemap.xml`,
    ]) {
      expect(robots.body.split('\n')).toContain(line)
    }
  })
})

describe('sitemap.xml', () => {
  it('lists an active product with its last change, a category with products, and not a hidden product', async () => {
    const [shown, hidden] = await t.database.db.select().from(products).where(eq(products.isActive, true)).limit(2)
    await t.database.db.update(products).set({ isActive: false }).where(eq(products.id, hidden!.id))
    const sitemap = await t.app.inject('/sitemap.xml')
    expect(sitemap.statusCode).toBe(200)
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8')
    expect(sitemap.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/)
    expect(sitemap.body).toContain(`<url><loc>${t.config.publicUrl}/products/${shown!.id}</loc><lastmod>${shown!.updatedAt.toISOString()}</lastmod></url>`)
    expect(sitemap.body).not.toContain(hidden!.id)
    expect(sitemap.body).toContain(`<loc>${t.config.publicUrl}/sample-packs</loc>`)
    expect(sitemap.body).toContain(`<url><loc>${t.config.publicUrl}/about</loc></url>`)
    await t.database.db.update(products).set({ isActive: true }).where(eq(products.id, hidden!.id))
  })
})

/** An address a route's pattern matches (`x` for each parameter and for the rest after `*`). */
const addressOf = (pattern: string) => pattern.replace(/:[^/]+|\*$/g, 'x')
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

describe('the route list', () => {
  it('has every public page the server renders in the sitemap, and every private page closed in robots.txt', async () => {
    const sitemap = (await t.app.inject('/sitemap.xml')).body
    const closed = (await t.app.inject('/robots.txt')).body
      .split('\n')
      .flatMap((line) => (line.startsWith('Disallow: ') ? [line.slice('Disallow: '.length)] : []))
    for (const route of STORE_ROUTES) {
      if (route.serverData && !route.noindex) {
        // A fixed page at its own address (or the one it is an alias of); a product or a category page at least once.
        const address = (route.canonical ?? route.path)
          .split('/')
          .map((segment) => (segment.startsWith(':') ? '[^/<]+' : escapeRegExp(segment)))
          .join('/')
        expect(sitemap, route.path).toMatch(new RegExp(`<loc>${escapeRegExp(t.config.publicUrl)}${address}</loc>`))
      }
      if (route.noindex && route.redirect === undefined)
        expect(
          closed.some((path) => addressOf(route.path).startsWith(path)),
          route.path,
        ).toBe(true)
    }
  })
})
