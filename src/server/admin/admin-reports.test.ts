/**
 * The owner's dashboard and customers list: 30 days of figures with today's sales, downloads
 * and refunds counted, revenue without the tax collected (tax added on top or inside the prices,
 * a refund's tax share given back), the best sellers by revenue, and customers by what they
 * spent (refunds taken off); only an admin (made by ADMIN_EMAILS at sign-in) may read them.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { requestGrant, productsWithFiles } from '../../../tests/support/downloads.ts'
import { createCompletedOrder } from '../../../tests/support/orders.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { orderRefunds, orders, products, user, type ProductRow } from '../db/schema.ts'
import { createOrderReportsService } from '../orders/order-reports.service.ts'
import type { OrderTaxDetails } from '../../shared/tax/tax-types.ts'
import { lastDays } from './admin-reports.routes.ts'

const OWNER = uniqueEmail('owner')
let t: TestApp
let owner: SignedInUser
let cheap: ProductRow
let dear: ProductRow

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  owner = await createSignedInUser(t, { email: OWNER })
  const priced = (await productsWithFiles(t, 10)).filter((product) => product.priceCents > 0).sort((a, b) => a.priceCents - b.priceCents)
  cheap = priced[0]!
  dear = priced.at(-1)!
})
afterAll(async () => t?.close())

const get = (url: string, who?: SignedInUser) => t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} })

describe('who may read the reports', () => {
  it('an ADMIN_EMAILS account is an admin from its first sign-in; a guest gets 401 and a shopper 403', async () => {
    const [row] = await t.database.db.select({ role: user.role }).from(user).where(eq(user.id, owner.id))
    expect(row?.role).toBe('admin')
    const shopper = await createSignedInUser(t)
    for (const url of ['/api/admin/dashboard', '/api/admin/customers']) {
      expect((await get(url)).statusCode).toBe(401)
      const refused = await get(url, shopper)
      expect(refused.statusCode).toBe(403)
      expect(refused.json()).toEqual({ error: { message: 'Admin access required', status: 403, code: 'FORBIDDEN' } })
      expect((await get(url, owner)).headers['cache-control']).toBe('no-store')
    }
  })
})

describe('GET /api/admin/dashboard', () => {
  it("counts today's paid orders, revenue after refunds, downloads and refunds, over 30 days ending today", async () => {
    const before = (await get('/api/admin/dashboard', owner)).json().data
    const buyer = await createSignedInUser(t)
    const paid = await createCompletedOrder(t, { userId: buyer.id, productIds: [cheap.id, dear.id] })
    await createCompletedOrder(t, { userId: buyer.id, productIds: [cheap.id], status: 'PENDING' })
    await t.database.db.insert(orderRefunds).values({ id: `re_dash_${paid.orderId}`, orderId: paid.orderId, amountCents: 500, status: 'succeeded' })
    await t.database.db.update(orders).set({ refundedCents: 500, status: 'PARTIALLY_REFUNDED' }).where(eq(orders.id, paid.orderId))
    expect(
      (await requestGrant(t, { orderItemId: paid.items.find((item) => item.productId === dear.id)!.id, productId: dear.id }, { user: buyer })).statusCode,
    ).toBe(200)

    const response = await get('/api/admin/dashboard', owner)
    expect(response.statusCode).toBe(200)
    const { days, totals, topProducts } = response.json().data as {
      days: { day: string; orders: number; revenueCents: number; downloads: number }[]
      totals: { orders: number; revenueCents: number; downloads: number; refunds: number; refundedCents: number }
      topProducts: { productId: string; name: string; units: number; revenueCents: number }[]
    }
    expect(days.map((day) => day.day)).toEqual(lastDays(30))
    const today = days.at(-1)!
    const todayBefore = before.days.at(-1)
    expect(today.orders - todayBefore.orders).toBe(1)
    expect(today.revenueCents - todayBefore.revenueCents).toBe(cheap.priceCents + dear.priceCents - 500)
    expect(today.downloads - todayBefore.downloads).toBe(1)
    expect(totals.refunds - before.totals.refunds).toBe(1)
    expect(totals.refundedCents - before.totals.refundedCents).toBe(500)
    expect(totals.orders).toBe(days.reduce((sum, day) => sum + day.orders, 0))
    const revenues = topProducts.map((product) => product.revenueCents)
    expect(revenues).toEqual([...revenues].sort((a, b) => b - a))
    expect(topProducts.find((product) => product.productId === dear.id)?.name).toBe(dear.name)
  })
})

describe('revenue without tax', () => {
  const FLAT = { mode: 'flat', label: 'Estimated tax (8%)', country: null, rateBasisPoints: 800 } as const
  const GERMAN_VAT = { mode: 'by-country', label: 'VAT 19%', country: 'DE', rateBasisPoints: 1900 } as const
  /** A paid order charged `taxCents` on top of (or, with `pricesIncludeTax`, inside) its items' prices. */
  async function taxedOrder(buyer: SignedInUser, product: ProductRow, taxCents: number, pricesIncludeTax = false) {
    const order = await createCompletedOrder(t, { userId: buyer.id, productIds: [product.id] })
    const totalAmountCents = pricesIncludeTax ? product.priceCents : product.priceCents + taxCents
    const taxDetails: OrderTaxDetails = {
      ...(pricesIncludeTax ? GERMAN_VAT : FLAT),
      pricesIncludeTax,
      reverseCharge: false,
      region: null,
      vatNumber: null,
      vatCheck: null,
      evidence: { billingCountry: null, ipCountry: null, cardCountry: null, conflict: false },
    }
    await t.database.db.update(orders).set({ taxCents, totalAmountCents, taxDetails }).where(eq(orders.id, order.orderId))
    return { ...order, totalAmountCents }
  }
  const today = async () => (await get('/api/admin/dashboard', owner)).json().data.days.at(-1) as { orders: number; revenueCents: number }

  it('a $21.59 order with $1.60 estimated tax adds $19.99 of revenue; a refund takes back its net part only', async () => {
    const buyer = await createSignedInUser(t)
    const [product] = await t.database.db.select().from(products).where(eq(products.priceCents, 1999)).limit(1)
    const before = await today()
    const order = await taxedOrder(buyer, product!, 160)
    expect(order.totalAmountCents).toBe(2159)
    const after = await today()
    expect(after.orders - before.orders).toBe(1)
    expect(after.revenueCents - before.revenueCents).toBe(1999)

    // $5.00 back of $21.59: its tax share is round(500 × 160 / 2159) = 37 cents, so revenue falls by $4.63.
    await t.database.db.update(orders).set({ refundedCents: 500, status: 'PARTIALLY_REFUNDED' }).where(eq(orders.id, order.orderId))
    expect((await today()).revenueCents - before.revenueCents).toBe(1999 - 463)
    await t.database.db.update(orders).set({ refundedCents: 2159, status: 'REFUNDED' }).where(eq(orders.id, order.orderId))
    expect((await today()).revenueCents - before.revenueCents).toBe(0)
  })

  it('tax inside the prices is carved out of the day and of the best sellers', async () => {
    const buyer = await createSignedInUser(t)
    const reports = createOrderReportsService(t.database.db)
    const since = new Date(Date.now() - 60_000)
    const product = dear
    const tax = Math.round((product.priceCents * 1900) / 11900)
    const sold = async () => (await reports.topProducts(since, 100)).find((row) => row.productId === product.id)?.revenueCents ?? 0
    const [before, soldBefore] = [await today(), await sold()]
    await taxedOrder(buyer, product, tax, true)
    expect((await today()).revenueCents - before.revenueCents).toBe(product.priceCents - tax)
    expect((await sold()) - soldBefore).toBe(product.priceCents - tax)
  })
})

