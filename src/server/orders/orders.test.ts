/**
 * Order reads with the fake provider: the success page's lookup by session (fulfils a paid
 * session the webhook has not reached yet; reveals nothing for a guessed or foreign id), the
 * signed-in user's order list and order, and resuming a pending order's payment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSession, deliverEvent, orderById, productByName, receiptsFor, useFakePayments } from '../../../tests/support/checkout-fixtures.ts'
import type { FakePaymentProvider } from '../../../tests/support/fake-payment-provider.ts'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp
let fake: FakePaymentProvider
let plain: { id: string; priceCents: number }
let other: { id: string; priceCents: number }
let address = 0
const nextAddress = () => `192.0.2.${(address = (address % 250) + 1)}`

beforeAll(async () => {
  t = await createTestApp()
  fake = useFakePayments(t)
  plain = await productByName(t, 'Scale Finder MIDI Library')
  other = await productByName(t, 'Chord Atlas MIDI Library')
})
afterAll(async () => t?.close())

function get(url: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })
}

const userCheckout = (shopper: SignedInUser, items: Array<{ productId: string; quantity: number }>, extra: Record<string, unknown> = {}) =>
  createSession(t, { checkoutType: 'direct', userId: shopper.id, items, ...extra }, { cookie: shopper.cookie, remoteAddress: nextAddress() })

const notFoundBody = { error: { message: 'Order not found', status: 404, code: 'NOT_FOUND' } }

describe('GET /api/orders/by-session/:sessionId', () => {
  it('fulfils a paid session the webhook has not delivered yet and shows the order (guest: to the browser that began the checkout)', async () => {
    const email = uniqueEmail('guest')
    const session = await createSession(
      t,
      { checkoutType: 'direct', customerEmail: email, items: [{ productId: plain.id, quantity: 2 }] },
      { remoteAddress: nextAddress() },
    )
    const pending = await get(`/api/orders/by-session/${session.sessionId}`, session.browserCookie)
    expect(pending.statusCode).toBe(200)
    expect(pending.json().data).toMatchObject({ orderId: session.orderId, status: 'PENDING', cardLast4: null })

    fake.pay(session.sessionId, { cardLast4: '1881' })
    const paid = await get(`/api/orders/by-session/${session.sessionId}`, session.browserCookie)
    const order = await orderById(t, session.orderId)
    expect(paid.statusCode).toBe(200)
    expect(paid.headers['cache-control']).toBe('no-store')
    expect(paid.json()).toEqual({
      data: {
        orderId: order.id,
        orderNumber: order.id.slice(-8).toUpperCase(),
        status: 'COMPLETED',
        totalCents: order.totalAmountCents,
        subtotalCents: order.subtotalCents,
        discountCents: 0,
        taxCents: order.taxCents,
        currency: 'usd',
        promoCode: null,
        email,
        cardLast4: '1881',
        createdAt: order.createdAt.toISOString(),
        items: [{ name: 'Scale Finder MIDI Library', quantity: 2, priceCents: plain.priceCents }],
        // A paid guest order: its private page, where the success page lists the downloads.
        accessPath: expect.stringMatching(/^\/orders\/access\/[\w-]{65}$/),
      },
    })
    // The webhook arriving afterwards changes nothing and sends no second receipt.
    expect((await deliverEvent(t, fake, 'checkout.session.completed', (await fake.retrieveCheckoutSession(session.sessionId))!)).statusCode).toBe(200)
    expect(await receiptsFor(t, order.id)).toHaveLength(1)
  })

  it("shows a user's order to that user only: 404 for other users, guests and guessed ids", async () => {
    const owner = await createSignedInUser(t)
    const stranger = await createSignedInUser(t)
    const session = await userCheckout(owner, [{ productId: plain.id, quantity: 1 }])
    fake.pay(session.sessionId)
    expect((await get(`/api/orders/by-session/${session.sessionId}`, stranger.cookie)).json()).toEqual(notFoundBody)
    const anonymous = await get(`/api/orders/by-session/${session.sessionId}`)
    expect(anonymous.statusCode).toBe(404)
    expect(anonymous.json()).toEqual(notFoundBody)
    // Looking did not fulfil it on a stranger's behalf either.
    expect((await orderById(t, session.orderId)).status).toBe('PENDING')
    for (const guess of ['cs_test_guessed', `${session.sessionId}x`, 'x'.repeat(90)]) {
      expect((await get(`/api/orders/by-session/${guess}`, owner.cookie)).json()).toEqual(notFoundBody)
    }
    const mine = await get(`/api/orders/by-session/${session.sessionId}`, owner.cookie)
    expect(mine.json().data).toMatchObject({ orderId: session.orderId, status: 'COMPLETED', email: owner.email })
  })
})

describe('GET /api/orders and /api/orders/:id', () => {
  it("lists the user's orders newest first with items, filters by status and pages with hasMore", async () => {
    const shopper = await createSignedInUser(t)
    const first = await userCheckout(shopper, [{ productId: plain.id, quantity: 1 }])
    await deliverEvent(t, fake, 'checkout.session.completed', fake.pay(first.sessionId))
    const second = await userCheckout(shopper, [
      { productId: other.id, quantity: 2 },
      { productId: plain.id, quantity: 1 },
    ])
    await deliverEvent(t, fake, 'checkout.session.completed', fake.pay(second.sessionId))
    const third = await userCheckout(shopper, [{ productId: plain.id, quantity: 3 }])

    const all = await get('/api/orders', shopper.cookie)
    expect(all.statusCode).toBe(200)
    const body = all.json() as { data: Array<{ id: string; status: string; items: Array<{ name: string; quantity: number }> }>; hasMore: boolean }
    expect(body.data.map((order) => order.id)).toEqual([third.orderId, second.orderId, first.orderId])
    expect(body.data.map((order) => order.status)).toEqual(['PENDING', 'COMPLETED', 'COMPLETED'])
    expect(body.data[1]!.items.map((item) => [item.name, item.quantity]).sort()).toEqual([
      ['Chord Atlas MIDI Library', 2],
      ['Scale Finder MIDI Library', 1],
    ])
    expect(body.data[1]!.items.find((item) => item.name === 'Chord Atlas MIDI Library')).toMatchObject({
      downloadLimit: 5,
      downloadsRemaining: 10,
      priceCents: other.priceCents,
    })
    expect(body.hasMore).toBe(false)

    const completed = (await get('/api/orders?status=COMPLETED&limit=1', shopper.cookie)).json()
    expect(completed.data.map((order: { id: string }) => order.id)).toEqual([second.orderId])
    expect(completed.hasMore).toBe(true)
    const next = (await get('/api/orders?status=COMPLETED&limit=1&offset=1', shopper.cookie)).json()
    expect(next).toMatchObject({ data: [{ id: first.orderId }], hasMore: false })
    expect((await get('/api/orders?limit=101', shopper.cookie)).statusCode).toBe(400)

    const one = await get(`/api/orders/${second.orderId}`, shopper.cookie)
    expect(one.json().data).toMatchObject({ id: second.orderId, orderNumber: second.orderId.slice(-8).toUpperCase(), status: 'COMPLETED', cardLast4: '4242' })
  })

  it("answers 401 without a session and 404 for another user's or an unknown order", async () => {
    const owner = await createSignedInUser(t)
    const stranger = await createSignedInUser(t)
    const session = await userCheckout(owner, [{ productId: plain.id, quantity: 1 }])
    expect((await get('/api/orders')).json()).toEqual({ error: { message: 'User not authenticated', status: 401, code: 'UNAUTHORIZED' } })
    expect((await get(`/api/orders/${session.orderId}`, stranger.cookie)).json()).toEqual(notFoundBody)
    expect((await get(`/api/orders/${crypto.randomUUID()}`, owner.cookie)).json()).toEqual(notFoundBody)
    expect((await get('/api/orders/not-an-id', owner.cookie)).json()).toEqual(notFoundBody)
    expect((await get('/api/orders', stranger.cookie)).json()).toEqual({ data: [], hasMore: false })
  })
})

describe('GET /api/checkout/orders/:orderId/resume', () => {
  it("answers the pending order's open session, or a new one once it expired", async () => {
    const shopper = await createSignedInUser(t)
    const session = await userCheckout(shopper, [{ productId: plain.id, quantity: 1 }])
    const resumed = await get(`/api/checkout/orders/${session.orderId}/resume`, shopper.cookie)
    expect(resumed.statusCode).toBe(200)
    const { browserCookie, ...answered } = session
    expect(browserCookie).toContain('als_checkout=')
    expect(resumed.json()).toEqual(answered)

    fake.expire(session.sessionId)
    const fresh = (await get(`/api/checkout/orders/${session.orderId}/resume?uiMode=embedded`, shopper.cookie)).json()
    expect(fresh.orderId).toBe(session.orderId)
    expect(fresh.sessionId).not.toBe(session.sessionId)
    expect(fresh.client_secret).toMatch(/_secret_/)
    const order = await orderById(t, session.orderId)
    expect(order).toMatchObject({ status: 'PENDING', paymentSessionId: fresh.sessionId })
    expect(fake.created.at(-1)).toMatchObject({ orderId: order.id, totalCents: order.totalAmountCents, uiMode: 'embedded' })

    // Paying the new session completes the same order.
    await deliverEvent(t, fake, 'checkout.session.completed', fake.pay(fresh.sessionId))
    expect((await orderById(t, order.id)).status).toBe('COMPLETED')
    const done = await get(`/api/checkout/orders/${session.orderId}/resume`, shopper.cookie)
    expect(done.statusCode).toBe(409)
    expect(done.json().error.message).toBe('This order is no longer awaiting payment')
  })

  it("refuses other users' orders (404) and guests (401)", async () => {
    const owner = await createSignedInUser(t)
    const stranger = await createSignedInUser(t)
    const session = await userCheckout(owner, [{ productId: plain.id, quantity: 1 }])
    expect((await get(`/api/checkout/orders/${session.orderId}/resume`, stranger.cookie)).json()).toEqual(notFoundBody)
    expect((await get(`/api/checkout/orders/${session.orderId}/resume`)).statusCode).toBe(401)
  })
})
