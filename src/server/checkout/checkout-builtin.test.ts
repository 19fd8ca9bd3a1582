/**
 * Checkout end to end with the real built-in provider (no fake): the session it opens, paying
 * with Stripe's test cards through its payment page API, its signed webhooks delivered into
 * our webhook route, and the order and receipt that result.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail } from '../../../tests/support/accounts.ts'
import { builtinProvider, deliverWebhooksInto, payBuiltinSession, TEST_CARDS } from '../../../tests/support/payments.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { createSession, itemsOf, orderById, orderBySession, productByName, promoState, receiptsFor } from '../../../tests/support/checkout-fixtures.ts'

let t: TestApp
let plain: { id: string; priceCents: number }
let digital: { id: string; priceCents: number }

beforeAll(async () => {
  t = await createTestApp()
  plain = await productByName(t, 'Scale Finder MIDI Library')
  digital = await productByName(t, 'Neon Drive')
})
afterAll(async () => t?.close())

describe('checkout with the built-in provider', () => {
  it('guest hosted checkout with WELCOME10, paid with 4242: the webhook completes the order and the receipt is sent', async () => {
    const email = uniqueEmail('guest')
    const session = await createSession(t, {
      checkoutType: 'direct',
      customerEmail: email,
      promoCode: 'welcome10',
      items: [
        { productId: plain.id, quantity: 2 },
        { productId: digital.id, quantity: 1 },
      ],
    })
    expect(session.url).toBe(`${t.config.publicUrl}/pay/${session.sessionId}`)
    const page = (await t.app.inject({ method: 'GET', url: `/api/builtin-pay/sessions/${session.sessionId}` })).json()
    const order = await orderById(t, session.orderId)
    expect(page).toMatchObject({ amountTotalCents: order.totalAmountCents, discountCents: order.discountCents, taxCents: order.taxCents })
    expect(order.discountCents).toBeGreaterThan(0)

    const paid = await payBuiltinSession(t.app, session.sessionId, { cardNumber: TEST_CARDS.visa })
    expect(paid.status).toBe(200)
    expect(paid.body.redirectUrl).toBe(`${t.config.publicUrl}/payment/success?session_id=${session.sessionId}`)
    expect((await deliverWebhooksInto(t.app)).delivered).toBeGreaterThanOrEqual(1)

    expect(await orderById(t, order.id)).toMatchObject({ status: 'COMPLETED', cardLast4: '4242' })
    expect((await promoState(t, 'WELCOME10')).redemptions.find((row) => row.orderId === order.id)?.status).toBe('redeemed')
    const receipts = await receiptsFor(t, order.id)
    expect(receipts).toHaveLength(1)
    expect(receipts[0]!.to).toBe(email)
    const lookup = (await orderBySession(t, session.sessionId, session.browserCookie)).json()
    expect(lookup.data).toMatchObject({ status: 'COMPLETED', cardLast4: '4242', email, totalCents: order.totalAmountCents })
  })

  it('the success page completes a paid order before the webhook arrives; the late webhook changes nothing', async () => {
    const shopper = await createSignedInUser(t)
    const session = await createSession(
      t,
      { checkoutType: 'direct', userId: shopper.id, uiMode: 'embedded', items: [{ productId: plain.id, quantity: 1 }] },
      { cookie: shopper.cookie },
    )
    expect(session.client_secret).toMatch(new RegExp(`^${session.sessionId}_secret_`))
    expect((await payBuiltinSession(t.app, session.sessionId, { clientSecret: session.client_secret! })).status).toBe(200)
    const lookup = await t.app.inject({ method: 'GET', url: `/api/orders/by-session/${session.sessionId}`, headers: { cookie: shopper.cookie } })
    expect(lookup.json().data).toMatchObject({ orderId: session.orderId, status: 'COMPLETED', cardLast4: '4242' })
    await deliverWebhooksInto(t.app)
    expect(await receiptsFor(t, session.orderId)).toHaveLength(1)
    expect((await orderById(t, session.orderId)).status).toBe('COMPLETED')
  })

  it('a declined card grants nothing; the expired session cancels the order and releases the promo use', async () => {
    const before = (await promoState(t, 'SAVE20')).uses
    const session = await createSession(t, {
      checkoutType: 'direct',
      customerEmail: uniqueEmail('declined'),
      promoCode: 'SAVE20',
      items: [{ productId: digital.id, quantity: 1 }],
    })
    const declined = await payBuiltinSession(t.app, session.sessionId, { cardNumber: TEST_CARDS.declined })
    expect(declined.status).toBe(402)
    expect(declined.body.error?.message).toBe('Your card was declined.')
    await deliverWebhooksInto(t.app)
    expect((await orderById(t, session.orderId)).status).toBe('PENDING')
    expect((await orderBySession(t, session.sessionId, session.browserCookie)).json().data.status).toBe('PENDING')

    const later = new Date(Date.now() + 25 * 60 * 60 * 1000)
    expect(await builtinProvider(t.app).expireDueSessions(later)).toBeGreaterThanOrEqual(1)
    await deliverWebhooksInto(t.app, later)
    expect((await orderById(t, session.orderId)).status).toBe('CANCELLED')
    expect((await promoState(t, 'SAVE20')).uses).toBe(before)
    expect(await receiptsFor(t, session.orderId)).toEqual([])
    expect((await itemsOf(t, session.orderId))[0]).toMatchObject({ productId: digital.id, downloadsRemaining: 3 })
  })

  it('a replaced checkout expires the older session so it can no longer be paid', async () => {
    const shopper = await createSignedInUser(t)
    const old = await createSession(t, { checkoutType: 'cart', userId: shopper.id, items: [{ productId: plain.id, quantity: 1 }] }, { cookie: shopper.cookie })
    await createSession(t, { checkoutType: 'cart', userId: shopper.id, items: [{ productId: plain.id, quantity: 2 }] }, { cookie: shopper.cookie })
    expect((await orderById(t, old.orderId)).status).toBe('CANCELLED')
    const payOld = await payBuiltinSession(t.app, old.sessionId)
    expect(payOld.status).toBe(400)
    expect((await orderById(t, old.orderId)).status).toBe('CANCELLED')
  })
})
