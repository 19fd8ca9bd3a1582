/**
 * Checkout and fulfilment races, on PostgreSQL only (PGlite has one connection, so nothing
 * there can run at the same time): redelivered events racing the success page, a burst of
 * identical checkouts, a burst of different checkouts of one buyer, and more buyers than a
 * promo code has uses; with the fake provider, then with the built-in one.
 */
import { and, eq, inArray } from 'drizzle-orm'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, paymentWebhookDeliveries, promoCodes } from '../db/schema.ts'
import { createSignedInUser, uniqueEmail } from '../../../tests/support/accounts.ts'
import { builtinProvider, payBuiltinSession } from '../../../tests/support/payments.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import type { FakePaymentProvider } from '../../../tests/support/fake-payment-provider.ts'
import {
  createSession,
  deliverEvent,
  orderById,
  orderBySession,
  postCheckout,
  productByName,
  receiptsFor,
  useFakePayments,
} from '../../../tests/support/checkout-fixtures.ts'

describe.runIf(process.env.DATABASE_URL)('checkout races on PostgreSQL', () => {
  let t: TestApp
  let fake: FakePaymentProvider
  let plain: { id: string; priceCents: number }
  let address = 0
  const nextAddress = () => `100.64.0.${(address = (address % 250) + 1)}`

  beforeAll(async () => {
    t = await createTestApp()
    fake = useFakePayments(t)
    plain = await productByName(t, 'Scale Finder MIDI Library')
  })
  afterAll(async () => t?.close())

  it('one completed event delivered 5 times at once plus 2 success-page lookups: one COMPLETED order, one receipt, every answer 2xx', async () => {
    const session = await createSession(
      t,
      { checkoutType: 'direct', customerEmail: uniqueEmail('race'), promoCode: 'WELCOME10', items: [{ productId: plain.id, quantity: 1 }] },
      { remoteAddress: nextAddress() },
    )
    const paid = fake.pay(session.sessionId)
    const { payload, headers } = fake.signedEvent('checkout.session.completed', paid, { eventId: `evt_race_${session.orderId}` })
    const responses = await Promise.all([
      ...Array.from({ length: 5 }, () => t.app.inject({ method: 'POST', url: '/api/webhooks/payments', headers, payload })),
      ...Array.from({ length: 2 }, () => orderBySession(t, session.sessionId, session.browserCookie)),
    ])
    expect(responses.map((response) => response.statusCode).every((status) => status >= 200 && status < 300)).toBe(true)
    expect(responses.slice(5).map((response) => response.json().data.status)).toEqual(['COMPLETED', 'COMPLETED'])
    expect((await orderById(t, session.orderId)).status).toBe('COMPLETED')
    expect(await receiptsFor(t, session.orderId)).toHaveLength(1)
  })

  it('20 identical checkouts at once for one cart leave exactly one payable order, and all answer its session', async () => {
    const shopper = await createSignedInUser(t)
    fake.createDelayMs = 50
    const body = { checkoutType: 'cart', userId: shopper.id, items: [{ productId: plain.id, quantity: 2 }] }
    const responses = await Promise.all(Array.from({ length: 20 }, () => postCheckout(t, body, { cookie: shopper.cookie, remoteAddress: nextAddress() })))
    fake.createDelayMs = 0
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200))
    expect(new Set(responses.map((response) => response.json().sessionId)).size).toBe(1)
    const rows = await t.database.db.select().from(orders).where(eq(orders.userId, shopper.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ status: 'PENDING', paymentSessionId: responses[0]!.json().sessionId })
    expect((await fake.retrieveCheckoutSession(rows[0]!.paymentSessionId!))?.status).toBe('open')
  })

  it('10 different checkouts at once by one buyer leave exactly one payable order', async () => {
    const shopper = await createSignedInUser(t)
    fake.createDelayMs = 30
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        postCheckout(
          t,
          { checkoutType: 'cart', userId: shopper.id, items: [{ productId: plain.id, quantity: index + 1 }] },
          { cookie: shopper.cookie, remoteAddress: nextAddress() },
        ),
      ),
    )
    fake.createDelayMs = 0
    expect(responses.every((response) => response.statusCode === 200 || response.statusCode === 409)).toBe(true)
    const rows = await t.database.db.select().from(orders).where(eq(orders.userId, shopper.id))
    const payable = []
    for (const row of rows) {
      const session = row.paymentSessionId ? await fake.retrieveCheckoutSession(row.paymentSessionId) : null
      if (session?.status === 'open') payable.push(row)
    }
    expect(payable).toHaveLength(1)
    expect(rows.filter((row) => row.status === 'PENDING').map((row) => row.id)).toEqual([payable[0]!.id])
  })

  it('a promo code with one use and 10 buyers at once: exactly one discounted order, and one discounted paid order', async () => {
    await t.database.db.insert(promoCodes).values({ code: 'RACE_ONCE', percentOff: 50, maxUses: 1 })
    const emails = Array.from({ length: 10 }, () => uniqueEmail('promo-race'))
    const responses = await Promise.all(
      emails.map((customerEmail) =>
        postCheckout(
          t,
          { checkoutType: 'direct', customerEmail, promoCode: 'RACE_ONCE', items: [{ productId: plain.id, quantity: 1 }] },
          { remoteAddress: nextAddress() },
        ),
      ),
    )
    const won = responses.filter((response) => response.statusCode === 200)
    const lost = responses.filter((response) => response.statusCode !== 200)
    expect(won).toHaveLength(1)
    expect(lost.map((response) => [response.statusCode, response.json().error.message])).toEqual(Array(9).fill([400, 'RACE_ONCE has been used up']))
    const discounted = await t.database.db
      .select()
      .from(orders)
      .where(and(inArray(orders.customerEmail, emails), eq(orders.promoCode, 'RACE_ONCE')))
    expect(discounted).toHaveLength(1)
    const [promo] = await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'RACE_ONCE'))
    expect(promo?.uses).toBe(1)

    // The losers buy without the code; everyone pays at once.
    const retries = await Promise.all(
      lost.map((_, index) => {
        const customerEmail = emails.filter((email) => email !== discounted[0]!.customerEmail)[index]!
        return createSession(t, { checkoutType: 'direct', customerEmail, items: [{ productId: plain.id, quantity: 1 }] }, { remoteAddress: nextAddress() })
      }),
    )
    const sessions = [won[0]!.json().sessionId as string, ...retries.map((retry) => retry.sessionId)]
    const deliveries = await Promise.all(sessions.map((sessionId) => deliverEvent(t, fake, 'checkout.session.completed', fake.pay(sessionId))))
    expect(deliveries.every((response) => response.statusCode === 200)).toBe(true)
    const paid = await t.database.db
      .select()
      .from(orders)
      .where(and(inArray(orders.customerEmail, emails), eq(orders.status, 'COMPLETED')))
    expect(paid).toHaveLength(10)
    expect(paid.filter((order) => order.discountCents > 0).map((order) => order.promoCode)).toEqual(['RACE_ONCE'])
  })
})

