/**
 * Stripe's wire format, shared by both providers: verifying a `Stripe-Signature` header with
 * the stripe SDK, and reading Stripe's checkout.session object (from Stripe itself or from the
 * built-in provider) into our PaymentCheckoutSession. One reader means fulfilment sees the
 * same fields whichever provider sent them.
 */
import type Stripe from 'stripe'
import { stripeSdk } from './stripe-sdk.ts'
import {
  WebhookSignatureError,
  type PaymentChargeRef,
  type PaymentCheckoutSession,
  type PaymentDispute,
  type PaymentEvent,
  type PaymentRefund,
  type ProviderComputedTax,
} from './provider.ts'

/** Seconds a signed event stays acceptable (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300

/** The parts of Stripe's checkout.session object we read; the built-in provider writes the same shape. */
export interface StripeCheckoutSessionObject {
  id: string
  object: 'checkout.session'
  url: string | null
  client_secret: string | null
  status: string | null
  payment_status: string
  amount_total: number | null
  currency: string | null
  customer_email: string | null
  customer_details?: { email: string | null; name?: string | null } | null
  metadata: Record<string, string> | null
  /** An id, or the PaymentIntent itself when retrieved with `expand`. */
  payment_intent: string | ExpandedPaymentIntent | null
  /** Stripe Tax: enabled when the session was created to compute its own tax. */
  automatic_tax?: { enabled: boolean; liability?: unknown; status?: string | null } | null
  /** The session's totals; `breakdown` only when retrieved with `expand: ['total_details.breakdown']`. */
  total_details?: {
    amount_discount?: number
    amount_shipping?: number | null
    amount_tax?: number | null
    breakdown?: { discounts?: unknown[]; taxes?: StripeTaxBreakdownLine[] } | null
  } | null
}

/** One rate of Stripe Tax's breakdown: its amount, the tax rate object and why it applies. */
interface StripeTaxBreakdownLine {
  amount: number
  rate?: { object?: string; percentage?: number | null; effective_percentage?: number | null; display_name?: string | null; country?: string | null } | null
  taxability_reason?: string | null
  taxable_amount?: number | null
}

/** The parts of Stripe's refund object we read. */
export interface StripeRefundObject {
  id: string
  object: 'refund'
  amount: number
  payment_intent: string | { id: string } | null
  status: string | null
  reason: string | null
  metadata: Record<string, string> | null
}

/** The parts of Stripe's dispute object we read. */
export interface StripeDisputeObject {
  id: string
  object: 'dispute'
  amount: number
  payment_intent: string | { id: string } | null
  status: string
  reason: string | null
}

/** The parts of Stripe's charge object we read. */
export interface StripeChargeObject {
  id: string
  object: 'charge'
  payment_intent: string | { id: string } | null
  metadata: Record<string, string> | null
}

interface ExpandedPaymentIntent {
  id: string
  latest_charge?: string | { payment_method_details?: { card?: { last4?: string | null; country?: string | null } | null } | null } | null
}

/**
 * Verifies the signature over the raw body (300 s tolerance) and parses the event. Throws
 * WebhookSignatureError for a missing, forged or stale signature, or a body that is not an event.
 */
export function verifyStripeEvent(rawBody: string | Buffer, signatureHeader: string | undefined, secret: string | undefined): PaymentEvent {
  if (!secret) throw new WebhookSignatureError('No webhook signing secret is configured')
  if (!signatureHeader) throw new WebhookSignatureError('Missing Stripe-Signature header')
  let event: Stripe.Event
  try {
    event = stripeSdk().webhooks.constructEvent(rawBody, signatureHeader, secret, WEBHOOK_TOLERANCE_SECONDS)
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature')
  }
  return toPaymentEvent(event as unknown as { id: string; type: string; created: number; data: { object: unknown } })
}

/**
 * Reads the objects we act on (checkout sessions, charges, refunds, disputes); every correctly
 * signed event about anything else is read too, with none of them, never refused.
 */
