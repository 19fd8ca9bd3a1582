/**
 * The payment calls the browser makes: which provider the store uses (`GET /api/payments/config`)
 * and the built-in test provider's payment page API (`/api/builtin-pay/...`): the public view
 * of a checkout session and paying it with a card. Server routes and client validate with these.
 */
import { z } from 'zod'

export const paymentsConfigSchema = z.object({
  provider: z.enum(['builtin', 'stripe']),
  /** Stripe's publishable key for Stripe.js; null for the built-in provider. */
  publishableKey: z.string().nullable(),
})
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>

/** What the payment page may show of a session: never its client secret. */
export const builtinPaySessionSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  currency: z.string(),
  lineItems: z.array(z.object({ name: z.string(), quantity: z.number().int(), unitAmountCents: z.number().int() })),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  taxCents: z.number().int(),
  /** How the tax line is named ("Estimated tax", "VAT 19%"). */
  taxLabel: z.string().optional(),
  /** The prices hold the tax: it is shown as included, not added to the total. */
  taxIncluded: z.boolean().optional(),
  amountTotalCents: z.number().int(),
  customerEmail: z.string().nullable(),
  /** Hosted sessions: the store page the "← Back" link returns to. */
  cancelUrl: z.string().nullable(),
  /** A completed hosted session: the store's success page for it. */
  successUrl: z.string().nullable(),
  expiresAt: z.string(),
})
export type BuiltinPaySession = z.infer<typeof builtinPaySessionSchema>

export const CARDHOLDER_NAME_REQUIRED = 'Please enter the name on your card.'

export const builtinPayConfirmRequestSchema = z.object({
  /** Required for embedded sessions (the form proves it was given this session); the hosted page sends none. */
  clientSecret: z.string().max(200).optional(),
  cardNumber: z.string({ error: 'Your card number is incomplete.' }).max(40, 'Your card number is invalid.'),
  expMonth: z.number({ error: "Your card's expiration month is invalid." }).int("Your card's expiration month is invalid."),
  expYear: z.number({ error: "Your card's expiration year is invalid." }).int("Your card's expiration year is invalid."),
  cvc: z.string({ error: "Your card's security code is incomplete." }).max(10, "Your card's security code is invalid."),
  name: z.string({ error: CARDHOLDER_NAME_REQUIRED }).trim().min(1, CARDHOLDER_NAME_REQUIRED).max(200),
  postalCode: z.string().trim().max(20).optional(),
  /** Asked by the payment page only when the session has no customer email. */
  email: z.email('Please enter a valid email address').max(254).optional(),
})
export type BuiltinPayConfirmRequest = z.infer<typeof builtinPayConfirmRequestSchema>

export const builtinPayConfirmResponseSchema = z.object({
  sessionId: z.string(),
  /** The success URL (hosted) or return URL (embedded) with the session id filled in. */
  redirectUrl: z.string().nullable(),
})
export type BuiltinPayConfirmResponse = z.infer<typeof builtinPayConfirmResponseSchema>
