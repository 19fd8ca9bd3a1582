/**
 * Pages as search engines and link previews read them, without JavaScript: a product page's
 * HTML carries its own title, description, canonical URL, Open Graph image and JSON-LD
 * (Product with its Offer and rating, and a BreadcrumbList); a category page its own; an
 * unknown product is a 404 marked noindex; account and checkout pages are noindex; text from
 * the catalog cannot break out of the JSON-LD script. Storefront pages arrive painted (the
 * client's own server renderer, as `npm run build` bundles it) with the data the browser
 * hydrates from; account and checkout pages are left to the browser. The fixed pages' titles and
 * the private pages come from the route list.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { formatPrice } from '../../shared/money.ts'
import { isFixedPath, STORE_ROUTES } from '../../shared/routes.ts'
import { categories, products, type ProductRow } from '../db/schema.ts'

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="als-config" content="%ALS_CONFIG%" />
    <meta name="description" content="Audio Lab Store: sample packs, MIDI packs, instruments, processors and tools for music producers." />
    <title>Audio Lab Store</title>
  </head>
  <body><div id="root"></div></body>
</html>`

let t: TestApp
let clientDir: string
let rated: ProductRow

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'als-client-'))
  writeFileSync(join(clientDir, 'index.html'), INDEX_HTML)
  t = await createTestApp({ STORE_MODE: 'live' }, { clientDir, renderPages: true })
  const rows = await t.database.db.select().from(products).where(eq(products.isActive, true))
  const demo = rows.find((row) => typeof row.metadata.rating === 'number' && (row.metadata.reviewCount ?? 0) > 0 && row.categoryId)!
  // The demo catalog's ratings are marked as invented; this product's rating is one its owner set.
  const { demoRating: _demo, ...metadata } = demo.metadata
  rated = (await t.database.db.update(products).set({ metadata }).where(eq(products.id, demo.id)).returning())[0]!
})
afterAll(async () => {
  await t?.close()
  rmSync(clientDir, { recursive: true, force: true })
})

/** What the browser would paint before any script runs, and the query cache it hydrates from. */
const rootOf = (html: string) => /<div id="root">(.*?)<\/div><script type="application\/json" id="als-query-state">/s.exec(html)?.[1] ?? ''
const queryStateOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="als-query-state">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null') as {
    queries: { queryKey: unknown[]; state: { data: unknown } }[]
  } | null

const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>)

describe('a product page without JavaScript', () => {
  it('carries its name, price, canonical URL, cover and JSON-LD Product with Offer, rating and breadcrumbs', async () => {
    const page = await t.app.inject(`/products/${rated.id}`)
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    const html = page.body
    expect(html).toContain(`<title>${rated.name} | Audio Lab Store</title>`)
    expect(html).toContain(`<link rel="canonical" href="${t.config.publicUrl}/products/${rated.id}" />`)
    expect(html).toContain(`<meta property="og:type" content="product" />`)
    expect(html).toContain(`<meta property="og:image" content="${t.config.publicUrl}${rated.imageUrl!.replace('-640.webp', '-1024.webp')}" />`)
    expect(html.match(/<title>/g)).toHaveLength(1)
    const [product, breadcrumbs] = jsonLdOf(html)
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: rated.name,
      sku: rated.id,
      offers: {
        '@type': 'Offer',
        price: (rated.priceCents / 100).toFixed(2),
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: `${t.config.publicUrl}/products/${rated.id}`,
      },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: rated.metadata.rating, reviewCount: rated.metadata.reviewCount },
    })
    expect(breadcrumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [{ position: 1, name: 'Home' }, { position: 2 }, { position: 3, name: rated.name }],
    })
  })

  it("never offers the demo catalog's invented rating to search engines", async () => {
    const rows = await t.database.db.select().from(products).where(eq(products.isActive, true))
    const demo = rows.find((row) => row.metadata.demoRating === true && typeof row.metadata.rating === 'number')!
    const [product] = jsonLdOf((await t.app.inject(`/products/${demo.id}`)).body)
    expect(product).toMatchObject({ '@type': 'Product', name: demo.name })
    expect(product).not.toHaveProperty('aggregateRating')
  })

  it('keeps catalog text inside its JSON-LD script', async () => {
    const [row] = await t.database.db.select().from(products).where(eq(products.isActive, true)).limit(1)
    await t.database.db.update(products).set({ description: 'Loops </script><script>alert(1)</script> & more' }).where(eq(products.id, row!.id))
    // The catalog's change notice reaches the page cache a moment after the write (on PostgreSQL, through LISTEN).
    await expect.poll(async () => (await t.app.inject(`/products/${row!.id}`)).body).toContain('Loops &lt;/script&gt;')
    const html = (await t.app.inject(`/products/${row!.id}`)).body
    expect(html).not.toContain('<script>alert(1)')
    expect(jsonLdOf(html)[0]).toMatchObject({ description: 'Loops </script><script>alert(1)</script> & more' })
    expect(html).toContain(': Loops &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; more"')
    await t.database.db.update(products).set({ description: row!.description }).where(eq(products.id, row!.id))
  })

  it('is a 404 marked noindex for an unknown or hidden product', async () => {
    const unknown = await t.app.inject('/products/00000000-0000-4000-8000-000000000000')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.body).toContain('<meta name="robots" content="noindex" />')
    expect(unknown.body).toContain('<div id="root"></div>')
  })
})

