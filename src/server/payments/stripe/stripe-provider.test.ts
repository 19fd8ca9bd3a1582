/**
 * The Stripe provider against a local HTTP server standing in for api.stripe.com: the requests
 * the stripe SDK really makes (session parameters, amounts in cents, the coupon, the tax line,
 * the order id in metadata), how answers are read, and webhook signature checks.
 */
import Stripe from 'stripe'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { checkoutSessionInput } from '../../../../tests/support/payments.ts'
import {
  metadataOf,
  resourceMissing,
  startStripeStandIn,
  stripeSession,
  type RecordedRequest,
  type StripeStandIn,
} from '../../../../tests/support/stripe-stand-in.ts'
import { createTestApp } from '../../../../tests/support/test-app.ts'
import { WebhookSignatureError, type PaymentProvider } from '../provider.ts'
import { createStripeProvider, STRIPE_SESSION_LIFETIME_SECONDS } from './stripe-provider.ts'

const WEBHOOK_SECRET = 'whsec_test_local_stand_in'
let standIn: StripeStandIn
let requests: RecordedRequest[]
let provider: PaymentProvider

function answer(request: RecordedRequest): [number, unknown] {
  const { method, path, form } = request
  if (method === 'POST' && path === '/v1/coupons') {
    return [200, { id: 'coupon_once_1', object: 'coupon', amount_off: Number(form.amount_off), currency: form.currency, duration: form.duration }]
  }
  if (method === 'POST' && path === '/v1/checkout/sessions') {
    const hosted = form.ui_mode === 'hosted_page'
    const metadata = metadataOf(form)
    return [
      200,
      stripeSession({
        id: 'cs_test_from_stripe',
        url: hosted ? 'https://checkout.stripe.com/c/pay/cs_test_from_stripe' : null,
        client_secret: hosted ? null : 'cs_test_from_stripe_secret_xyz',
        amount_total: 5831,
        customer_email: form.customer_email ?? null,
        metadata,
        ui_mode: form.ui_mode,
      }),
    ]
  }
  if (method === 'GET' && path === '/v1/checkout/sessions/cs_test_paid') {
    return [
      200,
      stripeSession({
        id: 'cs_test_paid',
        status: 'complete',
        payment_status: 'paid',
        amount_total: 5831,
        customer_details: { email: 'buyer@example.com' },
        metadata: { orderId: 'order-1' },
        payment_intent: {
          id: 'pi_paid',
          object: 'payment_intent',
          latest_charge: { id: 'ch_1', object: 'charge', payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242', country: 'DE' } } },
        },
      }),
    ]
  }
  if (method === 'GET' && path === '/v1/checkout/sessions/cs_test_done') {
    return [200, stripeSession({ id: 'cs_test_done', status: 'complete', payment_status: 'paid', amount_total: 100 })]
  }
  if (method === 'POST' && path === '/v1/checkout/sessions/cs_test_open/expire') {
    return [200, stripeSession({ id: 'cs_test_open', status: 'expired', amount_total: 100 })]
  }
  if (method === 'POST' && path === '/v1/checkout/sessions/cs_test_done/expire') {
    return [
      400,
      {
        error: {
          type: 'invalid_request_error',
          message: 'Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "complete".',
        },
      },
    ]
  }
  if (method === 'POST' && path === '/v1/refunds') {
    const metadata = metadataOf(form)
    return [
      200,
      { id: 're_new', object: 'refund', amount: Number(form.amount), payment_intent: form.payment_intent, status: 'pending', reason: form.reason, metadata },
    ]
  }
  if (method === 'GET' && path === '/v1/payment_intents/pi_paid') {
    return [200, { id: 'pi_paid', object: 'payment_intent', amount: 5831, metadata: { orderId: 'order-1' } }]
  }
  if (method === 'GET' && path === '/v1/refunds' && request.query.get('payment_intent') === 'pi_paid') {
    return [
      200,
      {
        object: 'list',
        has_more: false,
        url: '/v1/refunds',
        data: [
          { id: 're_2', object: 'refund', amount: 1000, payment_intent: 'pi_paid', status: 'failed', reason: null, metadata: {} },
          {
            id: 're_1',
            object: 'refund',
            amount: 2999,
            payment_intent: 'pi_paid',
            status: 'succeeded',
            reason: 'requested_by_customer',
            metadata: { orderId: 'order-1', orderItemIds: 'item-1' },
          },
        ],
      },
    ]
  }
  return resourceMissing(path)
}

beforeAll(async () => {
  standIn = await startStripeStandIn(answer)
  requests = standIn.requests
  provider = createStripeProvider({ secretKey: 'sk_test_local', publishableKey: 'pk_test_local', webhookSecret: WEBHOOK_SECRET, api: standIn.api })
})
afterAll(() => standIn.close())
beforeEach(() => {
  requests.length = 0
})

describe('creating a Stripe Checkout Session', () => {
  it('hosted: one price_data line per product in cents, the tax line, the promo as a one-off coupon, order id in metadata', async () => {
    const input = checkoutSessionInput({ orderId: 'order-123' })
    const before = Math.floor(Date.now() / 1000)
    const session = await provider.createCheckoutSession(input)

    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /v1/coupons', 'POST /v1/checkout/sessions'])
    const [coupon, create] = requests as [RecordedRequest, RecordedRequest]
    expect(create.authorization).toBe('Bearer sk_test_local')
    expect(coupon.form).toMatchObject({ amount_off: '600', currency: 'usd', duration: 'once', max_redemptions: '1', 'metadata[orderId]': 'order-123' })
    expect(create.form).toMatchObject({
      mode: 'payment',
      ui_mode: 'hosted_page',
      success_url: 'http://localhost:3000/payment/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/payment/cancel',
      customer_email: 'producer@example.com',
      client_reference_id: 'order-123',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '2999',
      'line_items[0][price_data][product_data][name]': 'Analog Drum Machine Pack',
      'line_items[0][price_data][product_data][metadata][productId]': 'p-1',
      'line_items[1][quantity]': '2',
      'line_items[1][price_data][unit_amount]': '1500',
      'line_items[2][quantity]': '1',
      'line_items[2][price_data][unit_amount]': '432',
      'line_items[2][price_data][product_data][name]': 'Estimated tax',
      'discounts[0][coupon]': 'coupon_once_1',
      'metadata[orderId]': 'order-123',
      'metadata[promoCode]': 'WELCOME10',
      'payment_intent_data[metadata][orderId]': 'order-123',
    })
    expect(create.form.return_url).toBeUndefined()
    expect(Number(create.form.expires_at) - before).toBeGreaterThanOrEqual(STRIPE_SESSION_LIFETIME_SECONDS - 5)
    expect(Number(create.form.expires_at) - before).toBeLessThanOrEqual(24 * 60 * 60)

    expect(session).toMatchObject({
      id: 'cs_test_from_stripe',
      url: 'https://checkout.stripe.com/c/pay/cs_test_from_stripe',
      clientSecret: null,
      status: 'open',
      paymentStatus: 'unpaid',
      amountTotalCents: 5831,
      metadata: { orderId: 'order-123', promoCode: 'WELCOME10' },
    })
  })

  it('embedded: ui_mode embedded_page with the return URL, no coupon without a discount, no tax line without tax', async () => {
    const input = checkoutSessionInput({
      uiMode: 'embedded',
      lineItems: [{ productId: 'p-9', name: 'Tape Saturator', unitAmountCents: 4900, quantity: 1 }],
      discountCents: 0,
      taxCents: 0,
      totalCents: 4900,
      customerEmail: null,
    })
    const session = await provider.createCheckoutSession(input)
    expect(requests.map((request) => request.path)).toEqual(['/v1/checkout/sessions'])
    const form = requests[0]!.form
    expect(form).toMatchObject({
      ui_mode: 'embedded_page',
      return_url: input.returnUrl,
      redirect_on_completion: 'if_required',
      'line_items[0][price_data][unit_amount]': '4900',
    })
    expect(
      Object.keys(form).filter((key) => key.startsWith('line_items[1]') || key.startsWith('discounts') || key === 'customer_email' || key === 'success_url'),
    ).toEqual([])
    expect(session.clientSecret).toBe('cs_test_from_stripe_secret_xyz')
  })

  it('never calls Stripe with totals that do not add up', async () => {
    await expect(provider.createCheckoutSession(checkoutSessionInput({ totalCents: 1 }))).rejects.toThrow(/does not equal/)
    expect(requests).toEqual([])
  })
})

describe('reading and ending sessions', () => {
  it('retrieves with the PaymentIntent latest charge and the tax breakdown expanded, to read the card last four (and Stripe Tax)', async () => {
    const session = await provider.retrieveCheckoutSession('cs_test_paid')
    expect(Object.fromEntries(requests[0]!.query)).toEqual({ 'expand[0]': 'payment_intent.latest_charge', 'expand[1]': 'total_details.breakdown' })
    expect(session).toEqual({
      id: 'cs_test_paid',
      url: null,
      clientSecret: null,
      status: 'complete',
      paymentStatus: 'paid',
      amountTotalCents: 5831,
      currency: 'usd',
      customerEmail: 'buyer@example.com',
      metadata: { orderId: 'order-1' },
      cardLast4: '4242',
      cardCountry: 'DE',
      paymentIntentId: 'pi_paid',
    })
  })

  it('answers null for a session Stripe does not know', async () => {
    expect(await provider.retrieveCheckoutSession('cs_test_unknown')).toBeNull()
  })

  it('expires an open session with POST .../expire, and takes a completed one as already ended', async () => {
    await provider.expireCheckoutSession('cs_test_open')
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /v1/checkout/sessions/cs_test_open/expire'])
    await expect(provider.expireCheckoutSession('cs_test_done')).resolves.toBeUndefined()
    await expect(provider.expireCheckoutSession('cs_test_unknown')).rejects.toThrow(/No such checkout.session/)
  })
})

describe('webhook signatures', () => {
  const payload = JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type: 'checkout.session.completed',
    created: 1_700_000_000,
    data: {
      object: stripeSession({
        id: 'cs_test_paid',
        status: 'complete',
        payment_status: 'paid',
        amount_total: 5831,
        metadata: { orderId: 'order-1' },
        payment_intent: 'pi_paid',
      }),
    },
  })

  it('accepts an event signed with STRIPE_WEBHOOK_SECRET and reads its session', () => {
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })
    expect(provider.constructEvent(payload, header)).toEqual({
      id: 'evt_1',
      type: 'checkout.session.completed',
      created: 1_700_000_000,
      session: expect.objectContaining({
        id: 'cs_test_paid',
        paymentStatus: 'paid',
        amountTotalCents: 5831,
        metadata: { orderId: 'order-1' },
        paymentIntentId: 'pi_paid',
        cardLast4: null,
      }),
      charge: null,
      refund: null,
      dispute: null,
    })
    expect(provider.constructEvent(Buffer.from(payload), header).id).toBe('evt_1')
  })

  it('reads the charge, refund and dispute that refund and dispute events are about', () => {
    const signed = (object: unknown, type: string) => {
      const body = JSON.stringify({ id: `evt_${type}`, object: 'event', type, created: 1_700_000_100, data: { object } })
      return provider.constructEvent(body, Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }))
    }
    const charge = signed({ id: 'ch_1', object: 'charge', payment_intent: 'pi_paid', amount_refunded: 2999, metadata: {} }, 'charge.refunded')
    expect(charge.charge).toEqual({ id: 'ch_1', paymentIntentId: 'pi_paid', orderId: null })
    expect(charge.session).toBeNull()
    const refund = signed(
      { id: 're_1', object: 'refund', amount: 2999, payment_intent: 'pi_paid', status: 'failed', reason: null, metadata: { orderId: 'order-1' } },
      'refund.updated',
    )
    expect(refund.refund).toEqual({
      id: 're_1',
      paymentIntentId: 'pi_paid',
      amountCents: 2999,
      status: 'failed',
      reason: null,
      metadata: { orderId: 'order-1' },
    })
    const dispute = signed(
      { id: 'dp_1', object: 'dispute', amount: 5831, charge: 'ch_1', payment_intent: 'pi_paid', status: 'lost', reason: 'fraudulent' },
      'charge.dispute.closed',
    )
    expect(dispute.dispute).toEqual({ id: 'dp_1', paymentIntentId: 'pi_paid', amountCents: 5831, status: 'lost', reason: 'fraudulent' })
    const other = signed({ id: 'cus_1', object: 'customer', email: 'buyer@example.com' }, 'customer.created')
    expect([other.session, other.charge, other.refund, other.dispute]).toEqual([null, null, null, null])
  })

  it('refuses a forged, missing or stale (> 300 s) signature', () => {
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' })
    const stale = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 301 })
    const tampered = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })
    expect(() => provider.constructEvent(payload, forged)).toThrow(WebhookSignatureError)
    expect(() => provider.constructEvent(payload, undefined)).toThrow(WebhookSignatureError)
    expect(() => provider.constructEvent(payload, '')).toThrow(WebhookSignatureError)
    expect(() => provider.constructEvent(payload, stale)).toThrow(WebhookSignatureError)
    expect(() => provider.constructEvent(payload.replace('5831', '1'), tampered)).toThrow(WebhookSignatureError)
  })

  it('refuses every webhook when no webhook secret is configured', () => {
    const unsigned = createStripeProvider({ secretKey: 'sk_test_local', publishableKey: null, webhookSecret: null })
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })
    expect(() => unsigned.constructEvent(payload, header)).toThrow(WebhookSignatureError)
  })
})

