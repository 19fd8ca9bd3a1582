/**
 * After the sale with the real built-in provider (no fake): a signed-in buyer pays two packs on
 * the built-in payment page, its signed webhooks complete the order, and then refunds (from the
 * provider's dashboard through the development routes, or started by the store) and disputes
 * reach the order, its items' download access, the hub's purchases and links minted before.
 * The development routes are absent in production.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, type SignedInUser } from '../../../../tests/support/accounts.ts'
import { createSession, itemsOf, orderById } from '../../../../tests/support/checkout-fixtures.ts'
import { fetchDownload, grantUrl, productsWithFiles, requestGrant } from '../../../../tests/support/downloads.ts'
import { deliverWebhooksInto, payBuiltinSession } from '../../../../tests/support/payments.ts'
import { orderServicesOf } from '../../../../tests/support/orders.ts'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'
import { orderRefunds, paymentRefunds, paymentWebhookDeliveries, processedPaymentEvents, refundRequests, type ProductRow } from '../../db/schema.ts'
import type { AfterSaleService } from '../../orders/after-sale.service.ts'

let t: TestApp
let orders: AfterSaleService
let cheap: ProductRow
let dear: ProductRow
let address = 0
const nextAddress = () => `198.51.100.${(address = (address % 250) + 1)}`

beforeAll(async () => {
  t = await createTestApp()
  const priced = (await productsWithFiles(t, 12)).filter((product) => product.priceCents > 0).sort((a, b) => a.priceCents - b.priceCents)
  cheap = priced[0]!
  dear = priced.at(-1)!
  expect(dear.priceCents).toBeGreaterThan(cheap.priceCents)
  // The app does not expose its orders services: build them as app.ts does.
  orders = orderServicesOf(t).afterSale
})
afterAll(async () => t?.close())

interface PaidOrder {
  buyer: SignedInUser
  orderId: string
  sessionId: string
  paymentIntentId: string
  totalCents: number
  /** What the buyer paid for the dear pack: its share of the total (tax spread in proportion), as refund-allocation.ts computes it. */
  dearShareCents: number
  cheapShareCents: number
  itemOf: (product: ProductRow) => { orderItemId: string; productId: string }
}

/** A signed-in buyer's direct checkout of the cheap and the dear pack, paid with 4242 on the built-in page, its webhooks delivered: COMPLETED. */
async function paidOrder(): Promise<PaidOrder> {
  const buyer = await createSignedInUser(t)
  const session = await createSession(
    t,
    {
      checkoutType: 'direct',
      userId: buyer.id,
      items: [
        { productId: cheap.id, quantity: 1 },
        { productId: dear.id, quantity: 1 },
      ],
    },
    { cookie: buyer.cookie, remoteAddress: nextAddress() },
  )
  expect((await payBuiltinSession(t.app, session.sessionId)).status).toBe(200)
  await deliverAll()
  const order = await orderById(t, session.orderId)
  expect(order.status).toBe('COMPLETED')
  expect(order.paymentIntentId).toMatch(/^pi_/)
  const items = await itemsOf(t, session.orderId)
  expect(items).toHaveLength(2)
  const share = (product: ProductRow) => Math.floor((product.priceCents * order.totalAmountCents) / order.subtotalCents)
  return {
    buyer,
    orderId: order.id,
    sessionId: session.sessionId,
    paymentIntentId: order.paymentIntentId!,
    totalCents: order.totalAmountCents,
    dearShareCents: share(dear),
    cheapShareCents: share(cheap),
    itemOf: (product) => ({ orderItemId: items.find((item) => item.productId === product.id)!.id, productId: product.id }),
  }
}

/** Delivers every due webhook into the app; each must be acknowledged (a 500 would leave it for a retry). */
async function deliverAll(): Promise<void> {
  const run = await deliverWebhooksInto(t.app)
  if (run.failed > 0) {
    const failures = await t.database.db
      .select({ type: paymentWebhookDeliveries.type, lastError: paymentWebhookDeliveries.lastError })
      .from(paymentWebhookDeliveries)
      .where(sql`${paymentWebhookDeliveries.deliveredAt} is null`)
    expect.fail(`${run.failed} webhook deliveries failed: ${JSON.stringify(failures)}`)
  }
}

