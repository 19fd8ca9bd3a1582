/**
 * The owner's orders: the list filtered by status, buyer email and dates; one order with its
 * items, provider ids and download log (time, address, browser); refunding one item through
 * the provider (its downloads end, the other item's go on); adding downloads; sending the
 * receipt again; and each action in the order's audit trail.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { receiptsFor, useFakePayments } from '../../../tests/support/checkout-fixtures.ts'
import { productsWithFiles, requestGrant } from '../../../tests/support/downloads.ts'
import { createCompletedOrder } from '../../../tests/support/orders.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import type { AdminOrder } from '../../shared/contract/admin-orders.ts'
import { orderNumberOf } from '../../shared/contract/checkout.ts'
import { orders, type ProductRow } from '../db/schema.ts'
import type { FakePaymentProvider } from '../../../tests/support/fake-payment-provider.ts'

const OWNER = uniqueEmail('owner')
let t: TestApp
let owner: SignedInUser
let fake: FakePaymentProvider
let packs: ProductRow[]

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  owner = await createSignedInUser(t, { email: OWNER })
  fake = useFakePayments(t)
  packs = (await productsWithFiles(t, 6)).filter((product) => product.priceCents > 0).slice(0, 2)
})
afterAll(async () => t?.close())

function admin(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: { origin: t.config.publicUrl, cookie: owner.cookie }, ...(payload ? { payload } : {}) })
}

/** A buyer's paid order of both packs, paid at the (fake) provider under this payment id. */
async function paidOrder(email = uniqueEmail('buyer'), createdAt = new Date()) {
  const buyer = await createSignedInUser(t, { email })
  const order = await createCompletedOrder(t, { userId: buyer.id, productIds: packs.map((pack) => pack.id), createdAt })
  const paymentIntentId = `pi_test_${order.orderId.slice(0, 8)}`
  await t.database.db
    .update(orders)
    .set({ customerEmail: email, paymentIntentId, paymentSessionId: `cs_test_${order.orderId.slice(0, 8)}` })
    .where(eq(orders.id, order.orderId))
  fake.refunds.set(paymentIntentId, [])
  return { buyer, email, paymentIntentId, ...order }
}

describe('the order list', () => {
  it('filters by buyer email, status and the days it was placed', async () => {
    const march = await paidOrder(uniqueEmail('march-buyer'), new Date('2026-03-10T12:00:00Z'))
    await paidOrder(uniqueEmail('april-buyer'), new Date('2026-04-02T12:00:00Z'))

    const byEmail = (await admin('GET', `/api/admin/orders?email=${encodeURIComponent(march.email.slice(0, 18))}`)).json()
    expect(byEmail.data).toEqual([
      expect.objectContaining({
        id: march.orderId,
        orderNumber: orderNumberOf(march.orderId),
        customerEmail: march.email,
        status: 'COMPLETED',
        items: 2,
        totalAmountCents: packs[0]!.priceCents + packs[1]!.priceCents,
      }),
    ])
    const inMarch = (await admin('GET', '/api/admin/orders?from=2026-03-01&to=2026-03-31')).json()
    expect(inMarch.data.map((row: { id: string }) => row.id)).toEqual([march.orderId])
    expect((await admin('GET', '/api/admin/orders?status=REFUNDED&from=2026-03-01&to=2026-04-30')).json().total).toBe(0)
    expect((await admin('GET', '/api/admin/orders?status=COMPLETED&from=2026-03-01&to=2026-04-30')).json().total).toBe(2)

    const backwards = await admin('GET', '/api/admin/orders?from=2026-04-01&to=2026-03-01')
    expect(backwards.statusCode).toBe(400)
    expect(backwards.json().error.message).toContain('The last day must not be before the first')
  })
})

