/**
 * Test helpers for the built-in payment provider: Stripe's test cards, paying a session through
 * its payment page API, and delivering queued webhook events into the app under test (the
 * worker is not running in tests) over `app.inject`, signed as in production.
 */
import type { FastifyInstance } from 'fastify'
import { isBuiltinProvider, type BuiltinPaymentProvider } from '../../src/server/payments/builtin/builtin-provider.ts'
import type { DeliveryRunResult } from '../../src/server/payments/builtin/webhook-deliveries.ts'
import type { CreateCheckoutSessionInput } from '../../src/server/payments/provider.ts'

export const TEST_CARDS = {
  visa: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const

export interface TestCardInput {
  cardNumber?: string
  expMonth?: number
  expYear?: number
  cvc?: string
  name?: string
  clientSecret?: string
  email?: string
}

/** The app's provider, which must be the built-in one. */
export function builtinProvider(app: FastifyInstance): BuiltinPaymentProvider {
  if (!isBuiltinProvider(app.payments)) throw new Error('The app under test does not use the built-in payment provider')
  return app.payments
}

/** POSTs the payment page's confirmation; returns the raw inject response (status and JSON). */
export async function payBuiltinSession(app: FastifyInstance, sessionId: string, card: TestCardInput = {}) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/builtin-pay/sessions/${encodeURIComponent(sessionId)}/confirm`,
    payload: {
      cardNumber: card.cardNumber ?? TEST_CARDS.visa,
      expMonth: card.expMonth ?? 12,
      expYear: card.expYear ?? new Date().getUTCFullYear() + 3,
      cvc: card.cvc ?? '123',
      name: card.name ?? 'Test Producer',
      ...(card.clientSecret !== undefined ? { clientSecret: card.clientSecret } : {}),
      ...(card.email !== undefined ? { email: card.email } : {}),
    },
  })
  return { status: response.statusCode, body: response.json() as Record<string, unknown> & { error?: { message: string; code: string } } }
}

/** A fetch that hands each request to `app.inject` by path, as if posted over HTTP. */
export function injectFetch(app: FastifyInstance) {
  return async (url: string, init: { method: 'POST'; headers: Record<string, string>; body: string }) => {
    const { pathname, search } = new URL(url)
    const response = await app.inject({ method: init.method, url: pathname + search, headers: init.headers, payload: init.body })
    return { ok: response.statusCode >= 200 && response.statusCode < 300, status: response.statusCode, text: async () => response.body }
  }
}

/** Delivers every due webhook event into the app's own webhook route (POST /api/webhooks/payments). */
export function deliverWebhooksInto(app: FastifyInstance, now?: Date): Promise<DeliveryRunResult> {
  return builtinProvider(app).deliverDueWebhooks({ fetch: injectFetch(app), ...(now ? { now } : {}) })
}

/** A priced checkout: two lines, a promo discount and tax that add up to the total ($58.31). */
export function checkoutSessionInput(overrides: Partial<CreateCheckoutSessionInput> = {}): CreateCheckoutSessionInput {
  return {
    orderId: crypto.randomUUID(),
    uiMode: 'hosted',
    lineItems: [
      { productId: 'p-1', name: 'Analog Drum Machine Pack', unitAmountCents: 2999, quantity: 1 },
      { productId: 'p-2', name: 'Lo-fi MIDI Chords', unitAmountCents: 1500, quantity: 2 },
    ],
    discountCents: 600,
    taxCents: 432,
    totalCents: 2999 + 3000 - 600 + 432,
    currency: 'usd',
    customerEmail: 'producer@example.com',
    successUrl: 'http://localhost:3000/payment/success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://localhost:3000/payment/cancel',
    returnUrl: 'http://localhost:3000/payment/success?session_id={CHECKOUT_SESSION_ID}',
    metadata: { promoCode: 'WELCOME10' },
    ...overrides,
  }
}
