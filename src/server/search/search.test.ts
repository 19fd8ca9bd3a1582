/**
 * Search on the demo catalog, as shoppers use it through the store's engine: ranked and
 * typo-tolerant text search in GET /api/products, and the search box's suggestions. The two
 * engines are compared with each other in memory/catalog-index.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductList, SearchSuggestions } from '../../shared/contract/catalog.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

async function get<T>(url: string) {
  const response = await t.app.inject({ method: 'GET', url })
  return { status: response.statusCode, body: response.json() as T }
}

async function list(url: string): Promise<ProductList> {
  const { status, body } = await get<ProductList>(url)
  expect(status, JSON.stringify(body)).toBe(200)
  return body
}

describe('search', () => {
  it('finds Warehouse Techno first for "warehous techno" (a prefix, as typed)', async () => {
    const body = await list(`/api/products?q=${encodeURIComponent('warehous techno')}`)
    expect(body.data[0]!.name).toBe('Warehouse Techno')
  })

  it('tolerates a typo: "warehose" and "tehcno" still find it', async () => {
    expect((await list('/api/products?q=warehose')).data.map((product) => product.name)).toContain('Warehouse Techno')
    expect((await list(`/api/products?q=${encodeURIComponent('warehose techno')}`)).data[0]!.name).toBe('Warehouse Techno')
  })

  it('ranks a name or tag match above a description mention', async () => {
    // "trap" is the name of two products and a tag of more; others only mention it.
    const body = await list('/api/products?q=trap&limit=100')
    const first = body.data.slice(0, 2).map((product) => product.name)
    expect(first.every((name) => /trap/i.test(name))).toBe(true)
    const mentionsOnly = body.data.findIndex(
      (product) => !/trap/i.test(product.name) && !product.tags.includes('trap') && product.genre?.toLowerCase().includes('trap') !== true,
    )
    if (mentionsOnly >= 0) expect(mentionsOnly).toBeGreaterThan(1)
  })

  it('matches a word as it is being typed', async () => {
    const names = (await list('/api/products?q=kalim')).data.map((product) => product.name)
    expect(names).toContain('Crystal Kalimba')
  })

  it('combines with filters and sorts by another column when asked', async () => {
    const body = await list('/api/products?q=house&sortBy=price&sortOrder=asc&limit=100')
    const prices = body.data.map((product) => product.priceCents)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    expect(body.data.length).toBeGreaterThan(1)
  })

  it('finds nothing for words that are nowhere', async () => {
    const body = await list('/api/products?q=zzqxv')
    expect(body).toMatchObject({ data: [], total: 0, hasMore: false })
  })
})

describe('search suggestions', () => {
  it('offers products, categories and tags that match', async () => {
    const product = await get<{ data: SearchSuggestions }>('/api/search/suggestions?q=wareh')
    expect(product.body.data.products[0]).toMatchObject({ name: 'Warehouse Techno', categoryName: 'Sample Packs' })
    const category = await get<{ data: SearchSuggestions }>('/api/search/suggestions?q=sample')
    expect(category.body.data.categories.map((found) => found.slug)).toContain('sample-packs')
    const tag = await get<{ data: SearchSuggestions }>('/api/search/suggestions?q=tech')
    expect(tag.body.data.tags).toContain('techno')
  })

  it('offers nothing under 2 characters', async () => {
    const { status, body } = await get<{ data: SearchSuggestions }>('/api/search/suggestions?q=w')
    expect(status).toBe(200)
    expect(body.data).toEqual({ products: [], categories: [], tags: [] })
  })
})