/** POST to a development route as the store's page (its Origin). */
function devPost(app: TestApp, url: string, payload: Record<string, unknown> = {}) {
  return app.app.inject({ method: 'POST', url, headers: { origin: app.config.publicUrl }, payload })
}

const refundAtDashboard = (order: PaidOrder, payload: Record<string, unknown> = {}) =>
  devPost(t, `/api/dev/payments/sessions/${order.sessionId}/refund`, payload)

async function accessOf(orderId: string) {
  const items = await itemsOf(t, orderId)
  return Object.fromEntries(items.map((item) => [item.productId === dear.id ? 'dear' : 'cheap', `${item.access}:${item.accessReason ?? '-'}`]))
}

async function grantStatus(order: PaidOrder, product: ProductRow): Promise<[number, string | undefined]> {
  const response = await requestGrant(t, order.itemOf(product), { user: order.buyer })
  return [response.statusCode, response.json().error?.code]
}

interface PurchaseView {
  id: string
  orderId: string
  access: { state: string; reason: string | null; since: string | null }
}

async function purchasesOf(order: PaidOrder): Promise<PurchaseView[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/purchases', headers: { cookie: order.buyer.cookie } })
  expect(response.statusCode).toBe(200)
  return (response.json().data as PurchaseView[]).filter((purchase) => purchase.orderId === order.orderId)
}

/** The events the provider queued about this payment (charges, refunds and disputes name its payment intent). */
async function eventsAbout(paymentIntentId: string) {
  const rows = await t.database.db
    .select()
    .from(paymentWebhookDeliveries)
    .where(sql`${paymentWebhookDeliveries.payload} -> 'data' -> 'object' ->> 'payment_intent' = ${paymentIntentId}`)
  return rows.filter((row) => row.type !== 'checkout.session.completed')
}

const refundsAtProvider = (paymentIntentId: string) => t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentIntentId, paymentIntentId))

