/**
 * POST /api/webhooks/payments and fulfilment with the fake provider: signatures (forged,
 * missing, stale) refused with no writes; a paid session completes its order once, with one
 * receipt, the promo use redeemed and the bought lines out of the cart; redeliveries change
 * nothing; a wrong amount is not fulfilled; expired and failed sessions grant nothing.
 */
import { eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { cartItems, orders, processedPaymentEvents } from '../db/schema.ts'
import { createSignedInUser, uniqueEmail } from '../../../tests/support/accounts.ts'
import { builtinProvider } from '../../../tests/support/payments.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { FAKE_WEBHOOK_SECRET, type FakePaymentProvider } from '../../../tests/support/fake-payment-provider.ts'
import { createSession, deliverEvent, orderById, productByName, promoState, receiptsFor, useFakePayments } from '../../../tests/support/checkout-fixtures.ts'

let t: TestApp
let fake: FakePaymentProvider
let plain: { id: string; priceCents: number }
let digital: { id: string; priceCents: number }
let address = 0
const nextAddress = () => `203.0.113.${(address = (address % 250) + 1)}`

beforeAll(async () => {
  t = await createTestApp()
  fake = useFakePayments(t)
  plain = await productByName(t, 'Scale Finder MIDI Library')
  digital = await productByName(t, 'Neon Drive')
})
afterAll(async () => t?.close())

const guestCheckout = (extra: Record<string, unknown> = {}) =>
  createSession(
    t,
    { checkoutType: 'direct', customerEmail: uniqueEmail('buyer'), items: [{ productId: plain.id, quantity: 1 }], ...extra },
    { remoteAddress: nextAddress() },
  )

async function processedEvents(eventId: string) {
  return t.database.db.select().from(processedPaymentEvents).where(eq(processedPaymentEvents.eventId, eventId))
}

describe('webhook signatures', () => {
  it('refuses a forged, a missing and a stale signature with 400 and writes nothing', async () => {
    const session = await guestCheckout()
    const paid = fake.pay(session.sessionId)
    const forged = fake.signedEvent('checkout.session.completed', paid, { secret: 'whsec_someone_else' })
    const stale = fake.signedEvent('checkout.session.completed', paid, { timestamp: Math.floor(Date.now() / 1000) - 301 })
    const valid = fake.signedEvent('checkout.session.completed', paid)
    const attempts = [
      { headers: forged.headers, payload: forged.payload, eventId: forged.eventId },
      { headers: { 'content-type': 'application/json' }, payload: valid.payload, eventId: valid.eventId },
      { headers: stale.headers, payload: stale.payload, eventId: stale.eventId },
      // A valid signature over another body: the payload was tampered with.
      { headers: valid.headers, payload: valid.payload.replace(String(paid.amountTotalCents), '1'), eventId: valid.eventId },
    ]
    for (const attempt of attempts) {
      const response = await t.app.inject({ method: 'POST', url: '/api/webhooks/payments', headers: attempt.headers, payload: attempt.payload })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ error: { message: 'Invalid webhook signature', status: 400, code: 'INVALID_SIGNATURE' } })
      expect(await processedEvents(attempt.eventId)).toEqual([])
    }
    expect((await orderById(t, session.orderId)).status).toBe('PENDING')
    expect(await receiptsFor(t, session.orderId)).toEqual([])
  })

  it('accepts a signature made with the secret within the tolerance, from any origin', async () => {
    const session = await guestCheckout()
    const { payload, headers } = fake.signedEvent('checkout.session.completed', fake.pay(session.sessionId), {
      timestamp: Math.floor(Date.now() / 1000) - 200,
      secret: FAKE_WEBHOOK_SECRET,
    })
    const response = await t.app.inject({ method: 'POST', url: '/api/webhooks/payments', headers: { ...headers, origin: 'https://hooks.example' }, payload })
    expect(response.statusCode).toBe(200)
    expect((await orderById(t, session.orderId)).status).toBe('COMPLETED')
  })
})

