/**
 * An in-memory PaymentProvider for checkout tests: sessions a test can pay, expire or make
 * fail, and Stripe-signed webhook events (the `stripe` SDK signs and verifies them) so the
 * webhook route is exercised exactly as a provider would call it.
 */
import { randomBytes } from 'node:crypto'
import Stripe from 'stripe'
import {
  WebhookSignatureError,
  type CreateCheckoutSessionInput,
  type PaymentCheckoutSession,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentRecord,
  type PaymentRefund,
  type RefundInput,
} from '../../src/server/payments/provider.ts'
import { verifyStripeEvent } from '../../src/server/payments/stripe-events.ts'

export const FAKE_WEBHOOK_SECRET = 'whsec_checkout_fake_provider_secret'
const TOLERANCE_SECONDS = 300

interface StoredSession extends PaymentCheckoutSession {
  input: CreateCheckoutSessionInput
}

const randomId = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`

export class FakePaymentProvider implements PaymentProvider {
  readonly kind = 'builtin' as const
  readonly publishableKey = null
  readonly sessions = new Map<string, StoredSession>()
  /** Every createCheckoutSession input, in call order. */
  readonly created: CreateCheckoutSessionInput[] = []
  /** When set, the next createCheckoutSession call throws it (then it is cleared). */
  failNextCreate: Error | null = null
  /** Milliseconds each createCheckoutSession takes, to widen race windows. */
  createDelayMs = 0
  /** Refunds by payment intent, in the order they were made. */
  readonly refunds = new Map<string, PaymentRefund[]>()
  /** Every refund call, in call order. */
  readonly refundCalls: RefundInput[] = []

  constructor(private readonly publicUrl = 'http://localhost:3000') {}

  async createCheckoutSession(input: CreateCheckoutSessionInput): Promise<PaymentCheckoutSession> {
    if (this.createDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.createDelayMs))
    const failure = this.failNextCreate
    if (failure) {
      this.failNextCreate = null
      throw failure
    }
    this.created.push(input)
    const id = randomId('cs_test_fake_')
    const session: StoredSession = {
      id,
      url: input.uiMode === 'hosted' ? `${this.publicUrl}/pay/${id}` : null,
      clientSecret: input.uiMode === 'embedded' ? `${id}_secret_${randomBytes(8).toString('hex')}` : null,
      status: 'open',
      paymentStatus: 'unpaid',
      amountTotalCents: input.totalCents,
      currency: input.currency,
      customerEmail: input.customerEmail,
      metadata: { ...input.metadata },
      cardLast4: null,
      paymentIntentId: null,
      input,
    }
    this.sessions.set(id, session)
    return publicView(session)
  }

  async retrieveCheckoutSession(sessionId: string): Promise<PaymentCheckoutSession | null> {
    const session = this.sessions.get(sessionId)
    return session ? publicView(session) : null
  }

  async expireCheckoutSession(sessionId: string): Promise<void> {
    const session = this.sessions.get(sessionId)
    if (!session) throw new Error(`No such checkout session: ${sessionId}`)
    if (session.status === 'complete') throw new Error('Only open sessions can be expired')
    session.status = 'expired'
  }

  async refund(input: RefundInput): Promise<PaymentRefund> {
    this.refundCalls.push(input)
    const list = this.refunds.get(input.paymentIntentId) ?? []
    const existing = list.find((refund) => refund.metadata.idempotencyKey === input.idempotencyKey)
    if (existing) return { ...existing }
    return this.refundAtProvider(input.paymentIntentId, input.amountCents, {
      metadata: { ...input.metadata, idempotencyKey: input.idempotencyKey },
      status: 'pending',
    })
  }

  async paymentRecord(paymentIntentId: string): Promise<PaymentRecord | null> {
    const session = [...this.sessions.values()].find((candidate) => candidate.paymentIntentId === paymentIntentId)
    if (!session) return null
    return {
      orderId: session.metadata.orderId ?? null,
      refunds: (this.refunds.get(paymentIntentId) ?? []).map((refund) => ({ ...refund, metadata: { ...refund.metadata } })),
    }
  }

  constructEvent(rawBody: string | Buffer, signatureHeader: string | undefined): PaymentEvent {
    if (!signatureHeader) throw new WebhookSignatureError('Missing Stripe-Signature header')
    let event: Stripe.Event
    try {
      event = Stripe.webhooks.constructEvent(rawBody, signatureHeader, FAKE_WEBHOOK_SECRET, TOLERANCE_SECONDS)
    } catch (error) {
      throw new WebhookSignatureError((error as Error).message)
    }
    const object = (event.data as unknown as { object: WireSession | { object: string } }).object
    // Charges, refunds and disputes travel as Stripe writes them: the shared reader reads them.
    if (object.object !== 'checkout.session') return verifyStripeEvent(rawBody, signatureHeader, FAKE_WEBHOOK_SECRET)
    return { id: event.id, type: event.type, created: event.created, session: fromWire(object as WireSession) }
  }

  /** A refund made at the provider (its dashboard, or the store through `refund`); `succeeded` unless told otherwise. */
  refundAtProvider(
    paymentIntentId: string,
    amountCents: number,
    { metadata = {}, status = 'succeeded' }: { metadata?: Record<string, string>; status?: string } = {},
  ): PaymentRefund {
    const refund: PaymentRefund = { id: randomId('re_test_fake_'), paymentIntentId, amountCents, status, reason: 'requested_by_customer', metadata }
    this.refunds.set(paymentIntentId, [...(this.refunds.get(paymentIntentId) ?? []), refund])
    return { ...refund }
  }

  /** The provider changes a refund's status (it succeeded, failed or was cancelled). */
  updateRefund(refundId: string, status: string): PaymentRefund {
    for (const list of this.refunds.values()) {
      const refund = list.find((candidate) => candidate.id === refundId)
      if (refund) {
        refund.status = status
        return { ...refund }
      }
    }
    throw new Error(`No such refund: ${refundId}`)
  }

  /** A webhook request body and headers for an event about any Stripe object (a charge, refund, dispute, customer), signed as Stripe signs. */
  signedObjectEvent(type: string, object: Record<string, unknown>, { eventId = randomId('evt_test_fake_'), timestamp = Math.floor(Date.now() / 1000) } = {}) {
    const payload = JSON.stringify({ id: eventId, object: 'event', type, created: timestamp, data: { object } })
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: FAKE_WEBHOOK_SECRET, timestamp })
    return { eventId, payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } }
  }

  /** The shopper pays: the session completes with the card's last four (and, for a test of tampering, another amount). */
  pay(sessionId: string, { cardLast4 = '4242', amountTotalCents }: { cardLast4?: string; amountTotalCents?: number } = {}): PaymentCheckoutSession {
    const session = this.sessions.get(sessionId)
    if (!session) throw new Error(`No such checkout session: ${sessionId}`)
    session.status = 'complete'
    session.paymentStatus = 'paid'
    session.cardLast4 = cardLast4
    session.paymentIntentId = randomId('pi_test_fake_')
    if (amountTotalCents !== undefined) session.amountTotalCents = amountTotalCents
    return publicView(session)
  }

  /** The provider ends an unpaid session (its time ran out). */
  expire(sessionId: string): PaymentCheckoutSession {
    const session = this.sessions.get(sessionId)
    if (!session) throw new Error(`No such checkout session: ${sessionId}`)
    session.status = 'expired'
    return publicView(session)
  }

  /** A webhook request body and headers for an event about `session`, signed as Stripe signs. */
  signedEvent(
    type: string,
    session: PaymentCheckoutSession,
    { eventId = randomId('evt_test_fake_'), timestamp = Math.floor(Date.now() / 1000), secret = FAKE_WEBHOOK_SECRET } = {},
  ): { eventId: string; payload: string; headers: Record<string, string> } {
    const payload = JSON.stringify({ id: eventId, object: 'event', type, created: timestamp, data: { object: toWire(session) } })
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp })
    return { eventId, payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } }
  }
}

/** A checkout session as it travels in an event (Stripe's snake_case fields). */
interface WireSession {
  id: string
  object: 'checkout.session'
  url: string | null
  client_secret: string | null
  status: PaymentCheckoutSession['status']
  payment_status: PaymentCheckoutSession['paymentStatus']
  amount_total: number
  currency: string
  customer_email: string | null
  metadata: Record<string, string>
  payment_intent: string | null
  card_last4: string | null
}

function toWire(session: PaymentCheckoutSession): WireSession {
  return {
    id: session.id,
    object: 'checkout.session',
    url: session.url,
    client_secret: session.clientSecret,
    status: session.status,
    payment_status: session.paymentStatus,
    amount_total: session.amountTotalCents,
    currency: session.currency,
    customer_email: session.customerEmail,
    metadata: session.metadata,
    payment_intent: session.paymentIntentId,
    card_last4: session.cardLast4,
  }
}

function fromWire(wire: WireSession): PaymentCheckoutSession {
  return {
    id: wire.id,
    url: wire.url,
    clientSecret: wire.client_secret,
    status: wire.status,
    paymentStatus: wire.payment_status,
    amountTotalCents: wire.amount_total,
    currency: wire.currency,
    customerEmail: wire.customer_email,
    metadata: wire.metadata,
    cardLast4: wire.card_last4,
    paymentIntentId: wire.payment_intent,
  }
}

function publicView({ input: _input, ...session }: StoredSession): PaymentCheckoutSession {
  return { ...session, metadata: { ...session.metadata } }
}
