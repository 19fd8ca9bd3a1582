/**
 * Refunds and disputes reaching an order through signed provider events (the fake provider):
 * unknown events change nothing; refunds revoke exactly the items they cover, in any order of
 * events, however often they come, even before the payment's own event; disputes suspend,
 * then restore or revoke; a refund the store starts goes through the provider with our
 * metadata and revokes at once. Concurrent deliveries are real on PostgreSQL.
 */
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createSession, deliverEvent, itemsOf, orderById, useFakePayments } from '../../../tests/support/checkout-fixtures.ts'
import { fetchDownload, grantUrl, productsWithFiles, requestGrant } from '../../../tests/support/downloads.ts'
import { orderServicesOf } from '../../../tests/support/orders.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { cartItems, orderRefunds, orders, processedPaymentEvents, type ProductRow } from '../db/schema.ts'
import type { FakePaymentProvider } from '../../../tests/support/fake-payment-provider.ts'
import type { PaymentCheckoutSession } from '../payments/provider.ts'

let t: TestApp
let fake: FakePaymentProvider
let cheap: ProductRow
let dear: ProductRow
let address = 0
const nextAddress = () => `198.51.100.${(address = (address % 250) + 1)}`

beforeAll(async () => {
  t = await createTestApp()
  fake = useFakePayments(t)
  const withFiles = await productsWithFiles(t, 12)
  const priced = withFiles.filter((product) => product.priceCents > 0).sort((a, b) => a.priceCents - b.priceCents)
  cheap = priced[0]!
  dear = priced.at(-1)!
  expect(dear.priceCents).toBeGreaterThan(cheap.priceCents)
})
afterAll(async () => t?.close())

interface PaidOrder {
  buyer: SignedInUser
  orderId: string
  session: PaymentCheckoutSession
  paymentIntentId: string
  itemOf: (product: ProductRow) => { orderItemId: string; productId: string }
}

/** A signed-in buyer's cart of the cheap and the dear pack, checked out and paid at the provider; completed unless told not to. */
async function paidOrder({ complete = true } = {}): Promise<PaidOrder> {
  const buyer = await createSignedInUser(t)
  await t.database.db.insert(cartItems).values([cheap, dear].map((product) => ({ userId: buyer.id, productId: product.id, quantity: 1 })))
  const created = await createSession(t, { checkoutType: 'cart', userId: buyer.id }, { cookie: buyer.cookie, remoteAddress: nextAddress() })
  const session = fake.pay(created.sessionId)
  if (complete) expect((await deliverEvent(t, fake, 'checkout.session.completed', session)).statusCode).toBe(200)
  const items = await itemsOf(t, created.orderId)
  return {
    buyer,
    orderId: created.orderId,
    session,
    paymentIntentId: session.paymentIntentId!,
    itemOf: (product) => ({ orderItemId: items.find((item) => item.productId === product.id)!.id, productId: product.id }),
  }
}

function post(type: string, object: Record<string, unknown>, eventId?: string) {
  const { payload, headers } = fake.signedObjectEvent(type, object, eventId ? { eventId } : {})
  return t.app.inject({ method: 'POST', url: '/api/webhooks/payments', headers, payload })
}

const chargeRefunded = (order: PaidOrder, eventId?: string) =>
  post('charge.refunded', { id: `ch_${order.paymentIntentId}`, object: 'charge', payment_intent: order.paymentIntentId, metadata: {} }, eventId)

const disputeEvent = (order: PaidOrder, type: string, id: string, status: string) =>
  post(type, {
    id,
    object: 'dispute',
    amount: order.session.amountTotalCents,
    charge: `ch_${order.paymentIntentId}`,
    payment_intent: order.paymentIntentId,
    status,
    reason: 'fraudulent',
  })

async function accessOf(orderId: string) {
  const items = await itemsOf(t, orderId)
  return Object.fromEntries(items.map((item) => [item.productId === dear.id ? 'dear' : 'cheap', `${item.access}:${item.accessReason ?? '-'}`]))
}

/** What the buyer's hub and a grant say about one of their items. */
async function grantStatus(order: PaidOrder, product: ProductRow): Promise<[number, string | undefined]> {
  const response = await requestGrant(t, order.itemOf(product), { user: order.buyer })
  return [response.statusCode, response.json().error?.code]
}