describe('fulfilment', () => {
  it('completes a paid order once: card and intent stored, promo redeemed, cart lines removed, one receipt', async () => {
    const shopper = await createSignedInUser(t)
    const other = await productByName(t, 'Chord Atlas MIDI Library')
    await t.database.db.insert(cartItems).values([
      { userId: shopper.id, productId: plain.id, quantity: 2 },
      { userId: shopper.id, productId: other.id, quantity: 1 },
    ])
    const session = await createSession(
      t,
      { checkoutType: 'cart', userId: shopper.id, promoCode: 'SPECIAL25', items: [{ productId: plain.id, quantity: 2 }] },
      { cookie: shopper.cookie, remoteAddress: nextAddress() },
    )
    const paid = fake.pay(session.sessionId, { cardLast4: '4444' })
    const first = await deliverEvent(t, fake, 'checkout.session.completed', paid, { eventId: 'evt_fulfil_once' })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ received: true })

    const order = await orderById(t, session.orderId)
    expect(order).toMatchObject({ status: 'COMPLETED', cardLast4: '4444', paymentIntentId: paid.paymentIntentId })
    expect(order.completedAt).toBeInstanceOf(Date)
    expect((await promoState(t, 'SPECIAL25')).redemptions.find((row) => row.orderId === order.id)?.status).toBe('redeemed')
    const cart = await t.database.db.select().from(cartItems).where(eq(cartItems.userId, shopper.id))
    expect(cart.map((line) => line.productId)).toEqual([other.id])

    // The same event again, and another event about the same session: nothing more happens.
    expect((await deliverEvent(t, fake, 'checkout.session.completed', paid, { eventId: 'evt_fulfil_once' })).statusCode).toBe(200)
    expect((await deliverEvent(t, fake, 'checkout.session.completed', paid)).statusCode).toBe(200)
    const receipts = await receiptsFor(t, order.id)
    expect(receipts).toHaveLength(1)
    const receipt = receipts[0]!
    const orderNumber = order.id.slice(-8).toUpperCase()
    expect(receipt.to).toBe(shopper.email)
    expect(receipt.subject).toBe(`Your Audio Lab Store receipt for order ${orderNumber}`)
    expect(receipt.text).toContain(`Scale Finder MIDI Library × 2`)
    expect(receipt.text).toContain('Discount (SPECIAL25)')
    expect(receipt.text).toContain(`Total paid: $${(order.totalAmountCents / 100).toFixed(2)} (card ending 4444)`)
    expect(receipt.text).toContain(`${t.config.publicUrl}/download-hub`)
    expect((await orderById(t, order.id)).completedAt?.getTime()).toBe(order.completedAt?.getTime())
  })

  it('keeps the rest of the cart after Buy Now, removing only the digital product now owned', async () => {
    const shopper = await createSignedInUser(t)
    await t.database.db.insert(cartItems).values([
      { userId: shopper.id, productId: plain.id, quantity: 1 },
      { userId: shopper.id, productId: digital.id, quantity: 1 },
    ])
    const session = await createSession(
      t,
      {
        checkoutType: 'direct',
        userId: shopper.id,
        items: [
          { productId: digital.id, quantity: 1 },
          { productId: plain.id, quantity: 1 },
        ],
      },
      { cookie: shopper.cookie, remoteAddress: nextAddress() },
    )
    await deliverEvent(t, fake, 'checkout.session.completed', fake.pay(session.sessionId))
    const cart = await t.database.db.select().from(cartItems).where(eq(cartItems.userId, shopper.id))
    expect(cart.map((line) => line.productId)).toEqual([plain.id])
  })

  it('does not fulfil a payment whose amount differs from the order total, and logs both amounts', async () => {
    const session = await guestCheckout({ promoCode: 'WELCOME10' })
    const order = await orderById(t, session.orderId)
    const uses = (await promoState(t, 'WELCOME10')).uses
    const errors = vi.spyOn(t.app.log, 'error')
    const response = await deliverEvent(t, fake, 'checkout.session.completed', fake.pay(session.sessionId, { amountTotalCents: order.totalAmountCents - 500 }))
    expect(response.statusCode).toBe(200)
    expect((await orderById(t, order.id)).status).toBe('FAILED')
    expect(await receiptsFor(t, order.id)).toEqual([])
    expect((await promoState(t, 'WELCOME10')).uses).toBe(uses - 1)
    expect(errors).toHaveBeenCalledWith(
      expect.objectContaining({ orderId: order.id, paidCents: order.totalAmountCents - 500, orderTotalCents: order.totalAmountCents }),
      expect.stringContaining('does not match order total'),
    )
    errors.mockRestore()
  })

  it('does not fulfil a completed event whose session is unpaid', async () => {
    const session = await guestCheckout()
    const open = (await fake.retrieveCheckoutSession(session.sessionId))!
    expect((await deliverEvent(t, fake, 'checkout.session.completed', { ...open, status: 'complete' })).statusCode).toBe(200)
    expect((await orderById(t, session.orderId)).status).toBe('PENDING')
  })

  it('cancels the order of an expired session and releases its promo use', async () => {
    const before = (await promoState(t, 'SAVE20')).uses
    const session = await guestCheckout({ promoCode: 'SAVE20' })
    expect((await promoState(t, 'SAVE20')).uses).toBe(before + 1)
    const response = await deliverEvent(t, fake, 'checkout.session.expired', fake.expire(session.sessionId))
    expect(response.statusCode).toBe(200)
    expect((await orderById(t, session.orderId)).status).toBe('CANCELLED')
    const promo = await promoState(t, 'SAVE20')
    expect(promo.uses).toBe(before)
    expect(promo.redemptions.find((row) => row.orderId === session.orderId)?.status).toBe('released')
    // A completed event arriving after that grants nothing.
    await deliverEvent(t, fake, 'checkout.session.completed', fake.pay(session.sessionId))
    expect((await orderById(t, session.orderId)).status).toBe('CANCELLED')
    expect(await receiptsFor(t, session.orderId)).toEqual([])
  })

  it('marks the order FAILED when an asynchronous payment fails', async () => {
    const session = await guestCheckout()
    const open = (await fake.retrieveCheckoutSession(session.sessionId))!
    expect((await deliverEvent(t, fake, 'checkout.session.async_payment_failed', open)).statusCode).toBe(200)
    expect((await orderById(t, session.orderId)).status).toBe('FAILED')
  })

  it('acknowledges event types it does not handle, and sessions of no order', async () => {
    const session = await guestCheckout()
    const open = (await fake.retrieveCheckoutSession(session.sessionId))!
    expect((await deliverEvent(t, fake, 'customer.created', open)).statusCode).toBe(200)
    expect(
      (await deliverEvent(t, fake, 'checkout.session.completed', { ...open, id: 'cs_test_unknown', status: 'complete', paymentStatus: 'paid' })).statusCode,
    ).toBe(200)
    expect((await orderById(t, session.orderId)).status).toBe('PENDING')
  })
})

