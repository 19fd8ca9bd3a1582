/**
 * The payment provider seam. Checkout and fulfilment talk only to this interface; Stripe and
 * the built-in test provider (Stripe's object model, test cards, signed webhooks) implement it,
 * chosen by configuration (STRIPE_SECRET_KEY set → Stripe). Amounts are integer cents.
 */
import type { TaxTreatment } from '../../shared/tax/tax-types.ts'

export interface CheckoutLineItem {
  productId: string
  name: string
  /** What the shopper pays for one unit (the sale price), in cents. */
  unitAmountCents: number
  quantity: number
}

export interface CreateCheckoutSessionInput {
  /** Our order's id; also carried in metadata.orderId. */
  orderId: string
  /** `hosted`: the provider's page at `url`; `embedded`: a form in our page driven by `clientSecret`. */
  uiMode: 'hosted' | 'embedded'
  lineItems: CheckoutLineItem[]
  /** Promo discount on the whole order, in cents (0 without a promo). */
  discountCents: number
  /** The order's tax, in cents: added on top, or held in the prices when the treatment says prices include tax. */
  taxCents: number
  /** Exactly what is charged: sum of lines − discount, plus the tax unless prices include it (from src/shared/pricing.ts). */
  totalCents: number
  /**
   * The order's tax treatment (src/shared/tax); absent or null is the flat estimate added on top.
   * In `stripe` mode the provider computes the tax itself (Stripe Tax; the built-in provider
   * imitates it with this treatment) and `taxCents` and `totalCents` are checkout's estimate.
   */
  taxTreatment?: TaxTreatment | null
  currency: 'usd'
  customerEmail: string | null
  /** Hosted mode: where the provider sends the shopper after paying; contains `{CHECKOUT_SESSION_ID}`. */
  successUrl: string
  cancelUrl: string
  /** Embedded mode: where the form returns after paying; contains `{CHECKOUT_SESSION_ID}`. */
  returnUrl: string
  metadata: Record<string, string>
}

export interface PaymentCheckoutSession {
  id: string
  /** Hosted page URL (hosted mode), else null. */
  url: string | null
  /** Secret for the embedded form (embedded mode), else null. */
  clientSecret: string | null
  status: 'open' | 'complete' | 'expired'
  paymentStatus: 'paid' | 'unpaid'
  amountTotalCents: number
  currency: string
  customerEmail: string | null
  metadata: Record<string, string>
  /** Last four digits of the card that paid, when known. */
  cardLast4: string | null
  /** The card's issuing country (ISO 3166-1 alpha-2), when known: the tax's second piece of evidence of where the buyer is. */
  cardCountry?: string | null
  paymentIntentId: string | null
  /** The tax the provider computed (Stripe Tax), present only on a session created in `stripe` tax mode. */
  computedTax?: ProviderComputedTax
}

/** What the provider's tax engine charged: the amount (in the session's total), and its rate when the session was read with its breakdown. */
export interface ProviderComputedTax {
  /** Stripe's total_details.amount_tax: added to the total, or held in the prices when they include tax. */
  amountCents: number
  /** The rate applied, in basis points (1900 = 19 %); null when not known. */
  rateBasisPoints: number | null
  /** The tax's name and rate as the provider gives it ("VAT 19%"); null when not known. */
  label: string | null
  /** ISO 3166-1 alpha-2 of the country taxed, when known. */
  country: string | null
  /** The provider found a business buyer to whom the reverse charge applies (0 %). */
  reverseCharge: boolean
}

/** A refund of a payment, as the provider reports it. */
export interface PaymentRefund {
  id: string
  paymentIntentId: string
  amountCents: number
  /** Stripe's refund status: pending, requires_action, succeeded, failed or canceled. */
  status: string
  reason: string | null
  metadata: Record<string, string>
}

/** A dispute (chargeback) of a payment, as the provider reports it. */
export interface PaymentDispute {
  id: string
  paymentIntentId: string
  amountCents: number
  /** Stripe's dispute status: warning_needs_response, needs_response, under_review, …, won or lost. */
  status: string
  reason: string | null
}

/** A charge whose refunds changed (`charge.refunded`): which payment, and the order it names if it carries our metadata. */
export interface PaymentChargeRef {
  id: string
  paymentIntentId: string
  orderId: string | null
}

/** What the provider says about a payment now: the order it was for, and every refund of it. */
export interface PaymentRecord {
  orderId: string | null
  refunds: PaymentRefund[]
}

export interface RefundInput {
  paymentIntentId: string
  amountCents: number
  /** Why, in the shop owner's words (kept in our metadata). */
  reason: string
  /** Our refund's metadata: orderId and the orderItemIds it covers. */
  metadata: Record<string, string>
  /** The same key returns the first refund instead of refunding twice (a double click, a retry). */
  idempotencyKey: string
}

export interface PaymentEvent {
  id: string
  type:
    | 'checkout.session.completed'
    | 'checkout.session.expired'
    | 'checkout.session.async_payment_failed'
    | 'charge.refunded'
    | 'refund.updated'
    | 'charge.dispute.created'
    | 'charge.dispute.closed'
    | (string & {})
  /** Seconds since the epoch, as Stripe sends it. */
  created: number
  /** The checkout session the event is about; null for any other object. */
  session: PaymentCheckoutSession | null
  /** The charge a `charge.*` event (other than disputes) is about. */
  charge?: PaymentChargeRef | null
  /** The refund a `refund.*` event is about. */
  refund?: PaymentRefund | null
  /** The dispute a `charge.dispute.*` event is about. */
  dispute?: PaymentDispute | null
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError'
}

export interface PaymentProvider {
  kind: 'builtin' | 'stripe'
  /** Publishable key the browser needs for Stripe's embedded checkout; null for the built-in provider. */
  publishableKey: string | null
  createCheckoutSession: (input: CreateCheckoutSessionInput) => Promise<PaymentCheckoutSession>
  /** The session as the provider knows it now, or null for an unknown id. */
  retrieveCheckoutSession: (sessionId: string) => Promise<PaymentCheckoutSession | null>
  /** Ends an open session so it can no longer be paid (a newer checkout replaced it). */
  expireCheckoutSession: (sessionId: string) => Promise<void>
  /** Refunds part or all of a paid payment; answers the refund (its status may still be pending). */
  refund: (input: RefundInput) => Promise<PaymentRefund>
  /**
   * The payment's order (from our metadata) and all its refunds as the provider knows them now,
   * or null for an unknown payment. Refund events are applied from this, not from their payload,
   * so they can arrive in any order.
   */
  paymentRecord: (paymentIntentId: string) => Promise<PaymentRecord | null>
  /**
   * Verifies the `Stripe-Signature` header over the raw request body (300 s tolerance) and
   * parses the event. Throws WebhookSignatureError for a forged, missing or stale signature.
   */
  constructEvent: (rawBody: string | Buffer, signatureHeader: string | undefined) => PaymentEvent
}