describe('best sellers count what was paid', () => {
  it('a 25% promo code on a two-line order takes its share off each line, not off the order alone', async () => {
    const buyer = await createSignedInUser(t)
    const reports = createOrderReportsService(t.database.db)
    const since = new Date(Date.now() - 60_000)
    const revenueOf = async (productId: string) => (await reports.topProducts(since, 100)).find((row) => row.productId === productId)?.revenueCents ?? 0
    const [cheapBefore, dearBefore] = [await revenueOf(cheap.id), await revenueOf(dear.id)]
    const order = await createCompletedOrder(t, { userId: buyer.id, productIds: [cheap.id, dear.id] })
    const subtotal = cheap.priceCents + dear.priceCents
    const discount = Math.round(subtotal / 4)
    await t.database.db
      .update(orders)
      .set({ discountCents: discount, totalAmountCents: subtotal - discount })
      .where(eq(orders.id, order.orderId))
    const share = (priceCents: number) => Math.round((priceCents * (subtotal - discount)) / subtotal)
    expect((await revenueOf(cheap.id)) - cheapBefore).toBe(share(cheap.priceCents))
    expect((await revenueOf(dear.id)) - dearBefore).toBe(share(dear.priceCents))
  })
})

describe('GET /api/admin/customers', () => {
  it('lists each buyer once with order count and what they spent after refunds, most first, and finds them by part of the email', async () => {
    const big = await createSignedInUser(t, { email: uniqueEmail('bigspender') })
    const small = await createSignedInUser(t, { email: uniqueEmail('smallspender') })
    await createCompletedOrder(t, { userId: big.id, productIds: [dear.id] })
    await createCompletedOrder(t, { userId: big.id, productIds: [cheap.id] })
    await createCompletedOrder(t, { userId: small.id, productIds: [cheap.id] })
    await createCompletedOrder(t, { userId: small.id, productIds: [dear.id], status: 'FAILED' })

    const response = await get('/api/admin/customers?limit=100', owner)
    expect(response.statusCode).toBe(200)
    const { data } = response.json() as { data: { email: string; userId: string | null; orders: number; spentCents: number }[] }
    const spent = data.map((customer) => customer.spentCents)
    expect(spent).toEqual([...spent].sort((a, b) => b - a))
    // The test orders are addressed to `${userId}@example.com`.
    expect(data.find((customer) => customer.userId === big.id)).toMatchObject({ orders: 2, spentCents: dear.priceCents + cheap.priceCents })
    expect(data.find((customer) => customer.userId === small.id)).toMatchObject({ orders: 1, spentCents: cheap.priceCents })

    const found = (await get(`/api/admin/customers?search=${encodeURIComponent(big.id.slice(0, 12))}`, owner)).json()
    expect(found.data.map((customer: { userId: string }) => customer.userId)).toEqual([big.id])
    expect(found.total).toBe(1)
  })

  it('refuses a page size past the limit with 400', async () => {
    expect((await get('/api/admin/customers?limit=1000', owner)).statusCode).toBe(400)
  })
})