describe('choosing Stripe by configuration', () => {
  it('with STRIPE_SECRET_KEY the app uses Stripe, tells the browser its publishable key, and has no built-in payment page API', async () => {
    const t = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_config', STRIPE_PUBLISHABLE_KEY: 'pk_test_config', STRIPE_WEBHOOK_SECRET: 'whsec_config' })
    try {
      expect(t.app.payments.kind).toBe('stripe')
      const config = await t.app.inject({ method: 'GET', url: '/api/payments/config' })
      expect(config.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_config' })
      // The page may load Stripe.js and frame Stripe's embedded checkout.
      expect(config.headers['content-security-policy']).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/)
      expect(config.headers['content-security-policy']).toMatch(/frame-src [^;]*https:\/\/checkout\.stripe\.com/)
      const builtin = await t.app.inject({ method: 'GET', url: '/api/builtin-pay/sessions/cs_test_x' })
      expect(builtin.statusCode).toBe(404)
    } finally {
      await t.close()
    }
  })
})

describe('refunds on Stripe', () => {
  it('creates a refund of the payment intent for the amount, with our metadata and an idempotency key', async () => {
    const refund = await provider.refund({
      paymentIntentId: 'pi_paid',
      amountCents: 2999,
      reason: 'Wrong pack',
      metadata: { orderId: 'order-1', orderItemIds: 'item-1' },
      idempotencyKey: 'refund-order-1-item-1',
    })

    const [create] = requests as [RecordedRequest]
    expect(`${create.method} ${create.path}`).toBe('POST /v1/refunds')
    expect(create.form).toMatchObject({
      payment_intent: 'pi_paid',
      amount: '2999',
      reason: 'requested_by_customer',
      'metadata[orderId]': 'order-1',
      'metadata[orderItemIds]': 'item-1',
    })
    expect(create.idempotencyKey).toBe('refund-order-1-item-1')
    expect(refund).toEqual({
      id: 're_new',
      paymentIntentId: 'pi_paid',
      amountCents: 2999,
      status: 'pending',
      reason: 'requested_by_customer',
      metadata: { orderId: 'order-1', orderItemIds: 'item-1' },
    })
  })

  it('reads a payment as Stripe knows it now: its order from metadata and every refund with its status', async () => {
    const record = await provider.paymentRecord('pi_paid')

    expect(record?.orderId).toBe('order-1')
    expect(record?.refunds.map((refund) => [refund.id, refund.amountCents, refund.status])).toEqual([
      ['re_2', 1000, 'failed'],
      ['re_1', 2999, 'succeeded'],
    ])
    expect(record?.refunds[1]?.metadata.orderItemIds).toBe('item-1')
  })

  it('answers null for a payment Stripe does not know', async () => {
    expect(await provider.paymentRecord('pi_unknown')).toBeNull()
  })
})