describe('other pages', () => {
  it('give a category page its own title and canonical URL, and keep account and checkout pages out of the index', async () => {
    const category = await t.app.inject('/sample-packs')
    expect(category.body).toContain('<title>Sample Packs | Audio Lab Store</title>')
    expect(category.body).toContain(`<link rel="canonical" href="${t.config.publicUrl}/sample-packs" />`)
    expect(jsonLdOf(category.body)[0]).toMatchObject({ '@type': 'BreadcrumbList' })
    for (const path of ['/cart', '/checkout', '/profile', '/download-hub', '/admin/products']) {
      expect((await t.app.inject(path)).body).toContain('<meta name="robots" content="noindex" />')
    }
    const about = await t.app.inject('/about')
    expect(about.body).toContain('<title>About | Audio Lab Store</title>')
    expect(about.body).not.toContain('noindex')
  })
})

describe('every page of the route list', () => {
  it('carries its fixed title and canonical URL, or noindex when it belongs to one visitor', async () => {
    for (const route of STORE_ROUTES) {
      const html = (await t.app.inject(route.path.replace(/:[^/]+|\*$/g, 'x'))).body
      if (route.head) {
        expect(html, route.path).toContain(`<title>${route.head.title}</title>`)
        expect(html, route.path).toContain(`<link rel="canonical" href="${t.config.publicUrl}${route.canonical ?? route.path}" />`)
      }
      // A product or category address that names nothing is a 404, noindex too: only fixed addresses are public for sure.
      const noindex = html.includes('<meta name="robots" content="noindex" />')
      if (route.noindex) expect(noindex, route.path).toBe(true)
      else if (isFixedPath(route.path)) expect(noindex, route.path).toBe(false)
    }
  })
})

describe('pages painted by the server', () => {
  it('render a product page with its name, price, description and related products, and the data to hydrate from', async () => {
    const html = (await t.app.inject(`/products/${rated.id}`)).body
    const root = rootOf(html)
    expect(root).toMatch(new RegExp(`<h1[^>]*>${rated.name}</h1>`))
    expect(root).toContain(formatPrice(rated.priceCents))
    expect(root).toContain('Add to Cart')
    expect(root).toContain('More like this')
    expect(root).not.toContain('<title>')
    expect(html.match(/<title>/g)).toHaveLength(1)
    const state = queryStateOf(html)!
    expect(state.queries.map((query) => query.queryKey)).toEqual(expect.arrayContaining([['categories'], ['product', rated.id]]))
    expect(state.queries.find((query) => query.queryKey[0] === 'product')?.state.data).toMatchObject({
      id: rated.id,
      name: rated.name,
      priceCents: rated.priceCents,
    })
  })

  it('render the category page and the All Products view with every category name and the products on show', async () => {
    const [category] = await t.database.db.select().from(categories).where(eq(categories.slug, 'sample-packs'))
    const inCategory = await t.database.db.select().from(products).where(eq(products.categoryId, category!.id))
    const categoryRoot = rootOf((await t.app.inject('/sample-packs')).body)
    expect(categoryRoot).toContain('Sample Packs')
    for (const product of inCategory.filter((row) => row.isActive)) expect(categoryRoot).toContain(product.name.replace(/&/g, '&amp;'))
    for (const product of inCategory.filter((row) => !row.isActive)) expect(categoryRoot).not.toContain(product.name.replace(/&/g, '&amp;'))

    const allRoot = rootOf((await t.app.inject('/products')).body)
    expect(allRoot).toContain('All Products')
    for (const row of await t.database.db.select().from(categories)) expect(allRoot).toContain(row.name)
  })

  it('render the home and content pages, and leave cart, account and checkout pages to the browser', async () => {
    expect(rootOf((await t.app.inject('/')).body)).toContain('Sounds that finish tracks.')
    expect(rootOf((await t.app.inject('/about')).body)).toMatch(/<h1[^>]*>/)
    for (const path of ['/cart', '/login', '/checkout', '/profile']) {
      const html = (await t.app.inject(path)).body
      expect(html).toContain('<div id="root"></div>')
      expect(html).not.toContain('als-query-state')
    }
  })

  it('are rendered once and kept until the catalog changes, then show the change', async () => {
    const path = `/products/${rated.id}`
    const first = (await t.app.inject(path)).body
    expect((await t.app.inject(path)).body).toBe(first)
    await t.database.db.update(products).set({ name: 'Renamed Pack' }).where(eq(products.id, rated.id))
    await expect.poll(async () => rootOf((await t.app.inject(path)).body)).toMatch(/<h1[^>]*>Renamed Pack<\/h1>/)
    expect((await t.app.inject(path)).body).toContain('<title>Renamed Pack | Audio Lab Store</title>')
    await t.database.db.update(products).set({ name: rated.name }).where(eq(products.id, rated.id))
  })
})
