/**
 * Starting a payment session from a checkout screen: sends the request, checks the answer has
 * what the chosen flow needs (a page URL to redirect to, or a client secret for the embedded
 * form) and turns every failure into the text the shopper reads.
 */
import { CHECKOUT_MESSAGES, checkoutSessionErrorMessage } from '../../../shared/checkout-errors.ts'
import type { CheckoutSessionResponse, CheckoutTotals, CreateCheckoutSessionBody } from '../../../shared/contract/checkout.ts'
import { isPromoRefusal } from '../../../shared/promo-rules.ts'
import { ApiError } from '../../api/http.ts'
import { chosenPriceOf, type CartItem } from '../../cart-state/cart-item.ts'
import { useCartStore } from '../../cart-state/cart-store.ts'
import { type ShownTotals } from '../../components/CartTotals.tsx'
import { postCheckoutSession } from './api/post-checkout-session.ts'

type CheckoutSessionRequest = CreateCheckoutSessionBody & { uiMode: 'hosted' | 'embedded' }
type CheckoutSessionItem = NonNullable<CreateCheckoutSessionBody['items']>[number]

/** The provider replaces this with the paid session's id in the success URL. */
export const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}'

export type SessionOutcome =
  /** `totals`: the order's figures as the server priced them (absent from an older server). */
  | { ok: true; sessionId: string; url: string | null; clientSecret: string | null; totals?: CheckoutTotals }
  /** `field`: the form field the refusal is about (`billingDetails.vatNumber`), when it names one. */
  | { ok: false; message: string; field?: string }

/**
 * Where the provider sends the shopper back: /payment/success and /payment/cancel on this
 * site's origin. A purchase that is not of the cart (Buy Now) says so in the success URL, so
 * the success page leaves this browser's cart alone.
 */
export function checkoutReturnUrls(
  checkoutType: 'cart' | 'direct' = 'cart',
  origin: string = window.location.origin,
): Pick<CheckoutSessionRequest, 'successUrl' | 'cancelUrl'> {
  return {
    successUrl: paymentSuccessPath(SESSION_ID_PLACEHOLDER, { keepCart: checkoutType === 'direct', origin }),
    cancelUrl: `${origin}/payment/cancel`,
  }
}

/** /payment/success for a session (the provider's placeholder is left for it to fill in). */
export function paymentSuccessPath(sessionId: string, { keepCart = false, origin = '' }: { keepCart?: boolean; origin?: string } = {}): string {
  const id = sessionId === SESSION_ID_PLACEHOLDER ? sessionId : encodeURIComponent(sessionId)
  return `${origin}/payment/success?session_id=${id}${keepCart ? '&cart=keep' : ''}`
}

/** The cart's lines as the session request carries them: ids and quantities, never prices but a pay-what-you-want amount. */
export function cartCheckoutItems(items: readonly CartItem[]): CheckoutSessionItem[] {
  return items.map((item) => ({ productId: item.id, quantity: item.quantity, licenseType: item.licenseType, ...chosenPriceOf(item) }))
}

/** The shopper's text for a failed request, chosen by its status and code (no response at all is status 0). */
export function sessionErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return checkoutSessionErrorMessage({ message: error.message, status: error.status, code: error.code })
  return CHECKOUT_MESSAGES.unexpected
}

/** Checks an answer against the flow: hosted needs a session id and page URL, embedded a client secret. */
export function checkSessionResponse(response: CheckoutSessionResponse | null | undefined, uiMode: CheckoutSessionRequest['uiMode']): SessionOutcome {
  if (!response) return { ok: false, message: CHECKOUT_MESSAGES.noData }
  if (uiMode === 'embedded') {
    if (!response.client_secret) return { ok: false, message: CHECKOUT_MESSAGES.missingClientSecret }
  } else {
    if (response.sessionId === undefined || response.sessionId === null) return { ok: false, message: CHECKOUT_MESSAGES.missingSessionId }
    if (response.sessionId.trim() === '') return { ok: false, message: CHECKOUT_MESSAGES.emptySessionId }
    if (!response.url) return { ok: false, message: CHECKOUT_MESSAGES.redirectFailed }
  }
  return {
    ok: true,
    sessionId: response.sessionId,
    url: response.url ?? null,
    clientSecret: response.client_secret ?? null,
    ...(response.totals ? { totals: response.totals } : {}),
  }
}

/** The figures a summary shows: the page's own, with the server's where it priced the order (it has the last word on the tax). */
export function withServerTotals(shown: ShownTotals, server: CheckoutTotals | null | undefined): ShownTotals {
  if (!server) return shown
  const { subtotalCents, discountCents, taxCents, totalCents, taxLabel, taxIncluded } = server
  return { ...shown, subtotalCents, discountCents, taxCents, totalCents, tax: { label: taxLabel, pricesIncludeTax: taxIncluded } }
}

export async function startCheckoutSession(request: CheckoutSessionRequest): Promise<SessionOutcome> {
  let response: CheckoutSessionResponse
  try {
    response = await postCheckoutSession(request)
  } catch (error) {
    const message = sessionErrorMessage(error)
    // The code checkout sends is the cart's: refused, it leaves the cart, so the summary and the pay button drop its discount.
    if (request.promoCode && error instanceof ApiError && isPromoRefusal(error.code)) useCartStore.getState().refusePromo(message, 'checkout')
    return { ok: false, message, ...(error instanceof ApiError && error.field ? { field: error.field } : {}) }
  }
  return checkSessionResponse(response, request.uiMode)
}

/**
 * Who buys the cart, and so which checkout type: a signed-in shopper's cart checkout names the
 * user (a cart checkout requires a user id) and the email the order review showed, where the
 * receipt goes; a guest's local cart goes as its items with the customer email, which the
 * server takes as a direct checkout.
 */
export function cartCheckoutBuyer(userId: string | null | undefined, email: string): Pick<CheckoutSessionRequest, 'checkoutType' | 'userId' | 'customerEmail'> {
  const customerEmail = email.trim()
  if (!userId) return { checkoutType: 'direct', customerEmail }
  return customerEmail ? { checkoutType: 'cart', userId, customerEmail } : { checkoutType: 'cart', userId }
}
