/**
 * The built-in provider through the app: opening sessions, the payment page's view, every test
 * card's outcome, client secrets, expiry, and the provider's reading of its own sessions.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paymentSessions, paymentWebhookDeliveries } from '../payments.schema.ts'
import { builtinProvider, checkoutSessionInput as sessionInput, payBuiltinSession, TEST_CARDS } from '../../../../tests/support/payments.ts'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

async function deliveriesOf(sessionId: string) {
  const rows = await t.database.db.select().from(paymentWebhookDeliveries)
  return rows.filter((row) => (row.payload as { data: { object: { id: string } } }).data.object.id === sessionId)
}

describe('built-in provider sessions', () => {
  it('opens a hosted session shaped like Stripe: cs_test_ id, our /pay page, the order id in metadata', async () => {
    const input = sessionInput()
    const session = await t.app.payments.createCheckoutSession(input)
    expect(t.app.payments.kind).toBe('builtin')
    expect(session.id).toMatch(/^cs_test_[0-9A-Za-z]{24,}$/)
    expect(session.url).toBe(`${t.config.publicUrl}/pay/${session.id}`)
    expect(session.clientSecret).toBeNull()
    expect(session).toMatchObject({ status: 'open', paymentStatus: 'unpaid', amountTotalCents: 5831, currency: 'usd', customerEmail: 'producer@example.com' })
    expect(session.metadata).toEqual({ promoCode: 'WELCOME10', orderId: input.orderId })
  })

  it('opens an embedded session with a client secret that names it, and no page URL', async () => {
    const session = await t.app.payments.createCheckoutSession(sessionInput({ uiMode: 'embedded' }))
    expect(session.url).toBeNull()
    expect(session.clientSecret).toMatch(new RegExp(`^${session.id}_secret_[0-9A-Za-z]{24}$`))
  })

  it('refuses totals that do not add up, so nothing is charged that checkout did not price', async () => {
    await expect(t.app.payments.createCheckoutSession(sessionInput({ totalCents: 100 }))).rejects.toThrow(/does not equal/)
  })

  it('shows the payment page the lines and amounts, never the client secret', async () => {
    const session = await t.app.payments.createCheckoutSession(sessionInput())
    const response = await t.app.inject({ method: 'GET', url: `/api/builtin-pay/sessions/${session.id}` })
    expect(response.statusCode).toBe(200)
    expect(response.body).not.toContain('_secret_')
    expect(response.json()).toMatchObject({
      id: session.id,
      status: 'open',
      lineItems: [
        { name: 'Analog Drum Machine Pack', quantity: 1, unitAmountCents: 2999 },
        { name: 'Lo-fi MIDI Chords', quantity: 2, unitAmountCents: 1500 },
      ],
      subtotalCents: 5999,
      discountCents: 600,
      taxCents: 432,
      amountTotalCents: 5831,
      customerEmail: 'producer@example.com',
      cancelUrl: 'http://localhost:3000/payment/cancel',
      successUrl: null,
    })
  })

  it('answers 404 for an unknown session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/builtin-pay/sessions/cs_test_nope' })
    expect(response.statusCode).toBe(404)
    expect(response.json().error.message).toBe('No such checkout session.')
  })

  it('tells which provider the browser should load', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/payments/config' })
    expect(response.json()).toEqual({ provider: 'builtin', publishableKey: null })
    expect(response.headers['content-security-policy']).not.toContain('stripe.com')
  })
})

describe('paying with test cards', () => {
  it('pays with 4242 4242 4242 4242: session complete with the card, one completed event queued, the success URL returned', async () => {
    const session = await t.app.payments.createCheckoutSession(sessionInput())
    const paid = await payBuiltinSession(t.app, session.id, { cardNumber: TEST_CARDS.visa })
    expect(paid.status).toBe(200)
    expect(paid.body).toEqual({ sessionId: session.id, redirectUrl: `http://localhost:3000/payment/success?session_id=${session.id}` })

    const after = await t.app.payments.retrieveCheckoutSession(session.id)
    expect(after).toMatchObject({ status: 'complete', paymentStatus: 'paid', cardLast4: '4242', amountTotalCents: 5831 })
    expect(after?.paymentIntentId).toMatch(/^pi_[0-9A-Za-z]{24}$/)

    const deliveries = await deliveriesOf(session.id)
    expect(deliveries).toHaveLength(1)
    const event = deliveries[0]!.payload as { id: string; object: string; type: string; data: { object: Record<string, unknown> } }
    expect(event.id).toMatch(/^evt_/)
    expect(event).toMatchObject({ object: 'event', type: 'checkout.session.completed' })
    expect(event.data.object).toMatchObject({
      id: session.id,
      object: 'checkout.session',
      amount_total: 5831,
      currency: 'usd',
      customer_email: 'producer@example.com',
      customer_details: { email: 'producer@example.com' },
      metadata: session.metadata,
      payment_status: 'paid',
      status: 'complete',
      payment_intent: after?.paymentIntentId,
      ui_mode: 'hosted_page',
    })
  })

  it.each([
    [TEST_CARDS.declined, 402, 'card_declined', 'Your card was declined.'],
    [TEST_CARDS.insufficientFunds, 402, 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4242 4242 4242 4241', 400, 'invalid_number', 'Your card number is invalid.'],
    ['4111 1111 1111 1111', 402, 'card_declined', 'Your card was declined. Your request was in test mode, but used a non test card.'],
  ])('card %s → %i %s, nothing paid, no event', async (cardNumber, status, code, message) => {
    const session = await t.app.payments.createCheckoutSession(sessionInput())
    const result = await payBuiltinSession(t.app, session.id, { cardNumber })
    expect(result.status).toBe(status)
    expect(result.body.error).toMatchObject({ code, message })
    expect(await t.app.payments.retrieveCheckoutSession(session.id)).toMatchObject({ status: 'open', paymentStatus: 'unpaid', cardLast4: null })
    expect(await deliveriesOf(session.id)).toHaveLength(0)
  })

  it("refuses an expiry in the past and a short CVC with Stripe's words", async () => {
    const session = await t.app.payments.createCheckoutSession(sessionInput())
    const expired = await payBuiltinSession(t.app, session.id, { expMonth: 1, expYear: 2020 })
    expect(expired.status).toBe(400)
    expect(expired.body.error?.message).toBe("Your card's expiration date is in the past.")
    const badCvc = await payBuiltinSession(t.app, session.id, { cvc: '12' })
    expect(badCvc.status).toBe(400)
    expect(badCvc.body.error?.message).toBe("Your card's security code is invalid.")
    const noName = await payBuiltinSession(t.app, session.id, { name: '  ' })
    expect(noName.body.error?.message).toBe('Please enter the name on your card.')
  })

  it('lets a declined shopper try again with a good card', async () => {
    const session = await t.app.payments.createCheckoutSession(sessionInput())
    expect((await payBuiltinSession(t.app, session.id, { cardNumber: TEST_CARDS.declined })).status).toBe(402)
    expect((await payBuiltinSession(t.app, session.id)).status).toBe(200)
  })

  it('refuses to pay a session twice, and reports it paid', async () => {
    const session = await t.app.payments.createCheckoutSession(sessionInput())
    expect((await payBuiltinSession(t.app, session.id)).status).toBe(200)
    const again = await payBuiltinSession(t.app, session.id)
    expect(again.status).toBe(400)
    expect(again.body.error?.message).toBe('This checkout session has already been paid.')
    expect(await deliveriesOf(session.id)).toHaveLength(1)
    const view = await t.app.inject({ method: 'GET', url: `/api/builtin-pay/sessions/${session.id}` })
    expect(view.json()).toMatchObject({ status: 'complete', successUrl: `http://localhost:3000/payment/success?session_id=${session.id}` })
  })
})

describe('embedded sessions and their client secret', () => {
  it('pays with the right client secret and returns the return URL', async () => {
    const session = await t.app.payments.createCheckoutSession(
      sessionInput({ uiMode: 'embedded', returnUrl: 'http://localhost:3000/payment/success?session_id={CHECKOUT_SESSION_ID}&flow=embedded' }),
    )
    const paid = await payBuiltinSession(t.app, session.id, { clientSecret: session.clientSecret! })
    expect(paid.status).toBe(200)
    expect(paid.body.redirectUrl).toBe(`http://localhost:3000/payment/success?session_id=${session.id}&flow=embedded`)
  })

  it('refuses a wrong client secret (403) or none (404), and pays nothing', async () => {
    const session = await t.app.payments.createCheckoutSession(sessionInput({ uiMode: 'embedded' }))
    const wrong = await payBuiltinSession(t.app, session.id, { clientSecret: `${session.id}_secret_AAAAAAAAAAAAAAAAAAAAAAAA` })
    expect(wrong.status).toBe(403)
    expect(wrong.body.error?.message).toBe('The client secret does not match this checkout session.')
    const none = await payBuiltinSession(t.app, session.id)
    expect(none.status).toBe(404)
    const view = await t.app.inject({ method: 'GET', url: `/api/builtin-pay/sessions/${session.id}` })
    expect(view.statusCode).toBe(404)
    const withSecret = await t.app.inject({
      method: 'GET',
      url: `/api/builtin-pay/sessions/${session.id}`,
      headers: { 'x-client-secret': session.clientSecret! },
    })
    expect(withSecret.json()).toMatchObject({ status: 'open', amountTotalCents: 5831 })
    expect(await t.app.payments.retrieveCheckoutSession(session.id)).toMatchObject({ status: 'open', paymentStatus: 'unpaid' })
    expect(await deliveriesOf(session.id)).toHaveLength(0)
  })
})

describe('expiry', () => {
  it('expireCheckoutSession ends an open session with one expired event; paying it then fails', async () => {
    const session = await t.app.payments.createCheckoutSession(sessionInput())
    await t.app.payments.expireCheckoutSession(session.id)
    await t.app.payments.expireCheckoutSession(session.id)
    expect(await t.app.payments.retrieveCheckoutSession(session.id)).toMatchObject({ status: 'expired', paymentStatus: 'unpaid', url: null })
    const deliveries = await deliveriesOf(session.id)
    expect(deliveries.map((row) => row.type)).toEqual(['checkout.session.expired'])
    const pay = await payBuiltinSession(t.app, session.id)
    expect(pay.status).toBe(400)
    expect(pay.body.error?.message).toBe('This checkout session has expired. Return to the store to start checkout again.')
  })

  it('leaves a paid session paid when asked to expire it', async () => {
    const session = await t.app.payments.createCheckoutSession(sessionInput())
    await payBuiltinSession(t.app, session.id)
    await t.app.payments.expireCheckoutSession(session.id)
    expect(await t.app.payments.retrieveCheckoutSession(session.id)).toMatchObject({ status: 'complete', paymentStatus: 'paid' })
  })

  it('a session past its 24 hours cannot be paid, and the sweep expires it once', async () => {
    const session = await t.app.payments.createCheckoutSession(sessionInput())
    const row = (await t.database.db.select().from(paymentSessions).where(eq(paymentSessions.id, session.id)))[0]!
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(24 * 60 * 60_000)
    await t.database.db
      .update(paymentSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentSessions.id, session.id))

    const swept = await builtinProvider(t.app).expireDueSessions()
    expect(swept).toBeGreaterThanOrEqual(1)
    expect(await builtinProvider(t.app).expireDueSessions()).toBe(0)
    expect((await deliveriesOf(session.id)).map((delivery) => delivery.type)).toEqual(['checkout.session.expired'])
    expect((await payBuiltinSession(t.app, session.id)).status).toBe(400)
  })

  it('a session found past its deadline before the sweep is expired on the spot', async () => {
    const session = await t.app.payments.createCheckoutSession(sessionInput())
    await t.database.db
      .update(paymentSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentSessions.id, session.id))
    const pay = await payBuiltinSession(t.app, session.id)
    expect(pay.status).toBe(400)
    expect(pay.body.error?.code).toBe('checkout_session_expired')
    expect(await t.app.payments.retrieveCheckoutSession(session.id)).toMatchObject({ status: 'expired' })
    expect((await deliveriesOf(session.id)).map((delivery) => delivery.type)).toEqual(['checkout.session.expired'])
  })
})
