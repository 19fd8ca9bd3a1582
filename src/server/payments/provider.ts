/**
 * The payment provider seam. Checkout and fulfilment talk only to this interface; Stripe and
 * the built-in test provider (Stripe's object model, test cards, signed webhooks) implement it,
 * chosen by configuration (STRIPE_SECRET_KEY set → Stripe). Amounts are integer cents.
 */

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
  /** Tax estimate charged with the order, in cents. */
  taxCents: number
  /** Exactly what is charged: sum of lines − discount + tax (from src/shared/pricing.ts). */
  totalCents: number
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
  paymentIntentId: string | null
}

export interface PaymentEvent {
  id: string
  type: 'checkout.session.completed' | 'checkout.session.expired' | 'checkout.session.async_payment_failed' | (string & {})
  /** Seconds since the epoch, as Stripe sends it. */
  created: number
  /** The checkout session the event is about; null for any other object (a charge, a dispute, a customer). */
  session: PaymentCheckoutSession | null
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
  /**
   * Verifies the `Stripe-Signature` header over the raw request body (300 s tolerance) and
   * parses the event. Throws WebhookSignatureError for a forged, missing or stale signature.
   */
  constructEvent: (rawBody: string | Buffer, signatureHeader: string | undefined) => PaymentEvent
}
