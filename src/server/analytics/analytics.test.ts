/**
 * The store's own visit counts and the owner's funnel: the storefront counts a product view or a
 * cart add with nothing but its kind (anything more is refused), an address that floods is cut
 * off, and the funnel puts the counts beside checkouts begun and orders paid in the chosen period
 * (free claims are not checkouts; an order paid before the period is not counted in it).
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createCompletedOrder } from '../../../tests/support/orders.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { orders, products, storeEventCounts } from '../db/schema.ts'
import { STORE_EVENT_LIMIT } from './analytics.routes.ts'

const OWNER = uniqueEmail('owner')
let t: TestApp
let owner: SignedInUser
let productId: string

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  owner = await createSignedInUser(t, { email: OWNER })
  const [product] = await t.database.db.select({ id: products.id }).from(products).limit(1)
  productId = product!.id
})
afterAll(async () => t?.close())

const send = (payload: unknown, ip = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url: '/api/store-events', headers: { origin: t.config.publicUrl }, payload: payload as object, remoteAddress: ip })
const funnel = async (query = '') => {
  const response = await t.app.inject({ method: 'GET', url: `/api/admin/funnel${query}`, headers: { cookie: owner.cookie } })
  expect(response.statusCode).toBe(200)
  return response.json().data as { from: string; to: string; productViews: number; cartAdds: number; checkoutsStarted: number; paidOrders: number }
}

describe('POST /api/store-events', () => {
  it('counts a product view and a cart add in today’s funnel', async () => {
    const before = await funnel('?days=1')
    expect((await send({ kind: 'product_view' })).statusCode).toBe(204)
    expect((await send({ kind: 'product_view' })).statusCode).toBe(204)
    expect((await send({ kind: 'cart_add' })).statusCode).toBe(204)
    const after = await funnel('?days=1')
    expect(after.productViews - before.productViews).toBe(2)
    expect(after.cartAdds - before.cartAdds).toBe(1)
  })

  it('keeps a day and a count and nothing else: a product, a visitor or an unknown kind is refused with 400', async () => {
    for (const payload of [{ kind: 'checkout' }, { kind: 'product_view', productId }, { kind: 'cart_add', visitor: 'abc' }, {}]) {
      const response = await send(payload)
      expect(response.statusCode).toBe(400)
      expect(response.json().error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' })
    }
    const columns = Object.keys((await t.database.db.select().from(storeEventCounts).limit(1))[0] ?? {})
    expect(columns.sort()).toEqual(['count', 'day', 'kind', 'slot'])
  })

  it('cuts off an address that sends more than a browsing session would, and not the others', async () => {
    const flooder = '198.51.100.99'
    for (let sent = 0; sent < STORE_EVENT_LIMIT.max; sent++) expect((await send({ kind: 'product_view' }, flooder)).statusCode).toBe(204)
    const refused = await send({ kind: 'product_view' }, flooder)
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error.message).toBe(STORE_EVENT_LIMIT.message)
    expect((await send({ kind: 'product_view' }, '198.51.100.100')).statusCode).toBe(204)
  })
})

describe('GET /api/admin/funnel', () => {
  it('counts checkouts begun and orders paid in the period, free claims left out', async () => {
    const before = await funnel('?days=7')
    const buyer = await createSignedInUser(t)
    await createCompletedOrder(t, { userId: buyer.id, productIds: [productId] })
    await createCompletedOrder(t, { userId: buyer.id, productIds: [productId], status: 'PENDING' })
    const claim = await createCompletedOrder(t, { userId: buyer.id, productIds: [productId] })
    await t.database.db.update(orders).set({ paymentProvider: 'free' }).where(eq(orders.id, claim.orderId))
    // Begun and paid 40 days ago: outside a 7-day period, inside a 90-day one.
    await createCompletedOrder(t, { userId: buyer.id, productIds: [productId], createdAt: new Date(Date.now() - 40 * 86_400_000) })

    const week = await funnel('?days=7')
    expect(week.checkoutsStarted - before.checkoutsStarted).toBe(2)
    expect(week.paidOrders - before.paidOrders).toBe(1)
    const quarter = await funnel('?days=90')
    expect(quarter.paidOrders - week.paidOrders).toBeGreaterThanOrEqual(1)
    expect(Date.parse(week.to) - Date.parse(week.from)).toBe(6 * 86_400_000)
  })

  it('defaults to 30 days and refuses a period the dashboard does not offer', async () => {
    const month = await funnel()
    expect(Date.parse(month.to) - Date.parse(month.from)).toBe(29 * 86_400_000)
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/funnel?days=5', headers: { cookie: owner.cookie } })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error.message).toContain('1, 7, 30, 90')
  })
})
