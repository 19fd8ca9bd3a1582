/**
 * The Stripe payment provider: Checkout Sessions on Stripe (hosted page or embedded form)
 * created with the stripe SDK from our priced order: one price_data line per product, the
 * promo as a one-off coupon, the tax as its own line (named as the order's treatment names it;
 * none when the prices include it), the order id in metadata. In the `stripe` tax mode Stripe
 * Tax computes the tax instead (`automatic_tax`, no tax line, each price marked inclusive or
 * exclusive), and the session is read back with its tax breakdown.
 * Chosen when STRIPE_SECRET_KEY is set.
 */
import type Stripe from 'stripe'
import { stripeSdk } from '../stripe-sdk.ts'
import type { CreateCheckoutSessionInput, PaymentCheckoutSession, PaymentProvider, PaymentRefund, RefundInput } from '../provider.ts'
import { assertTotalsAddUp, pricesIncludeTax, providerComputesTax } from '../session-input.ts'
import { toPaymentCheckoutSession, toPaymentRefund, verifyStripeEvent, type StripeCheckoutSessionObject, type StripeRefundObject } from '../stripe-events.ts'

/** Stripe accepts 30 minutes to 24 hours; a little under the maximum keeps clock skew from rejecting it. */
export const STRIPE_SESSION_LIFETIME_SECONDS = 24 * 60 * 60 - 10 * 60
/** The flat estimate's line; a by-country order's line is named by its treatment ("VAT 19%"). */
export const TAX_LINE_NAME = 'Estimated tax'
/** Read back with every session: the card's last four and Stripe Tax's breakdown by rate. */
const SESSION_EXPAND = ['payment_intent.latest_charge', 'total_details.breakdown']

export interface StripeProviderOptions {
  secretKey: string
  publishableKey: string | null
  /** Verifies webhooks; without it every webhook is refused. */
  webhookSecret: string | null
  /** Tests point the SDK at a local stand-in for api.stripe.com. */
  api?: { host: string; port: number; protocol: 'http' | 'https' }
}

export function createStripeProvider({ secretKey, publishableKey, webhookSecret, api }: StripeProviderOptions): PaymentProvider {
  const StripeClient = stripeSdk()
  const stripe = new StripeClient(secretKey, { maxNetworkRetries: 2, timeout: 20_000, telemetry: false, ...(api ?? {}) })

  const read = (session: Stripe.Checkout.Session): PaymentCheckoutSession => toPaymentCheckoutSession(session as unknown as StripeCheckoutSessionObject)
  const readRefund = (refund: Stripe.Refund): PaymentRefund | null => toPaymentRefund(refund as unknown as StripeRefundObject)

  return {
    kind: 'stripe',
    publishableKey,

    async createCheckoutSession(input: CreateCheckoutSessionInput) {
      assertTotalsAddUp(input)
      const metadata = { ...input.metadata, orderId: input.orderId }
      const automaticTax = providerComputesTax(input)
      const included = pricesIncludeTax(input)
      const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = input.lineItems.map((line) => ({
        quantity: line.quantity,
        price_data: {
          currency: input.currency,
          unit_amount: line.unitAmountCents,
          product_data: { name: line.name, metadata: { productId: line.productId } },
          // Stripe Tax adds the tax to an exclusive price and finds it inside an inclusive one.
          ...(automaticTax ? { tax_behavior: included ? ('inclusive' as const) : ('exclusive' as const) } : {}),
        },
      }))
      // Our own tax line, only when it is added on top: an inclusive price already holds it.
      if (!automaticTax && !included && input.taxCents > 0) {
        const name = input.taxTreatment && input.taxTreatment.mode !== 'flat' ? input.taxTreatment.label : TAX_LINE_NAME
        lineItems.push({ quantity: 1, price_data: { currency: input.currency, unit_amount: input.taxCents, product_data: { name } } })
      }
      // A coupon for exactly the promo's cents: Stripe then charges our total to the cent.
      const coupon =
        input.discountCents > 0
          ? await stripe.coupons.create({
              amount_off: input.discountCents,
              currency: input.currency,
              duration: 'once',
              max_redemptions: 1,
              name: input.metadata.promoCode ? `Promo ${input.metadata.promoCode}` : 'Discount',
              metadata: { orderId: input.orderId },
            })
          : null
      const urls: Partial<Stripe.Checkout.SessionCreateParams> =
        input.uiMode === 'hosted'
          ? { ui_mode: 'hosted_page', success_url: input.successUrl, cancel_url: input.cancelUrl }
          : { ui_mode: 'embedded_page', return_url: input.returnUrl, redirect_on_completion: 'if_required' }
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        ...urls,
        line_items: lineItems,
        ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
        ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
        // Stripe Tax asks for the address it needs; a business enters its VAT number there for the reverse charge.
        ...(automaticTax ? { automatic_tax: { enabled: true }, tax_id_collection: { enabled: true } } : {}),
        client_reference_id: input.orderId,
        metadata,
        payment_intent_data: { metadata: { orderId: input.orderId } },
        expires_at: Math.floor(Date.now() / 1000) + STRIPE_SESSION_LIFETIME_SECONDS,
      })
      return read(session)
    },

    async retrieveCheckoutSession(sessionId: string) {
      try {
        return read(await stripe.checkout.sessions.retrieve(sessionId, { expand: SESSION_EXPAND }))
      } catch (error) {
        if (error instanceof StripeClient.errors.StripeInvalidRequestError && error.statusCode === 404) return null
        throw error
      }
    },

    async expireCheckoutSession(sessionId: string) {
      try {
        await stripe.checkout.sessions.expire(sessionId)
      } catch (error) {
        // Stripe refuses to expire a session that is already complete or expired: nothing left to end.
        if (!(error instanceof StripeClient.errors.StripeInvalidRequestError) || error.statusCode === 404) throw error
        const session = await stripe.checkout.sessions.retrieve(sessionId)
        if (session.status === 'open') throw error
      }
    },

    async refund({ paymentIntentId, amountCents, metadata, idempotencyKey }: RefundInput) {
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntentId, amount: amountCents, reason: 'requested_by_customer', metadata },
        { idempotencyKey },
      )
      const read = readRefund(refund)
      if (!read) throw new Error(`Stripe answered refund ${refund.id} without its payment`)
      return read
    },

    async paymentRecord(paymentIntentId: string) {
      let intent: Stripe.PaymentIntent
      try {
        intent = await stripe.paymentIntents.retrieve(paymentIntentId)
      } catch (error) {
        if (error instanceof StripeClient.errors.StripeInvalidRequestError && error.statusCode === 404) return null
        throw error
      }
      const refunds: PaymentRefund[] = []
      for await (const refund of stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 })) {
        const read = readRefund(refund)
        if (read) refunds.push(read)
      }
      return { orderId: intent.metadata?.orderId ?? null, refunds }
    },

    constructEvent: (rawBody, signatureHeader) => verifyStripeEvent(rawBody, signatureHeader, webhookSecret ?? undefined),
  }
}
