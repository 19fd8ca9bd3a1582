import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { Category, Product, ProductList } from '../../shared/contract/catalog.ts'
import { categories, products } from '../db/schema.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp
let activeCount: number

beforeAll(async () => {
  t = await createTestApp()
  const rows = await t.database.db.select({ id: products.id }).from(products).where(eq(products.isActive, true))
  activeCount = rows.length
})
afterAll(async () => t?.close())

async function get<T>(url: string) {
  const response = await t.app.inject({ method: 'GET', url })
  return { status: response.statusCode, body: response.json() as T, headers: response.headers }
}

describe('GET /api/products', () => {
  it('lists the first 10 active products, newest first, with the total and hasMore', async () => {
    const { status, body } = await get<ProductList>('/api/products')
    expect(status).toBe(200)
    expect(body.limit).toBe(10)
    expect(body.offset).toBe(0)
    expect(body.data).toHaveLength(10)
    expect(body.total).toBe(activeCount)
    expect(body.hasMore).toBe(true)
    const created = body.data.map((product) => product.createdAt)
    expect(created).toEqual([...created].sort().reverse())
    expect(body.data.every((product) => product.isActive)).toBe(true)
  })

  it('never lists the inactive product', async () => {
    const [inactive] = await t.database.db.select().from(products).where(eq(products.isActive, false))
    expect(inactive).toBeDefined()
    const { body } = await get<ProductList>('/api/products?limit=100')
    expect(body.data.map((product) => product.id)).not.toContain(inactive!.id)
    expect(body.data).toHaveLength(activeCount)
    expect(body.hasMore).toBe(false)
  })

  it('pages with limit and offset without overlap', async () => {
    const first = await get<ProductList>('/api/products?limit=5&offset=0')
    const second = await get<ProductList>('/api/products?limit=5&offset=5')
    const ids = [...first.body.data, ...second.body.data].map((product) => product.id)
    expect(new Set(ids).size).toBe(10)
    const all = await get<ProductList>('/api/products?limit=10')
    expect(ids).toEqual(all.body.data.map((product) => product.id))
  })

  it('answers an offset past the end with no rows, the real total and hasMore false', async () => {
    const { status, body } = await get<ProductList>('/api/products?offset=1000000')
    expect(status).toBe(200)
    expect(body.data).toEqual([])
    expect(body.total).toBe(activeCount)
    expect(body.hasMore).toBe(false)
  })

  it('filters by category slug and embeds the category', async () => {
    const { body } = await get<ProductList>('/api/products?category=midi-packs&limit=100')
    expect(body.data.length).toBeGreaterThan(0)
    expect(body.data.every((product) => product.category?.slug === 'midi-packs')).toBe(true)
    expect(body.total).toBe(body.data.length)
  })

  it('answers an unknown category with 404 "Category not found"', async () => {
    const { status, body } = await get('/api/products?category=no-such-category')
    expect(status).toBe(404)
    expect(body).toEqual({ error: { message: 'Category not found', status: 404, code: 'NOT_FOUND' } })
  })

  it('searches name and description case-insensitively', async () => {
    const [sample] = await t.database.db.select().from(products).where(eq(products.isActive, true)).limit(1)
    const word = sample!.name.split(' ')[0]!
    const { body } = await get<ProductList>(`/api/products?limit=100&search=${encodeURIComponent(word.toUpperCase())}`)
    expect(body.data.map((product) => product.id)).toContain(sample!.id)
    for (const product of body.data) {
      expect(`${product.name} ${product.description}`.toLowerCase()).toContain(word.toLowerCase())
    }
  })

  it('treats SQL-looking and wildcard searches as plain text', async () => {
    // "%" and "_" would match everything if they reached ILIKE as wildcards.
    for (const search of ["' OR 1=1 --", 'zz%zz', 'q_q', "'; drop table products; --", '\\']) {
      const { status, body } = await get<ProductList>(`/api/products?search=${encodeURIComponent(search)}`)
      expect(status).toBe(200)
      expect(body.data).toEqual([])
      expect(body.total).toBe(0)
    }
    const percent = await get<ProductList>(`/api/products?limit=100&search=${encodeURIComponent('%')}`)
    expect(percent.body.data.every((product) => `${product.name} ${product.description}`.includes('%'))).toBe(true)
    expect(percent.body.total).toBeLessThan(activeCount)
    const still = await get<ProductList>('/api/products')
    expect(still.body.total).toBe(activeCount)
  })

  it('sorts by price both ways and by name ascending', async () => {
    const asc = await get<ProductList>('/api/products?sortBy=price&sortOrder=asc&limit=100')
    const prices = asc.body.data.map((product) => product.priceCents)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    const desc = await get<ProductList>('/api/products?sortBy=price&sortOrder=desc&limit=100')
    expect(desc.body.data.map((product) => product.priceCents)).toEqual([...prices].sort((a, b) => b - a))
    const byName = await get<ProductList>('/api/products?sortBy=name&sortOrder=asc&limit=100')
    const names = byName.body.data.map((product) => product.name)
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
  })

  it('sorts descending for any sortOrder other than asc', async () => {
    const { body } = await get<ProductList>('/api/products?sortBy=price&sortOrder=sideways&limit=100')
    const prices = body.data.map((product) => product.priceCents)
    expect(prices).toEqual([...prices].sort((a, b) => b - a))
  })

  it.each([
    ['limit=-1', 'limit'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['offset=-5', 'offset'],
    ['offset=1.5', 'offset'],
    ['sortBy=password', 'sortBy'],
    ['sortBy=id;drop', 'sortBy'],
  ])('rejects %s with a 400 a shopper can read, naming %s only in the detail for developers', async (query, field) => {
    const { status, body } = await get<{ error: { message: string; status: number; code: string; detail?: string } }>(`/api/products?${query}`)
    expect(status).toBe(400)
    expect(body.error.status).toBe(400)
    expect(body.error.code).toBe('VALIDATION_ERROR')
    expect(body.error.message).toBe("Something in that request wasn't right. Please check it and try again.")
    expect(body.error.detail).toContain(field)
  })

  it('derives sale, new, featured, rating and tags from metadata', async () => {
    const { body } = await get<ProductList>('/api/products?limit=100')
    const onSale = body.data.find((product) => product.originalPriceCents !== null)!
    expect(onSale.isOnSale).toBe(true)
    expect(onSale.originalPriceCents).toBeGreaterThan(onSale.priceCents)
    for (const product of body.data) {
      expect(product.images[0]).toBe(product.imageUrl)
      expect(product.images.length).toBeGreaterThanOrEqual(1)
      expect(product).not.toHaveProperty('fileUrl')
    }
    // Lists carry what a card shows: no waveform, the category without its description, each metadata fact once.
    for (const product of body.data) {
      expect(product).not.toHaveProperty('previewPeaks')
      expect(Object.keys(product.category ?? {}).sort()).toEqual(product.category ? ['id', 'name', 'slug'] : [])
      for (const key of ['tags', 'images', 'audioPreview', 'rating', 'reviewCount', 'isOnSale', 'isNew', 'featured', 'originalPrice'])
        expect(product.metadata).not.toHaveProperty(key)
    }
  })
})

describe('GET /api/products/:id', () => {
  it('returns an active product with its category', async () => {
    const list = await get<ProductList>('/api/products?limit=1')
    const id = list.body.data[0]!.id
    const { status, body } = await get<{ data: Product }>(`/api/products/${id}`)
    expect(status).toBe(200)
    expect(body.data.id).toBe(id)
    expect(body.data.category?.slug).toMatch(/^[a-z-]+$/)
  })

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1", '%00'])('answers 404 "Product not found" for %s', async (id) => {
    const { status, body } = await get(`/api/products/${encodeURIComponent(id)}`)
    expect(status).toBe(404)
    expect(body).toEqual({ error: { message: 'Product not found', status: 404, code: 'NOT_FOUND' } })
  })

  it('hides an inactive product', async () => {
    const [inactive] = await t.database.db.select().from(products).where(eq(products.isActive, false))
    const { status } = await get(`/api/products/${inactive!.id}`)
    expect(status).toBe(404)
  })
})

