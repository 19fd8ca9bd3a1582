/**
 * Reads a create-checkout-session body into who is buying what: the validation
 * messages in its order, the buyer (the signed-in shopper, whatever the body says, or a
 * guest's email), the return URLs, which only ever point back at the store, the billing address,
 * checked by its country's rules, and a business buyer's VAT number.
 */
import { isValidEmail } from '../../shared/contract/email-signup.ts'
import { CHECKOUT_ERROR_CODES as CODES, CHECKOUT_SERVER_MESSAGES as MESSAGES, type CheckoutSessionBody } from '../../shared/contract/checkout.ts'
import type { SessionUser } from '../auth/session.ts'
import { badRequest, unauthorized } from '../http/errors.ts'
import type { BillingDetails, Buyer, CheckoutType } from '../orders/orders.types.ts'
import { readBillingDetails } from './checkout-billing.ts'

export interface RequestedLine {
  productId: string
  quantity: number
  /** Pay what you want: the amount the buyer chose for one unit, integer cents (checked against the product's minimum). */
  chosenPriceCents?: number | null
}

export interface CheckoutRequest {
  checkoutType: CheckoutType
  buyer: Buyer
  /** Lines as asked for (merged per product); empty for a cart checkout that reads the server cart. */
  lines: RequestedLine[]
  promoCode: string | null
  uiMode: 'hosted' | 'embedded'
  successUrl: string
  cancelUrl: string
  billingDetails: BillingDetails | null
  /** The business buyer's VAT number as typed (checked with the tax rules, see checkout-tax.ts), or null. */
  vatNumber: string | null
}

export const CHECKOUT_SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}'

/** The rules, in the order the checkout form meets them; throws the first that fails. */
export function readCheckoutRequest(body: CheckoutSessionBody, sessionUser: SessionUser | null, publicUrl: string): CheckoutRequest {
  // The buyer is the session: a signed-in shopper's checkout is their account's order (their prices, what they own) even when the body leaves the id out.
  const userId = body.userId?.trim() || sessionUser?.id || null
  const customerEmail = body.customerEmail?.trim() || null
  const items = body.items ?? []

  if (body.checkoutType === 'cart' && !userId) throw badRequest(MESSAGES.userIdRequired, CODES.userIdRequired)
  if (!userId && !customerEmail) throw badRequest(MESSAGES.buyerRequired, CODES.buyerRequired)
  if (body.checkoutType === 'direct' && items.length === 0) throw badRequest(MESSAGES.itemsRequired, CODES.itemsRequired)

  const quantities = new Map<string, number>()
  const chosenPrices = new Map<string, number>()
  for (const item of items) {
    const productId = item.productId?.trim()
    if (!productId) throw badRequest(MESSAGES.productIdRequired, CODES.productIdRequired)
    const quantity = item.quantity
    if (quantity === null || quantity === undefined || !(quantity >= 1)) throw badRequest(MESSAGES.quantityMin, CODES.quantityInvalid)
    if (!Number.isInteger(quantity)) throw badRequest('Quantity must be a whole number', CODES.quantityInvalid)
    quantities.set(productId, (quantities.get(productId) ?? 0) + quantity)
    if (typeof item.chosenPriceCents === 'number') chosenPrices.set(productId, item.chosenPriceCents)
  }

  // A user id is only believed when it is the signed-in user's own.
  if (userId && sessionUser?.id !== userId) throw unauthorized()
  if (customerEmail !== null && !isValidEmail(customerEmail)) throw badRequest(MESSAGES.invalidEmail, CODES.invalidEmail)

  const buyer: Buyer = userId
    ? { kind: 'user', userId, email: (customerEmail ?? sessionUser!.email).toLowerCase() }
    : { kind: 'guest', email: customerEmail!.toLowerCase() }

  return {
    checkoutType: body.checkoutType,
    buyer,
    lines: [...quantities].map(([productId, quantity]) => ({ productId, quantity, chosenPriceCents: chosenPrices.get(productId) ?? null })),
    promoCode: body.promoCode?.trim() || null,
    uiMode: body.uiMode,
    successUrl: ownUrl(body.successUrl, publicUrl) ?? defaultSuccessUrl(publicUrl),
    cancelUrl: ownUrl(body.cancelUrl, publicUrl) ?? defaultCancelUrl(publicUrl),
    billingDetails: body.billingDetails ? readBillingDetails(body.billingDetails) : null,
    vatNumber: body.billingDetails?.vatNumber?.trim() || null,
  }
}

export const defaultSuccessUrl = (publicUrl: string) => `${publicUrl}/payment/success?session_id=${CHECKOUT_SESSION_PLACEHOLDER}`
export const defaultCancelUrl = (publicUrl: string) => `${publicUrl}/payment/cancel`

/**
 * The URL when it is on the store's own origin, else null: a return URL elsewhere would let a
 * crafted checkout send a paying shopper to another site.
 */
export function ownUrl(candidate: string | null | undefined, publicUrl: string): string | null {
  if (!candidate) return null
  try {
    // The placeholder's braces are not valid in a URL path; check the rest.
    const url = new URL(candidate.replaceAll(CHECKOUT_SESSION_PLACEHOLDER, 'SESSION'), publicUrl)
    if (url.origin !== new URL(publicUrl).origin) return null
    return candidate.startsWith('/') ? `${publicUrl}${candidate}` : candidate
  } catch {
    return null
  }
}