describe("refunds from the provider's dashboard (development routes)", () => {
  it('a refund of everything makes the order REFUNDED, revokes both items, refuses grants and the link minted before, and the hub says refunded', async () => {
    const order = await paidOrder()
    const { downloadUrl } = await grantUrl(t, order.buyer, order.itemOf(dear))
    expect((await fetchDownload(t, downloadUrl, {}, 'HEAD')).statusCode).toBe(200)

    const refunded = await refundAtDashboard(order)
    expect(refunded.statusCode).toBe(200)
    expect(refunded.headers['cache-control']).toBe('no-store')
    expect(refunded.json()).toMatchObject({ paymentIntentId: order.paymentIntentId, amountCents: order.totalCents, status: 'succeeded' })
    expect(refunded.json().id).toMatch(/^re_/)
    const [event] = await eventsAbout(order.paymentIntentId)
    expect(event).toMatchObject({ type: 'charge.refunded', deliveredAt: null })

    await deliverAll()
    const row = await orderById(t, order.orderId)
    expect(row.status).toBe('REFUNDED')
    expect(row.refundedCents).toBe(order.totalCents)
    expect(await accessOf(order.orderId)).toEqual({ cheap: 'revoked:refunded', dear: 'revoked:refunded' })
    expect(await grantStatus(order, dear)).toEqual([403, 'ACCESS_DENIED'])
    expect(await grantStatus(order, cheap)).toEqual([403, 'ACCESS_DENIED'])

    const stale = await fetchDownload(t, downloadUrl)
    expect(stale.statusCode).toBe(403)
    expect(stale.headers['content-type']).toMatch(/^application\/json/)
    expect(stale.headers['content-disposition']).toBeUndefined()
    expect(stale.json().error.code).toBe('ACCESS_DENIED')
    expect(stale.rawPayload.length).toBeLessThan(200)

    const purchases = await purchasesOf(order)
    expect(purchases).toHaveLength(2)
    for (const purchase of purchases) {
      expect(purchase.access).toMatchObject({ state: 'revoked', reason: 'refunded' })
      expect(Date.parse(purchase.access.since!)).toBeGreaterThan(Date.now() - 60_000)
    }
  })

  it('a refund of exactly the dear pack’s share makes the order PARTIALLY_REFUNDED and revokes only that pack', async () => {
    const order = await paidOrder()
    const refunded = await refundAtDashboard(order, { amountCents: order.dearShareCents })
    expect(refunded.statusCode).toBe(200)
    expect(refunded.json().amountCents).toBe(order.dearShareCents)
    await deliverAll()

    const row = await orderById(t, order.orderId)
    expect(row.status).toBe('PARTIALLY_REFUNDED')
    expect(row.refundedCents).toBe(order.dearShareCents)
    expect(await accessOf(order.orderId)).toEqual({ cheap: 'active:-', dear: 'revoked:refunded' })
    expect(await grantStatus(order, dear)).toEqual([403, 'ACCESS_DENIED'])
    const cheapGrant = await requestGrant(t, order.itemOf(cheap), { user: order.buyer })
    expect(cheapGrant.statusCode).toBe(200)
    expect((await fetchDownload(t, cheapGrant.json().downloadUrl, {}, 'HEAD')).statusCode).toBe(200)
  })

  it('a refund larger than what is left answers 400 and neither records a refund nor queues an event', async () => {
    const order = await paidOrder()
    const tooMuch = await refundAtDashboard(order, { amountCents: order.totalCents + 1 })
    expect(tooMuch.statusCode).toBe(400)
    expect(tooMuch.json().error).toMatchObject({ status: 400, code: 'amount_too_large', message: 'Refund amount is greater than what is left of the charge.' })
    expect(await refundsAtProvider(order.paymentIntentId)).toEqual([])
    expect(await eventsAbout(order.paymentIntentId)).toEqual([])

    // After a goodwill refund of $1, one cent more than the rest is still too much.
    expect((await refundAtDashboard(order, { amountCents: 100 })).statusCode).toBe(200)
    const rest = await refundAtDashboard(order, { amountCents: order.totalCents - 100 + 1 })
    expect(rest.statusCode).toBe(400)
    expect(rest.json().error.code).toBe('amount_too_large')
    expect(await refundsAtProvider(order.paymentIntentId)).toHaveLength(1)
    expect(await eventsAbout(order.paymentIntentId)).toHaveLength(1)
    await deliverAll()
    expect(await orderById(t, order.orderId)).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedCents: 100 })
    expect(await accessOf(order.orderId)).toEqual({ cheap: 'active:-', dear: 'active:-' })
  })
})