describe('events the store does not act on', () => {
  it('an unknown signed event answers 200 and writes nothing', async () => {
    const order = await paidOrder()
    const before = await t.database.db.select().from(processedPaymentEvents)
    const response = await post('customer.created', { id: 'cus_123', object: 'customer', email: 'someone@example.com' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ received: true })
    expect(await t.database.db.select().from(processedPaymentEvents)).toHaveLength(before.length)
    expect((await orderById(t, order.orderId)).status).toBe('COMPLETED')
  })

  it('a refund of a payment the provider does not know answers 200 and writes nothing', async () => {
    const response = await post('charge.refunded', { id: 'ch_elsewhere', object: 'charge', payment_intent: 'pi_not_ours', metadata: {} })
    expect(response.statusCode).toBe(200)
    expect(await t.database.db.select().from(orderRefunds).where(eq(orderRefunds.id, 'pi_not_ours'))).toEqual([])
  })
})

describe('refunds', () => {
  it('a full refund delivered three times at once and before the payment event leaves one REFUNDED order with no usable download', async () => {
    const order = await paidOrder({ complete: false })
    fake.refundAtProvider(order.paymentIntentId, order.session.amountTotalCents)
    const answers = await Promise.all([chargeRefunded(order, 'evt_refund_a'), chargeRefunded(order, 'evt_refund_a'), chargeRefunded(order, 'evt_refund_b')])
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200])
    expect((await orderById(t, order.orderId)).status).toBe('PENDING')

    expect((await deliverEvent(t, fake, 'checkout.session.completed', order.session)).statusCode).toBe(200)
    const refunded = await orderById(t, order.orderId)
    expect(refunded.status).toBe('REFUNDED')
    expect(refunded.refundedCents).toBe(order.session.amountTotalCents)
    expect(await accessOf(order.orderId)).toEqual({ cheap: 'revoked:refunded', dear: 'revoked:refunded' })
    expect(await t.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.orderId))).toHaveLength(1)
    expect(await grantStatus(order, dear)).toEqual([403, 'ACCESS_DENIED'])
    expect(await grantStatus(order, cheap)).toEqual([403, 'ACCESS_DENIED'])
  })

  it('a refund after a download revokes the item: the link minted before no longer sends the file, and the hub says why', async () => {
    const order = await paidOrder()
    const { downloadUrl } = await grantUrl(t, order.buyer, order.itemOf(dear))
    expect((await fetchDownload(t, downloadUrl, {}, 'HEAD')).statusCode).toBe(200)

    fake.refundAtProvider(order.paymentIntentId, order.session.amountTotalCents)
    expect((await chargeRefunded(order)).statusCode).toBe(200)

    const stale = await fetchDownload(t, downloadUrl)
    expect(stale.statusCode).toBe(403)
    expect(stale.json().error.code).toBe('ACCESS_DENIED')
    expect(stale.headers['content-disposition']).toBeUndefined()
    const purchases = (await t.app.inject({ method: 'GET', url: '/api/purchases', headers: { cookie: order.buyer.cookie } })).json().data as {
      id: string
      access: { state: string; reason: string; since: string }
    }[]
    const revoked = purchases.find((purchase) => purchase.id === order.itemOf(dear).orderItemId)!
    expect(revoked.access).toMatchObject({ state: 'revoked', reason: 'refunded' })
    expect(Date.parse(revoked.access.since)).toBeGreaterThan(Date.now() - 60_000)
    // A refunded product is no longer owned: the shopper may buy it again.
    const owned = (await t.app.inject({ method: 'GET', url: '/api/purchases/owned-products', headers: { cookie: order.buyer.cookie } })).json().data as string[]
    expect(owned).not.toContain(dear.id)
  })

  it('a partial refund made at the provider revokes exactly the items it pays back, most expensive first', async () => {
    const order = await paidOrder()
    const dearShare = Math.floor((dear.priceCents * order.session.amountTotalCents) / (dear.priceCents + cheap.priceCents))
    fake.refundAtProvider(order.paymentIntentId, dearShare)
    expect((await chargeRefunded(order)).statusCode).toBe(200)

    const row = await orderById(t, order.orderId)
    expect(row.status).toBe('PARTIALLY_REFUNDED')
    expect(row.refundedCents).toBe(dearShare)
    expect(await accessOf(order.orderId)).toEqual({ cheap: 'active:-', dear: 'revoked:refunded' })
    expect(await grantStatus(order, dear)).toEqual([403, 'ACCESS_DENIED'])
    expect((await requestGrant(t, order.itemOf(cheap), { user: order.buyer })).statusCode).toBe(200)
  })

  it('a refund that fails later gives the downloads back (refund.updated changes the outcome)', async () => {
    const order = await paidOrder()
    const refund = fake.refundAtProvider(order.paymentIntentId, order.session.amountTotalCents, { status: 'pending' })
    expect((await chargeRefunded(order)).statusCode).toBe(200)
    expect((await orderById(t, order.orderId)).status).toBe('REFUNDED')

    const failed = fake.updateRefund(refund.id, 'failed')
    const response = await post('refund.updated', {
      id: failed.id,
      object: 'refund',
      amount: failed.amountCents,
      payment_intent: order.paymentIntentId,
      status: 'failed',
      reason: null,
      metadata: {},
    })
    expect(response.statusCode).toBe(200)
    expect((await orderById(t, order.orderId)).status).toBe('COMPLETED')
    expect(await accessOf(order.orderId)).toEqual({ cheap: 'active:-', dear: 'active:-' })
    // An older charge.refunded delivered late reads the provider's current truth: still failed.
    expect((await chargeRefunded(order)).statusCode).toBe(200)
    expect((await orderById(t, order.orderId)).status).toBe('COMPLETED')
  })
})