function toPaymentEvent(event: { id: string; type: string; created: number; data: { object: unknown } }): PaymentEvent {
  const object = event.data?.object as { object?: unknown; id?: unknown } | undefined
  const kind = typeof object?.id === 'string' ? object.object : undefined
  return {
    id: event.id,
    type: event.type,
    created: event.created,
    session: kind === 'checkout.session' ? toPaymentCheckoutSession(object as StripeCheckoutSessionObject) : null,
    charge: kind === 'charge' ? toPaymentChargeRef(object as StripeChargeObject) : null,
    refund: kind === 'refund' ? toPaymentRefund(object as StripeRefundObject) : null,
    dispute: kind === 'dispute' ? toPaymentDispute(object as StripeDisputeObject) : null,
  }
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null))

function toPaymentChargeRef(charge: StripeChargeObject): PaymentChargeRef | null {
  const paymentIntentId = idOf(charge.payment_intent)
  return paymentIntentId ? { id: charge.id, paymentIntentId, orderId: charge.metadata?.orderId ?? null } : null
}

export function toPaymentRefund(refund: StripeRefundObject): PaymentRefund | null {
  const paymentIntentId = idOf(refund.payment_intent)
  if (!paymentIntentId) return null
  return {
    id: refund.id,
    paymentIntentId,
    amountCents: refund.amount,
    status: refund.status ?? 'pending',
    reason: refund.reason ?? null,
    metadata: { ...(refund.metadata ?? {}) },
  }
}

export function toPaymentDispute(dispute: StripeDisputeObject): PaymentDispute | null {
  const paymentIntentId = idOf(dispute.payment_intent)
  return paymentIntentId ? { id: dispute.id, paymentIntentId, amountCents: dispute.amount, status: dispute.status, reason: dispute.reason ?? null } : null
}

export function toPaymentCheckoutSession(session: StripeCheckoutSessionObject): PaymentCheckoutSession {
  const intent = session.payment_intent
  return {
    id: session.id,
    url: session.url ?? null,
    clientSecret: session.client_secret ?? null,
    status: session.status === 'complete' || session.status === 'expired' ? session.status : 'open',
    // A session whose total is zero needs no payment and is as settled as a paid one.
    paymentStatus: session.payment_status === 'paid' || session.payment_status === 'no_payment_required' ? 'paid' : 'unpaid',
    amountTotalCents: session.amount_total ?? 0,
    currency: session.currency ?? 'usd',
    customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
    metadata: { ...(session.metadata ?? {}) },
    cardLast4: typeof intent === 'object' && intent !== null ? cardLast4Of(intent) : null,
    cardCountry: typeof intent === 'object' && intent !== null ? cardCountryOf(intent) : null,
    paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    // Only a Stripe Tax session carries the provider's tax: anywhere else the tax is our own line.
    ...(session.automatic_tax?.enabled ? { computedTax: computedTaxOf(session) } : {}),
  }
}

/**
 * Stripe Tax's result: the amount, and from the breakdown (when expanded) the rate of the
 * largest tax line, its name, country and whether Stripe applied the reverse charge.
 */
function computedTaxOf(session: StripeCheckoutSessionObject): ProviderComputedTax {
  const taxes = session.total_details?.breakdown?.taxes ?? []
  const main = [...taxes].sort((a, b) => b.amount - a.amount)[0]
  const percentage = main?.rate?.effective_percentage ?? main?.rate?.percentage ?? null
  const reverseCharge = taxes.some((tax) => tax.taxability_reason === 'reverse_charge')
  const name = main?.rate?.display_name ?? null
  return {
    amountCents: session.total_details?.amount_tax ?? 0,
    rateBasisPoints: reverseCharge ? 0 : percentage === null ? null : Math.round(percentage * 100),
    label: reverseCharge ? `${name ?? 'VAT'} reverse charge` : name && percentage !== null ? `${name} ${percentage}%` : null,
    country: main?.rate?.country ?? null,
    reverseCharge,
  }
}

function cardLast4Of(intent: ExpandedPaymentIntent): string | null {
  const charge = intent.latest_charge
  if (!charge || typeof charge === 'string') return null
  return charge.payment_method_details?.card?.last4 ?? null
}

function cardCountryOf(intent: ExpandedPaymentIntent): string | null {
  const charge = intent.latest_charge
  if (!charge || typeof charge === 'string') return null
  return charge.payment_method_details?.card?.country ?? null
}