describe('a refund the store starts (orders.refundOrder)', () => {
  it('refunds one item at the provider with metadata naming it; its charge.refunded, delivered and redelivered, changes nothing further; a second call refunds nothing more', async () => {
    const order = await paidOrder()
    const { orderItemId } = order.itemOf(cheap)
    const refunded = await orders.refundOrder({ orderId: order.orderId, orderItemIds: [orderItemId], reason: 'Bought twice by mistake' })
    expect(refunded).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedCents: order.cheapShareCents })

    const record = await t.app.payments.paymentRecord(order.paymentIntentId)
    expect(record?.orderId).toBe(order.orderId)
    expect(record?.refunds).toHaveLength(1)
    expect(record!.refunds[0]).toMatchObject({
      amountCents: order.cheapShareCents,
      status: 'succeeded',
      metadata: { orderId: order.orderId, orderItemIds: orderItemId, reason: 'Bought twice by mistake' },
    })
    expect(await accessOf(order.orderId)).toEqual({ cheap: 'revoked:refunded', dear: 'active:-' })
    const itemsBefore = await itemsOf(t, order.orderId)
    const orderBefore = await orderById(t, order.orderId)

    // The provider's own event arrives: already applied.
    const [event] = await eventsAbout(order.paymentIntentId)
    expect(event?.type).toBe('charge.refunded')
    await deliverAll()
    const processed = () => t.database.db.select().from(processedPaymentEvents).where(eq(processedPaymentEvents.eventId, event!.eventId))
    expect(await processed()).toHaveLength(1)
    expect(await orderById(t, order.orderId)).toEqual(orderBefore)
    expect(await itemsOf(t, order.orderId)).toEqual(itemsBefore)
    expect(await t.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.orderId))).toHaveLength(1)

    // Redelivered, as Stripe may: acknowledged, processed once.
    await t.database.db.update(paymentWebhookDeliveries).set({ deliveredAt: null, nextAttemptAt: new Date() }).where(eq(paymentWebhookDeliveries.id, event!.id))
    expect(await deliverWebhooksInto(t.app)).toMatchObject({ delivered: 1, failed: 0 })
    expect(await processed()).toHaveLength(1)
    expect(await orderById(t, order.orderId)).toEqual(orderBefore)
    expect(await itemsOf(t, order.orderId)).toEqual(itemsBefore)

    // The same items again: refused, and the provider still holds one refund.
    await expect(orders.refundOrder({ orderId: order.orderId, orderItemIds: [orderItemId], reason: 'Bought twice by mistake' })).rejects.toMatchObject({
      status: 409,
      code: 'ITEM_NOT_REFUNDABLE',
    })
    expect(await refundsAtProvider(order.paymentIntentId)).toHaveLength(1)
    expect(await eventsAbout(order.paymentIntentId)).toHaveLength(1)
  })

  it('two refunds of the same item at once (a double click) refund once: the idempotency key answers the first refund', async () => {
    const order = await paidOrder()
    const { orderItemId } = order.itemOf(dear)
    const results = await Promise.allSettled([
      orders.refundOrder({ orderId: order.orderId, orderItemIds: [orderItemId], reason: '' }),
      orders.refundOrder({ orderId: order.orderId, orderItemIds: [orderItemId], reason: '' }),
    ])
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    // The second click is refused, naming the pack: still being refunded, or already refunded.
    for (const result of results)
      if (result.status === 'rejected')
        expect([`"${dear.name}" is being refunded`, `"${dear.name}" is already refunded`]).toContain((result.reason as Error).message)

    const atProvider = await refundsAtProvider(order.paymentIntentId)
    expect(atProvider).toHaveLength(1)
    expect(atProvider[0]!.amountCents).toBe(order.dearShareCents)
    expect(await eventsAbout(order.paymentIntentId)).toHaveLength(1)
    await deliverAll()
    expect(await orderById(t, order.orderId)).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedCents: order.dearShareCents })
    expect(await accessOf(order.orderId)).toEqual({ cheap: 'active:-', dear: 'revoked:refunded' })

    // The provider seam itself: the refund request's key answers the first refund, even for another amount.
    const requests = await t.database.db.select().from(refundRequests).where(eq(refundRequests.orderId, order.orderId))
    expect(requests).toEqual([expect.objectContaining({ status: 'succeeded', refundId: atProvider[0]!.id, idempotencyKey: `refund:${order.orderId}:0` })])
    const again = await t.app.payments.refund({
      paymentIntentId: order.paymentIntentId,
      amountCents: 1,
      reason: '',
      metadata: {},
      idempotencyKey: requests[0]!.idempotencyKey,
    })
    expect(again.id).toBe(atProvider[0]!.id)
    expect(await refundsAtProvider(order.paymentIntentId)).toHaveLength(1)
  })
})

