/**
 * Timed sales in the catalog's answers, with a clock the test moves (only Date is faked: the
 * database's NOTIFY and timers run as usual). A running sale prices the product page, the lists
 * and what checkout reads; the next answer after its end (same cache, nothing written) shows the
 * regular price again, and one after a scheduled start shows the sale price; Cache-Control never
 * lets a copy outlive the boundary. "On sale", the price filter and sorts, the discount sort and
 * the facet counts read the prices shoppers pay.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import type { Product, ProductList, ProductListItem } from '../../shared/contract/catalog.ts'
import { salePriceCents } from '../../shared/sales.ts'
import { products, sales, type ProductRow } from '../db/schema.ts'
import { createCatalogService } from './catalog.service.ts'

const HOUR = 3_600_000
let t: TestApp
let pool: ProductRow[]

beforeAll(async () => {
  t = await createTestApp()
  // Fixed-price products without a compare-at price, so the sale alone strikes their price.
  pool = (
    await t.database.db
      .select()
      .from(products)
      .where(and(eq(products.isActive, true), gt(products.priceCents, 1000), eq(products.onSale, false)))
  ).sort((a, b) => a.name.localeCompare(b.name))
  expect(pool.length).toBeGreaterThanOrEqual(6)
})
afterAll(async () => t?.close())
afterEach(async () => {
  vi.useRealTimers()
  await t.database.db.delete(sales)
  // The next test starts once the catalog has heard of the deletion (its NOTIFY drops the kept sales).
  await eventually(async () => (await Promise.all(pool.map((product) => productOf(product.id)))).every((product) => product.sale === null))
})

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers })
const productOf = async (id: string) => (await get(`/api/products/${id}`)).json().data as Product
const listOf = async (query: string) => (await get(`/api/products?limit=100&${query}`)).json() as ProductList
const itemIn = (list: ProductList, id: string) => list.data.find((item) => item.id === id)

/** Waits for the catalog to see a write (its NOTIFY clears the cache); counted in tries, since the faked clock does not move. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error('the change was not seen')
}

async function addSale(values: Partial<typeof sales.$inferInsert> & { startsAt: Date; endsAt: Date }) {
  const [row] = await t.database.db
    .insert(sales)
    .values({ name: 'Black Friday', scope: 'store', percentOff: 25, ...values })
    .returning()
  return row!
}

describe('a sale that ends while the store runs', () => {
  it('prices the page and the list while it runs; the next answer after its end shows the regular price', async () => {
    const now = Date.now()
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(now)
    const pack = pool[0]!
    const endsAt = new Date(now + 3 * HOUR)
    const sale = await addSale({ name: 'Weekend 25', scope: 'products', productIds: [pack.id], startsAt: new Date(now - HOUR), endsAt })
    const salePrice = salePriceCents(pack.priceCents, { percentOff: 25, amountOffCents: null })

    await eventually(async () => (await productOf(pack.id)).priceCents === salePrice)
    const page = await get(`/api/products/${pack.id}`)
    expect(page.json().data).toMatchObject({
      priceCents: salePrice,
      originalPriceCents: pack.priceCents,
      isOnSale: true,
      sale: { id: sale.id, name: 'Weekend 25', endsAt: endsAt.toISOString() },
    })
    expect(page.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600')
    expect(itemIn(await listOf('sortBy=name&sortOrder=asc'), pack.id)).toMatchObject({ priceCents: salePrice, originalPriceCents: pack.priceCents })
    // Checkout reads its prices here.
    const checkoutView = (await createCatalogService(t.database.db).activeProductsByIds([pack.id])).get(pack.id)
    expect(checkoutView).toMatchObject({ priceCents: salePrice, sale: { id: sale.id } })

    // 100 seconds before the end, a browser or CDN copy may not be used past it.
    vi.setSystemTime(endsAt.getTime() - 100_000)
    const late = await get(`/api/products/${pack.id}`)
    expect(late.json().data.priceCents).toBe(salePrice)
    expect(late.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=40')

    // The end: nothing written, the same cache; the next answers show the regular price.
    vi.setSystemTime(endsAt)
    const after = await get(`/api/products/${pack.id}`, { 'if-none-match': String(page.headers.etag) })
    expect(after.statusCode).toBe(200)
    expect(after.json().data).toMatchObject({ priceCents: pack.priceCents, originalPriceCents: null, isOnSale: false, sale: null })
    expect(itemIn(await listOf('sortBy=name&sortOrder=asc'), pack.id)).toMatchObject({ priceCents: pack.priceCents, sale: null })
    expect((await createCatalogService(t.database.db).activeProductsByIds([pack.id])).get(pack.id)?.priceCents).toBe(pack.priceCents)
    expect(await t.database.db.select({ endsAt: sales.endsAt, version: sales.version }).from(sales).where(eq(sales.id, sale.id))).toEqual([
      { endsAt, version: 1 },
    ])
  })

  it('starts on time too: a scheduled sale prices nothing before its start and the next answer at its start', async () => {
    const now = Date.now()
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(now)
    const pack = pool[1]!
    const startsAt = new Date(now + 2 * HOUR)
    await addSale({
      name: 'Tonight',
      scope: 'products',
      productIds: [pack.id],
      percentOff: null,
      amountOffCents: 500,
      startsAt,
      endsAt: new Date(now + 5 * HOUR),
    })
    // A sale running now on another product shows when the catalog has heard of the writes.
    const witness = pool[2]!
    await addSale({ name: 'Witness', scope: 'products', productIds: [witness.id], startsAt: new Date(now - HOUR), endsAt: new Date(now + 4 * HOUR) })
    await eventually(async () => (await productOf(witness.id)).sale !== null)
    expect(await productOf(pack.id)).toMatchObject({ priceCents: pack.priceCents, sale: null })

    vi.setSystemTime(startsAt)
    expect(await productOf(pack.id)).toMatchObject({ priceCents: pack.priceCents - 500, originalPriceCents: pack.priceCents, sale: { name: 'Tonight' } })
  })
})

describe('listing by the prices shoppers pay', () => {
  it('"On sale" lists what a running sale covers, and its facet count agrees', async () => {
    const [half, dollar] = [pool[2]!, pool[3]!]
    const before = await listOf('onSale=true&facets=1')
    expect(before.data.map((item) => item.id)).not.toContain(half.id)
    await addSale({
      name: 'Half',
      scope: 'products',
      productIds: [half.id],
      percentOff: 50,
      startsAt: new Date(Date.now() - HOUR),
      endsAt: new Date(Date.now() + HOUR),
    })
    await addSale({
      name: 'Dollar',
      scope: 'categories',
      categoryIds: [dollar.categoryId!],
      percentOff: null,
      amountOffCents: 100,
      startsAt: new Date(Date.now() - HOUR),
      endsAt: new Date(Date.now() + HOUR),
    })
    await eventually(async () => itemIn(await listOf('onSale=true'), half.id) !== undefined)
    const onSale = await listOf('onSale=true&facets=1')
    expect(itemIn(onSale, half.id)).toMatchObject({
      priceCents: salePriceCents(half.priceCents, { percentOff: 50, amountOffCents: null }),
      sale: { name: 'Half' },
    })
    expect(itemIn(onSale, dollar.id)).toMatchObject({ priceCents: dollar.priceCents - 100, sale: { name: 'Dollar' } })
    expect(onSale.data.every((item) => item.isOnSale)).toBe(true)
    expect(onSale.total).toBe(onSale.facets!.onSale)
    expect((await listOf('facets=1')).facets!.onSale).toBe(onSale.total)
    // Every product of the dollar sale's category is on sale now.
    const category = (await listOf(`category=${itemIn(onSale, dollar.id)!.category!.slug}`)).data
    expect(category.every((item) => item.isOnSale)).toBe(true)
  })

  it('the price filter, the price sort and the price facet use the sale price', async () => {
    const pack = pool[4]!
    await addSale({
      name: 'Deep cut',
      scope: 'products',
      productIds: [pack.id],
      percentOff: 90,
      startsAt: new Date(Date.now() - HOUR),
      endsAt: new Date(Date.now() + HOUR),
    })
    const salePrice = salePriceCents(pack.priceCents, { percentOff: 90, amountOffCents: null })
    await eventually(async () => itemIn(await listOf(`priceMax=${salePrice}`), pack.id) !== undefined)
    const cheap = await listOf(`priceMax=${salePrice}&facets=1`)
    expect(cheap.data.every((item) => item.priceCents <= salePrice)).toBe(true)
    expect(itemIn(await listOf(`priceMin=${pack.priceCents}`), pack.id)).toBeUndefined()
    expect((await listOf('facets=1')).facets!.price!.min).toBeLessThanOrEqual(salePrice)
    const byPrice = (await listOf('sortBy=price&sortOrder=asc')).data.map((item) => item.priceCents)
    expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b))
  })

  it('sorts by the biggest discount first: a sale’s share of the regular price, or a compare-at price’s', async () => {
    const [deep, mild] = [pool[5]!, pool[0]!]
    await addSale({
      name: 'Deep',
      scope: 'products',
      productIds: [deep.id],
      percentOff: 95,
      startsAt: new Date(Date.now() - HOUR),
      endsAt: new Date(Date.now() + HOUR),
    })
    await addSale({
      name: 'Mild',
      scope: 'products',
      productIds: [mild.id],
      percentOff: 5,
      startsAt: new Date(Date.now() - HOUR),
      endsAt: new Date(Date.now() + HOUR),
    })
    await eventually(async () => (await listOf('sortBy=discount')).data[0]?.id === deep.id)
    const listed = (await listOf('sortBy=discount&sortOrder=desc')).data
    const share = (item: ProductListItem) => (item.originalPriceCents ? (item.originalPriceCents - item.priceCents) / item.originalPriceCents : 0)
    const shares = listed.map(share)
    expect(shares).toEqual([...shares].sort((a, b) => b - a))
    expect(listed.findIndex((item) => item.id === mild.id)).toBeGreaterThan(0)
    expect(share(listed.at(-1)!)).toBe(0)
  })

  it('never prices a pay-what-you-want or a free product, even in a store-wide sale', async () => {
    const [pwyw, free] = [pool[1]!, pool[2]!]
    await t.database.db.update(products).set({ priceModel: 'pwyw', minPriceCents: 100 }).where(eq(products.id, pwyw.id))
    await t.database.db.update(products).set({ priceCents: 0 }).where(eq(products.id, free.id))
    try {
      await addSale({ name: 'Everything', scope: 'store', percentOff: 20, startsAt: new Date(Date.now() - HOUR), endsAt: new Date(Date.now() + HOUR) })
      await eventually(async () => (await productOf(pool[3]!.id)).sale !== null)
      expect(await productOf(pwyw.id)).toMatchObject({ priceCents: pwyw.priceCents, sale: null })
      expect(await productOf(free.id)).toMatchObject({ priceCents: 0, sale: null })
      const onSale = (await listOf('onSale=true')).data.map((item) => item.id)
      expect(onSale).not.toContain(pwyw.id)
      expect(onSale).not.toContain(free.id)
    } finally {
      await t.database.db
        .update(products)
        .set({
          priceModel: 'fixed',
          minPriceCents: null,
          priceCents: sql`case when ${products.id} = ${free.id} then ${free.priceCents} else ${products.priceCents} end`,
        })
        .where(inArray(products.id, [pwyw.id, free.id]))
    }
  })
})
