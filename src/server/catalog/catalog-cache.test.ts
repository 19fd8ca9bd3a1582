/**
 * The public catalog's answers from memory: an ETag and public caching headers, 304 for a
 * client that holds the answer, brotli or gzip as the client accepts, a change to the catalog
 * (through the owner API or by SQL) seen at once, and personal answers never marked cacheable.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser } from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { products } from '../db/schema.ts'
import { jsonOf } from './cached-answer.ts'
import { createCatalogCache } from './catalog-cache.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

const LIST = '/api/products?limit=10&sortBy=name&sortOrder=asc'
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers })

async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (const deadline = Date.now() + 2000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 20))) if (await check()) return
  throw new Error('the change was not seen within 2 s')
}

describe('cached catalog answers', () => {
  it('carry a strong ETag and public caching headers, and a matching If-None-Match gets 304 with no body', async () => {
    const first = await get(LIST)
    expect(first.statusCode).toBe(200)
    expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600')
    expect(first.headers.etag).toMatch(/^"[\w-]{27}"$/)
    expect(first.headers.vary).toContain('Accept-Encoding')
    const notModified = await get(LIST, { 'if-none-match': String(first.headers.etag) })
    expect(notModified.statusCode).toBe(304)
    expect(notModified.body).toBe('')
    expect((await get(LIST, { 'if-none-match': '"something-else"' })).statusCode).toBe(200)
  })

  it('answer an address asked again as they answered it first: the same security and caching headers and bytes; a refused address stays refused', async () => {
    const first = await get(LIST, { 'accept-encoding': 'br' })
    const again = await get(LIST, { 'accept-encoding': 'br' })
    for (const name of [
      'content-security-policy',
      'x-content-type-options',
      'referrer-policy',
      'etag',
      'cache-control',
      'vary',
      'content-encoding',
      'content-type',
    ])
      expect(again.headers[name]).toBe(first.headers[name])
    expect(again.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true)
    for (let attempt = 0; attempt < 2; attempt++) expect((await get('/api/products?limit=0')).statusCode).toBe(400)
  })

  it('come compressed as the client accepts, the same JSON inside', async () => {
    const plain = await get(LIST)
    const br = await get(LIST, { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body)
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2)
    const gz = await get(LIST, { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body)
    expect((await get(LIST, { 'accept-encoding': 'br;q=0, identity' })).headers['content-encoding']).toBeUndefined()
  })

  it('show a product renamed by SQL at once: a database trigger clears the cache', async () => {
    const before = (await get(LIST)).json().data[0] as { id: string; name: string }
    const productBefore = await get(`/api/products/${before.id}`)
    await t.database.db
      .update(products)
      .set({ name: sql`'A ' || ${products.name}` })
      .where(eq(products.id, before.id))
    await eventually(async () => (await get(LIST)).json().data[0].name === `A ${before.name}`)
    const productAfter = await get(`/api/products/${before.id}`, { 'if-none-match': String(productBefore.headers.etag) })
    expect(productAfter.statusCode).toBe(200)
    expect(productAfter.json().data.name).toBe(`A ${before.name}`)
    await t.database.db.update(products).set({ name: before.name }).where(eq(products.id, before.id))
  })

  it('keep 404s out of the cache, and a hidden product is gone at once', async () => {
    expect((await get('/api/products/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
    const [shown] = (await get(LIST)).json().data as { id: string }[]
    expect((await get(`/api/products/${shown!.id}`)).statusCode).toBe(200)
    await t.database.db.update(products).set({ isActive: false }).where(eq(products.id, shown!.id))
    await eventually(async () => (await get(`/api/products/${shown!.id}`)).statusCode === 404)
    await t.database.db.update(products).set({ isActive: true }).where(eq(products.id, shown!.id))
  })
})

describe('personal answers', () => {
  it('are never marked cacheable: a signed-in cart, purchases and the session say no-store', async () => {
    const user = await createSignedInUser(t)
    for (const url of ['/api/cart', '/api/purchases', '/api/auth/get-session', '/api/orders']) {
      const response = await get(url, { cookie: user.cookie })
      expect({ url, cacheControl: response.headers['cache-control'] }).toEqual({ url, cacheControl: expect.stringMatching(/no-store/) })
      expect(response.headers.etag === undefined || !String(response.headers['cache-control']).includes('public')).toBe(true)
    }
  })
})

describe('the JSON of an answer', () => {
  it('is what JSON.stringify writes, whether joined from its list items or written whole', () => {
    const item = { id: 'a', name: 'Dusty Keys', priceCents: 1999, tags: ['lo-fi'], sale: null, gone: undefined }
    const bodies = [
      { data: [item, { ...item, id: 'b' }], total: 2, limit: 24, offset: 0, hasMore: false, facets: { genre: [{ value: 'House', count: 2 }] } },
      { data: [item] },
      { data: [] },
      { total: 1, data: [item] },
      { data: [item, new Date(0)] },
      { data: 'not a list' },
      [item],
      'text',
      null,
    ]
    for (const body of bodies) expect(jsonOf(body)).toBe(JSON.stringify(body))
  })

  it("reuses an item's JSON for the same item object, so kept items are written once", () => {
    const item = { id: 'a', name: 'Dusty Keys' }
    expect(jsonOf({ data: [item], total: 1 })).toBe('{"data":[{"id":"a","name":"Dusty Keys"}],"total":1}')
    // Kept list items are never changed in place: a changed product is a new item object.
    item.name = 'changed in place'
    expect(jsonOf({ data: [item], total: 1 })).toBe('{"data":[{"id":"a","name":"Dusty Keys"}],"total":1}')
    expect(jsonOf({ data: [{ ...item }], total: 1 })).toBe('{"data":[{"id":"a","name":"changed in place"}],"total":1}')
  })
})

describe('which answers are kept', () => {
  /** A producer that counts how often it is asked to make the answer. */
  function counted(body: unknown) {
    const made = { times: 0 }
    const produce = async () => {
      made.times++
      return body
    }
    return { made, produce }
  }

  it('keeps an answer from the second time its address is asked for, and never for an address asked once', async () => {
    const cache = createCatalogCache()
    const list = counted({ data: [{ id: 'a' }], total: 1 })
    const first = await cache.answer('list:a', list.produce, '/api/products?a')
    expect(cache.readyFor('/api/products?a')).toBeUndefined()
    const second = await cache.answer('list:a', list.produce, '/api/products?a')
    await cache.answer('list:a', list.produce, '/api/products?a')
    expect(list.made.times).toBe(2)
    expect(second.identity.equals(first.identity)).toBe(true)
    expect(second.etag).toBe(first.etag)
    expect(cache.readyFor('/api/products?a')?.etag).toBe(first.etag)
  })

  it('makes a first answer once for every ask that comes while it is being made', async () => {
    const cache = createCatalogCache()
    const list = counted({ data: [], total: 0 })
    const answers = await Promise.all([cache.answer('list:b', list.produce), cache.answer('list:b', list.produce), cache.answer('list:b', list.produce)])
    expect(list.made.times).toBe(1)
    expect(new Set(answers.map((answer) => answer.etag)).size).toBe(1)
  })

  it('does not let a stream of addresses asked once push out a kept answer', async () => {
    const cache = createCatalogCache()
    const home = counted({ data: [{ id: 'home' }], total: 1 })
    await cache.answer('list:home', home.produce, '/api/products?home')
    await cache.answer('list:home', home.produce, '/api/products?home')
    for (let i = 0; i < 3000; i++) await cache.answer(`list:once-${i}`, counted({ data: [], total: i }).produce, `/api/products?once=${i}`)
    expect(cache.readyFor('/api/products?home')).toBeDefined()
    await cache.answer('list:home', home.produce, '/api/products?home')
    expect(home.made.times).toBe(2)
  })
})