describe('disputes (development routes)', () => {
  const openDispute = (order: PaidOrder) => devPost(t, `/api/dev/payments/sessions/${order.sessionId}/disputes`, { reason: 'fraudulent' })
  const closeDispute = (disputeId: string, outcome: 'won' | 'lost') => devPost(t, `/api/dev/payments/disputes/${disputeId}/close`, { outcome })

  it('an open dispute suspends the downloads (DISPUTED); won, the order is COMPLETED and downloads work again', async () => {
    const order = await paidOrder()
    const opened = await openDispute(order)
    expect(opened.statusCode).toBe(200)
    expect(opened.json()).toMatchObject({ paymentIntentId: order.paymentIntentId, amountCents: order.totalCents, status: 'needs_response' })
    const disputeId = opened.json().id as string
    expect(disputeId).toMatch(/^dp_/)
    await deliverAll()

    expect((await orderById(t, order.orderId)).status).toBe('DISPUTED')
    expect(await accessOf(order.orderId)).toEqual({ cheap: 'suspended:dispute_open', dear: 'suspended:dispute_open' })
    expect(await grantStatus(order, dear)).toEqual([403, 'ACCESS_DENIED'])
    for (const purchase of await purchasesOf(order)) expect(purchase.access).toMatchObject({ state: 'suspended', reason: 'dispute_open' })

    const won = await closeDispute(disputeId, 'won')
    expect(won.statusCode).toBe(200)
    expect(won.json()).toMatchObject({ id: disputeId, status: 'won' })
    await deliverAll()
    expect((await orderById(t, order.orderId)).status).toBe('COMPLETED')
    expect(await accessOf(order.orderId)).toEqual({ cheap: 'active:-', dear: 'active:-' })
    expect((await requestGrant(t, order.itemOf(dear), { user: order.buyer })).statusCode).toBe(200)
    for (const purchase of await purchasesOf(order)) expect(purchase.access).toMatchObject({ state: 'active', reason: null })
  })

  it('a dispute closed lost revokes every item (dispute_lost); it cannot be closed again', async () => {
    const order = await paidOrder()
    const opened = await openDispute(order)
    const disputeId = opened.json().id as string
    await deliverAll()
    expect((await closeDispute(disputeId, 'lost')).json()).toMatchObject({ id: disputeId, status: 'lost' })
    await deliverAll()

    expect((await orderById(t, order.orderId)).status).toBe('DISPUTED')
    expect(await accessOf(order.orderId)).toEqual({ cheap: 'revoked:dispute_lost', dear: 'revoked:dispute_lost' })
    expect(await grantStatus(order, cheap)).toEqual([403, 'ACCESS_DENIED'])
    for (const purchase of await purchasesOf(order)) expect(purchase.access).toMatchObject({ state: 'revoked', reason: 'dispute_lost' })

    const again = await closeDispute(disputeId, 'won')
    expect(again.statusCode).toBe(400)
    expect(again.json().error.code).toBe('dispute_closed')
    expect((await eventsAbout(order.paymentIntentId)).map((event) => event.type).sort()).toEqual(['charge.dispute.closed', 'charge.dispute.created'])
  })
})

describe('the development routes in production', () => {
  it('answer 404 with NODE_ENV=production and PAYMENTS_PROVIDER=builtin, and refund nothing', async () => {
    // In development an unknown session is the route's own 404 (resource_missing); in production there is no route.
    const unknownHere = await devPost(t, '/api/dev/payments/sessions/cs_test_unknown/refund')
    expect(unknownHere.statusCode).toBe(404)
    expect(unknownHere.json().error.code).toBe('resource_missing')

    const production = await createTestApp({
      NODE_ENV: 'production',
      PAYMENTS_PROVIDER: 'builtin',
      AUTH_SECRET: 'p'.repeat(40),
      SMTP_URL: 'smtp://mail.example.com:587',
    })
    try {
      expect(production.config.devMode).toBe(false)
      expect(production.app.payments.kind).toBe('builtin')
      // A paid session the routes could act on.
      const session = await createSession(production, {
        checkoutType: 'direct',
        customerEmail: 'prod-buyer@example.com',
        items: [{ productId: dear.id, quantity: 1 }],
      })
      expect((await payBuiltinSession(production.app, session.sessionId)).status).toBe(200)

      const answers = await Promise.all([
        devPost(production, `/api/dev/payments/sessions/${session.sessionId}/refund`),
        devPost(production, `/api/dev/payments/sessions/${session.sessionId}/disputes`),
        devPost(production, '/api/dev/payments/disputes/dp_anything/close', { outcome: 'lost' }),
      ])
      for (const answer of answers) {
        expect(answer.statusCode).toBe(404)
        expect(answer.json().error.code).toBe('NOT_FOUND')
      }
      expect(await production.database.db.select().from(paymentRefunds)).toEqual([])
      const queued = await production.database.db.select({ type: paymentWebhookDeliveries.type }).from(paymentWebhookDeliveries)
      expect(queued).toEqual([{ type: 'checkout.session.completed' }])
    } finally {
      await production.close()
    }
  })
})
