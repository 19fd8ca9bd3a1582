/**
 * What search engines read: robots.txt keeps the owner console, the API, accounts and checkout
 * out and points to the sitemap; the sitemap lists the storefront's pages, the categories with
 * products and every active product with its last change, and never a hidden product.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
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
    for (const line of ['User-agent: *', 'Disallow: /admin', 'Disallow: /api/', 'Disallow: /checkout', 'Disallow: /cart', 'Disallow: /profile', 'Disallow: /download-hub', `Sitemap: ${t.config.publicUrl}/sitemap.xml`]) {
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