describe('one order', () => {
  it('shows the items, the provider ids and every download with its time, file version, address and browser', async () => {
    const paid = await paidOrder()
    const item = paid.items[0]!
    const granted = await requestGrant(
      t,
      { orderItemId: item.id, productId: item.productId },
      { user: paid.buyer, remoteAddress: '203.0.113.77', userAgent: 'Mozilla/5.0 (Macintosh) Chrome/131' },
    )
    expect(granted.statusCode).toBe(200)

    const order = (await admin('GET', `/api/admin/orders/${paid.orderId}`)).json().data as AdminOrder
    expect(order).toMatchObject({
      customerEmail: paid.email,
      paymentIntentId: paid.paymentIntentId,
      paymentSessionId: expect.stringMatching(/^cs_test_/),
      refundable: true,
    })
    expect(order.items.find((line) => line.id === item.id)).toMatchObject({
      name: packs.find((pack) => pack.id === item.productId)!.name,
      downloadsRemaining: item.downloadsRemaining - 1,
      refundable: true,
    })
    const pack = packs.find((entry) => entry.id === item.productId)!
    expect(order.downloads).toEqual([
      {
        at: expect.any(String),
        orderItemId: item.id,
        productName: order.items.find((line) => line.id === item.id)!.name,
        fileVersion: pack.liveFileVersion,
        ipAddress: '203.0.113.77',
        userAgent: 'Mozilla/5.0 (Macintosh) Chrome/131',
      },
    ])
  })

  it('is 404 for an unknown id and 400 for something that is not an id', async () => {
    expect((await admin('GET', '/api/admin/orders/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
    const malformed = await admin('GET', '/api/admin/orders/not-an-id')
    expect(malformed.json()).toEqual({ error: { message: 'id must be a record id (UUID)', status: 400, code: 'VALIDATION_ERROR', field: 'id' } })
  })
})

describe('the order actions', () => {
  it('refunds one item through the provider: its downloads end, the other item\u2019s go on, and the trail names the owner', async () => {
    const paid = await paidOrder()
    const [refunded, kept] = paid.items
    const response = await admin('POST', `/api/admin/orders/${paid.orderId}/refund`, { orderItemIds: [refunded!.id], reason: 'Bought by mistake' })
    expect(response.statusCode).toBe(200)
    const order = response.json().data as AdminOrder
    expect(fake.refundCalls.at(-1)).toMatchObject({ paymentIntentId: paid.paymentIntentId, amountCents: refunded!.priceCents })
    expect(order.status).toBe('PARTIALLY_REFUNDED')
    expect(order.items.find((line) => line.id === refunded!.id)).toMatchObject({ access: { state: 'revoked', reason: 'refunded' }, refundable: false })
    expect(order.items.find((line) => line.id === kept!.id)).toMatchObject({ access: { state: 'active' }, refundable: true })
    expect(order.history[0]).toMatchObject({ action: 'order.refund', actorEmail: OWNER })

    expect((await requestGrant(t, { orderItemId: refunded!.id, productId: refunded!.productId }, { user: paid.buyer })).json().error.code).toBe('ACCESS_DENIED')
    expect((await requestGrant(t, { orderItemId: kept!.id, productId: kept!.productId }, { user: paid.buyer })).statusCode).toBe(200)

    const again = await admin('POST', `/api/admin/orders/${paid.orderId}/refund`, { orderItemIds: [refunded!.id] })
    expect(again.statusCode).toBe(409)
    expect(again.json().error.code).toBe('ITEM_NOT_REFUNDABLE')
  })

  it('adds downloads to an item in one step, recorded before → after', async () => {
    const paid = await paidOrder()
    const item = paid.items[0]!
    const response = await admin('POST', `/api/admin/orders/${paid.orderId}/items/${item.id}/downloads`, { downloads: 2 })
    expect(response.statusCode).toBe(200)
    const order = response.json().data as AdminOrder
    expect(order.items.find((line) => line.id === item.id)!.downloadsRemaining).toBe(item.downloadsRemaining + 2)
    expect(order.history[0]).toMatchObject({
      action: 'order.add_downloads',
      changes: expect.arrayContaining([{ field: 'downloadsRemaining', before: String(item.downloadsRemaining), after: String(item.downloadsRemaining + 2) }]),
    })

    const tooMany = await admin('POST', `/api/admin/orders/${paid.orderId}/items/${item.id}/downloads`, { downloads: 500 })
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().error.message).toContain('Downloads to add must be a whole number from 1 to 100')
    const otherOrder = await paidOrder()
    expect((await admin('POST', `/api/admin/orders/${otherOrder.orderId}/items/${item.id}/downloads`, { downloads: 1 })).statusCode).toBe(404)
  })

  it('sends the receipt again to the order\u2019s email', async () => {
    const paid = await paidOrder()
    const before = (await receiptsFor(t, paid.orderId)).length
    const response = await admin('POST', `/api/admin/orders/${paid.orderId}/receipt`)
    expect(response.json()).toEqual({ data: { email: paid.email } })
    expect((await receiptsFor(t, paid.orderId)).length).toBe(before + 1)
    const order = (await admin('GET', `/api/admin/orders/${paid.orderId}`)).json().data as AdminOrder
    expect(order.history[0]).toMatchObject({ action: 'order.resend_receipt', actorEmail: OWNER })
  })
})