describe.runIf(process.env.DATABASE_URL)('checkout races on PostgreSQL with the built-in provider', () => {
  let t: TestApp
  let plain: { id: string }

  beforeAll(async () => {
    t = await createTestApp()
    plain = await productByName(t, 'Scale Finder MIDI Library')
  })
  afterAll(async () => t?.close())

  it('20 identical checkouts at once leave one payable order (the provider writes to the same database meanwhile)', async () => {
    const shopper = await createSignedInUser(t)
    const body = { checkoutType: 'cart', userId: shopper.id, items: [{ productId: plain.id, quantity: 1 }] }
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => postCheckout(t, body, { cookie: shopper.cookie, remoteAddress: `100.65.0.${index + 1}` })),
    )
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200))
    expect(new Set(responses.map((response) => response.json().sessionId)).size).toBe(1)
    const rows = await t.database.db.select().from(orders).where(eq(orders.userId, shopper.id))
    expect(rows.map((row) => row.status)).toEqual(['PENDING'])
  })

  it("the provider's own completed event posted 5 times at once plus 2 success-page lookups: one COMPLETED order, one receipt", async () => {
    const session = await createSession(t, {
      checkoutType: 'direct',
      customerEmail: uniqueEmail('builtin-race'),
      items: [{ productId: plain.id, quantity: 1 }],
    })
    expect((await payBuiltinSession(t.app, session.sessionId)).status).toBe(200)
    const queued = (await t.database.db.select().from(paymentWebhookDeliveries)).find(
      (row) => row.type === 'checkout.session.completed' && (row.payload as { data: { object: { id: string } } }).data.object.id === session.sessionId,
    )
    const payload = JSON.stringify(queued!.payload)
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: builtinProvider(t.app).webhookSecret })
    const headers = { 'content-type': 'application/json', 'stripe-signature': signature }
    const responses = await Promise.all([
      ...Array.from({ length: 5 }, () => t.app.inject({ method: 'POST', url: '/api/webhooks/payments', headers, payload })),
      ...Array.from({ length: 2 }, () => orderBySession(t, session.sessionId, session.browserCookie)),
    ])
    expect(responses.map((response) => response.statusCode)).toEqual(Array(7).fill(200))
    expect(await orderById(t, session.orderId)).toMatchObject({ status: 'COMPLETED', cardLast4: '4242' })
    expect(await receiptsFor(t, session.orderId)).toHaveLength(1)
  })
})