describe('GET /api/categories', () => {
  it('lists the five categories ordered by name', async () => {
    const { status, body } = await get<{ data: Category[] }>('/api/categories')
    expect(status).toBe(200)
    expect(body.data.map((category) => category.name)).toEqual(['Instruments', 'MIDI Packs', 'Processors', 'Sample Packs', 'Tools'])
    expect(body.data.map((category) => category.slug)).toContain('sample-packs')
  })

  it('reads one category by slug, 404 for an unknown one', async () => {
    const found = await get<{ data: Category }>('/api/categories/instruments')
    expect(found.status).toBe(200)
    expect(found.body.data.name).toBe('Instruments')
    const missing = await get('/api/categories/nope')
    expect(missing.status).toBe(404)
    expect(missing.body).toEqual({ error: { message: 'Category not found', status: 404, code: 'NOT_FOUND' } })
  })

  it('has the seeded slugs in kebab-case', async () => {
    const rows = await t.database.db.select({ slug: categories.slug }).from(categories)
    expect(rows.map((row) => row.slug).sort()).toEqual(['instruments', 'midi-packs', 'processors', 'sample-packs', 'tools'])
  })
})

describe('GET /api/catalog/sections', () => {
  it('answers every category in store order with the same newest products its own list shows, and its count', async () => {
    const sections = (await t.app.inject('/api/catalog/sections')).json().data as { category: { slug: string }; products: { id: string }[]; total: number }[]
    const categories = (await t.app.inject('/api/categories')).json().data as { slug: string }[]
    expect(sections.map((section) => section.category.slug)).toEqual(categories.map((category) => category.slug))
    for (const section of sections) {
      const own = (await t.app.inject(`/api/products?category=${section.category.slug}&limit=3`)).json()
      expect({ slug: section.category.slug, ids: section.products.map((product) => product.id), total: section.total }).toEqual({
        slug: section.category.slug,
        ids: own.data.map((product: { id: string }) => product.id),
        total: own.total,
      })
      for (const product of section.products) expect(product).not.toHaveProperty('previewPeaks')
    }
    expect(sections.some((section) => section.products.length === 3)).toBe(true)
  })
})