describe('a refund the store starts', () => {
  const afterSale = () => orderServicesOf(t).afterSale

  it('refunds one item through the provider with our metadata, revokes it at once, and the provider event later changes nothing', async () => {
    const order = await paidOrder()
    const { orderItemId } = order.itemOf(cheap)
    const refunded = await afterSale().refundOrder({ orderId: order.orderId, orderItemIds: [orderItemId], reason: 'Bought twice by mistake' })

    expect(refunded.status).toBe('PARTIALLY_REFUNDED')
    const call = fake.refundCalls.at(-1)!
    expect(call).toMatchObject({
      paymentIntentId: order.paymentIntentId,
      metadata: { orderId: order.orderId, orderItemIds: orderItemId, reason: 'Bought twice by mistake' },
    })
    expect(call.amountCents).toBe(Math.floor((cheap.priceCents * order.session.amountTotalCents) / (dear.priceCents + cheap.priceCents)))
    expect(await accessOf(order.orderId)).toEqual({ cheap: 'revoked:refunded', dear: 'active:-' })

    expect((await chargeRefunded(order)).statusCode).toBe(200)
    expect(await accessOf(order.orderId)).toEqual({ cheap: 'revoked:refunded', dear: 'active:-' })
    expect(await t.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.orderId))).toHaveLength(1)
  })

  it('refunding the rest gives back everything left and makes the order REFUNDED; a third refund is refused', async () => {
    const order = await paidOrder()
    await afterSale().refundOrder({ orderId: order.orderId, orderItemIds: [order.itemOf(dear).orderItemId], reason: '' })
    const rest = await afterSale().refundOrder({ orderId: order.orderId, reason: 'Customer request' })

    expect(rest.status).toBe('REFUNDED')
    expect(rest.refundedCents).toBe(order.session.amountTotalCents)
    await expect(afterSale().refundOrder({ orderId: order.orderId, reason: '' })).rejects.toMatchObject({ status: 409, code: 'ORDER_NOT_REFUNDABLE' })
    // A request for one item that arrives after the whole order was refunded names it as refunded.
    await expect(afterSale().refundOrder({ orderId: order.orderId, orderItemIds: [order.itemOf(dear).orderItemId], reason: '' })).rejects.toMatchObject({
      status: 409,
      code: 'ITEM_NOT_REFUNDABLE',
      message: expect.stringMatching(/ is already refunded$/),
    })
  })

  it('refuses an item of another order and an order never paid, and answers 404 for an unknown order', async () => {
    const order = await paidOrder()
    const other = await paidOrder()
    await expect(afterSale().refundOrder({ orderId: order.orderId, orderItemIds: [other.itemOf(dear).orderItemId], reason: '' })).rejects.toMatchObject({
      status: 409,
      code: 'ITEM_NOT_REFUNDABLE',
    })
    const unpaid = await paidOrder({ complete: false })
    await expect(afterSale().refundOrder({ orderId: unpaid.orderId, reason: '' })).rejects.toMatchObject({ status: 409 })
    await expect(afterSale().refundOrder({ orderId: crypto.randomUUID(), reason: '' })).rejects.toMatchObject({ status: 404 })
    expect((await orderById(t, order.orderId)).status).toBe('COMPLETED')
  })
})

