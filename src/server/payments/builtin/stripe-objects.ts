/**
 * The built-in provider's sessions and events written as Stripe writes them (checkout.session
 * and event objects of the API version the stripe SDK pins), so that the webhook handler and
 * the session reader cannot tell the two providers apart.
 */
import { stripeSdk } from '../stripe-sdk.ts'
import { refundedCentsOf } from '../../../shared/after-sale.ts'
import type { PaymentDisputeRow, PaymentRefundRow, PaymentSessionRow } from '../payments.schema.ts'
import type { StripeCheckoutSessionObject } from '../stripe-events.ts'
import { lineItemsSubtotalCents } from '../session-input.ts'
import { publicMetadataOf, storedTaxOf } from './builtin-tax.ts'

export type CheckoutSessionEventType = 'checkout.session.completed' | 'checkout.session.expired'
export type AfterSaleEventType = 'charge.refunded' | 'charge.dispute.created' | 'charge.dispute.closed'

export interface StripeEventObject {
  id: string
  object: 'event'
  api_version: string
  created: number
  data: { object: { id: string; object: string } & Record<string, unknown> }
  livemode: false
  pending_webhooks: number
  request: { id: null; idempotency_key: null }
  type: CheckoutSessionEventType | AfterSaleEventType
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

export function hostedPageUrl(publicUrl: string, sessionId: string): string {
  return `${publicUrl}/pay/${sessionId}`
}

/** The session as Stripe's API would return it (payment_intent as an id, not expanded). */
export function checkoutSessionObject(row: PaymentSessionRow, publicUrl: string): StripeCheckoutSessionObject & Record<string, unknown> {
  const subtotal = lineItemsSubtotalCents(row.lineItems)
  const hosted = row.uiMode === 'hosted'
  const tax = storedTaxOf(row.metadata)
  // Our own tax line counts in Stripe's subtotal; Stripe Tax's is in total_details; a tax held in the prices is in neither.
  const taxLine = !tax.automatic && !tax.included ? row.taxCents : 0
  return {
    id: row.id,
    object: 'checkout.session',
    amount_subtotal: subtotal + taxLine,
    amount_total: row.amountTotalCents,
    cancel_url: hosted ? row.cancelUrl : null,
    client_reference_id: row.metadata.orderId ?? null,
    client_secret: hosted ? null : row.clientSecret,
    created: seconds(row.createdAt),
    currency: row.currency,
    customer: null,
    customer_details: row.status === 'complete' ? { email: row.customerEmail, name: row.cardholderName } : null,
    customer_email: row.customerEmail,
    expires_at: seconds(row.expiresAt),
    livemode: false,
    metadata: publicMetadataOf(row.metadata),
    mode: 'payment',
    payment_intent: row.paymentIntentId,
    payment_method_types: ['card'],
    payment_status: row.paymentStatus,
    redirect_on_completion: hosted ? null : 'if_required',
    return_url: hosted ? null : row.returnUrl,
    status: row.status,
    success_url: hosted ? row.successUrl : null,
    automatic_tax: { enabled: tax.automatic, liability: null, status: tax.automatic ? 'complete' : null },
    total_details: {
      amount_discount: row.discountCents,
      amount_shipping: 0,
      amount_tax: tax.automatic ? row.taxCents : 0,
      // What Stripe answers when the breakdown is expanded: the one rate, and why it applies.
      ...(tax.automatic ? { breakdown: { discounts: [], taxes: [breakdownLine(row.taxCents, tax)] } } : {}),
    },
    ui_mode: hosted ? 'hosted_page' : 'embedded_page',
    url: hosted && row.status === 'open' ? hostedPageUrl(publicUrl, row.id) : null,
  }
}

/** The tax's name without its rate, as Stripe's tax rate objects name it: "VAT 19%" → "VAT". */
function displayNameOf(tax: ReturnType<typeof storedTaxOf>): string {
  if (tax.reverseCharge) return 'VAT'
  return tax.label.replace(/\s*\d[\d.,]*\s*%.*$/, '') || 'Tax'
}

function breakdownLine(amount: number, tax: ReturnType<typeof storedTaxOf>) {
  const percentage = tax.rateBasisPoints / 100
  return {
    amount,
    rate: { object: 'tax_rate', percentage, effective_percentage: percentage, display_name: displayNameOf(tax), country: tax.country },
    taxability_reason: tax.reverseCharge ? 'reverse_charge' : tax.rateBasisPoints > 0 ? 'standard_rated' : 'not_collecting',
    taxable_amount: null,
  }
}

/** The charge behind a paid session's payment intent; the built-in provider makes one charge per payment. */
export function chargeIdOf(paymentIntentId: string): string {
  return `ch_${paymentIntentId.replace(/^pi_/, '')}`
}

export function refundObject(row: PaymentRefundRow) {
  return {
    id: row.id,
    object: 'refund',
    amount: row.amountCents,
    charge: chargeIdOf(row.paymentIntentId),
    created: seconds(row.createdAt),
    currency: row.currency,
    metadata: { ...row.metadata },
    payment_intent: row.paymentIntentId,
    reason: row.reason,
    status: row.status,
  }
}

/** The paid session's charge with its refunds listed, as Stripe sends it in `charge.refunded`. */
export function chargeObject(session: PaymentSessionRow, refunds: PaymentRefundRow[]) {
  const paymentIntentId = session.paymentIntentId ?? ''
  const refunded = refundedCentsOf(refunds)
  return {
    id: chargeIdOf(paymentIntentId),
    object: 'charge',
    amount: session.amountTotalCents,
    amount_captured: session.amountTotalCents,
    amount_refunded: refunded,
    captured: true,
    created: seconds(session.completedAt ?? session.createdAt),
    currency: session.currency,
    metadata: { orderId: session.metadata.orderId ?? '' },
    paid: true,
    payment_intent: paymentIntentId,
    payment_method_details: { type: 'card', card: { last4: session.cardLast4, country: session.cardCountry } },
    refunded: refunded >= session.amountTotalCents,
    refunds: { object: 'list', data: refunds.map(refundObject), has_more: false },
    status: 'succeeded',
  }
}

export function disputeObject(row: PaymentDisputeRow) {
  return {
    id: row.id,
    object: 'dispute',
    amount: row.amountCents,
    charge: chargeIdOf(row.paymentIntentId),
    created: seconds(row.createdAt),
    currency: row.currency,
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: row.paymentIntentId,
    reason: row.reason,
    status: row.status,
  }
}

/** An event as Stripe sends it, about any object. */
export function stripeEvent(eventId: string, type: StripeEventObject['type'], object: StripeEventObject['data']['object'], now: Date): StripeEventObject {
  return {
    id: eventId,
    object: 'event',
    api_version: stripeSdk().API_VERSION,
    created: seconds(now),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  }
}

export function checkoutSessionEvent(eventId: string, type: CheckoutSessionEventType, row: PaymentSessionRow, publicUrl: string, now: Date): StripeEventObject {
  return stripeEvent(eventId, type, checkoutSessionObject(row, publicUrl), now)
}