describe('signed events about other objects', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => t?.close())

  /** A correctly signed event as the store's own provider signs them, about any object. */
  function signed(type: string, object: Record<string, unknown>) {
    const payload = JSON.stringify({ id: `evt_other_${type}_${Date.now()}`, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } })
    const secret = builtinProvider(t.app).webhookSecret
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret })
    return { payload, headers: { 'stripe-signature': header, 'content-type': 'application/json' } }
  }

  it.each([
    ['charge.refunded', { id: 'ch_test_1', object: 'charge', amount_refunded: 1000 }],
    ['charge.dispute.created', { id: 'dp_test_1', object: 'dispute', charge: 'ch_test_1' }],
    ['customer.created', { id: 'cus_test_1', object: 'customer' }],
  ])('acknowledges %s with 200 and changes no order', async (type, object) => {
    const before = await t.database.db.select().from(orders)
    const response = await t.app.inject({ method: 'POST', url: '/api/webhooks/payments', ...signed(type, object) })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ received: true })
    expect(await t.database.db.select().from(orders)).toEqual(before)
  })

  it('still refuses an event whose signature is wrong', async () => {
    const { payload, headers } = signed('charge.refunded', { id: 'ch_test_2', object: 'charge' })
    const response = await t.app.inject({ method: 'POST', url: '/api/webhooks/payments', payload: payload.replace('ch_test_2', 'ch_test_3'), headers })
    expect(response.statusCode).toBe(400)
  })
})