describe('disputes', () => {
  it('an open dispute suspends every item; won, it restores them', async () => {
    const order = await paidOrder()
    expect((await disputeEvent(order, 'charge.dispute.created', `dp_${order.orderId}`, 'needs_response')).statusCode).toBe(200)
    expect((await orderById(t, order.orderId)).status).toBe('DISPUTED')
    expect(await accessOf(order.orderId)).toEqual({ cheap: 'suspended:dispute_open', dear: 'suspended:dispute_open' })
    expect(await grantStatus(order, dear)).toEqual([403, 'ACCESS_DENIED'])

    expect((await disputeEvent(order, 'charge.dispute.closed', `dp_${order.orderId}`, 'won')).statusCode).toBe(200)
    expect((await orderById(t, order.orderId)).status).toBe('COMPLETED')
    expect(await accessOf(order.orderId)).toEqual({ cheap: 'active:-', dear: 'active:-' })
    expect((await requestGrant(t, order.itemOf(dear), { user: order.buyer })).statusCode).toBe(200)
  })

  it('a lost dispute revokes every item, and a late "created" event does not reopen it', async () => {
    const order = await paidOrder()
    const id = `dp_lost_${order.orderId}`
    expect((await disputeEvent(order, 'charge.dispute.closed', id, 'lost')).statusCode).toBe(200)
    expect((await disputeEvent(order, 'charge.dispute.created', id, 'needs_response')).statusCode).toBe(200)

    expect((await orderById(t, order.orderId)).status).toBe('DISPUTED')
    expect(await accessOf(order.orderId)).toEqual({ cheap: 'revoked:dispute_lost', dear: 'revoked:dispute_lost' })
    expect(await grantStatus(order, cheap)).toEqual([403, 'ACCESS_DENIED'])
    const licence = await t.app.inject({ method: 'GET', url: `/api/orders/${order.orderId}`, headers: { cookie: order.buyer.cookie } })
    expect(licence.json().data.licenceCode).toBeNull()
  })
})

describe.runIf(process.env.DATABASE_URL)('concurrent after-sale events on PostgreSQL', () => {
  it('a refund, a dispute and the payment event racing on one order end in one consistent state', async () => {
    const order = await paidOrder({ complete: false })
    const dearShare = Math.floor((dear.priceCents * order.session.amountTotalCents) / (dear.priceCents + cheap.priceCents))
    fake.refundAtProvider(order.paymentIntentId, dearShare)
    const answers = await Promise.all([
      chargeRefunded(order),
      chargeRefunded(order),
      deliverEvent(t, fake, 'checkout.session.completed', order.session),
      disputeEvent(order, 'charge.dispute.created', `dp_race_${order.orderId}`, 'needs_response'),
      chargeRefunded(order),
    ])
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200])
    expect((await orderById(t, order.orderId)).status).toBe('DISPUTED')
    expect(await accessOf(order.orderId)).toEqual({ cheap: 'suspended:dispute_open', dear: 'revoked:refunded' })

    expect((await disputeEvent(order, 'charge.dispute.closed', `dp_race_${order.orderId}`, 'won')).statusCode).toBe(200)
    const [row] = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, order.orderId), inArray(orders.status, ['PARTIALLY_REFUNDED'])))
    expect(row?.refundedCents).toBe(dearShare)
  })
})
