/**
 * The checkout error catalogue: what a shopper reads when creating a checkout session fails,
 * chosen by the error's status and code (CHECKOUT_ERROR_CODES), plus every other checkout text
 * the pages show. Used by the checkout pages, Buy Now and the developer checkout test page.
 */
import { CHECKOUT_ERROR_CODES } from './contract/checkout-codes.ts'

export const CHECKOUT_MESSAGES = {
  loginRequired: 'Please log in to complete your purchase',
  productUnavailable: 'Product not found or unavailable',
  invalidPromo: 'Invalid or expired promo code',
  cartEmptyServer: 'Your cart is empty. Please add items before checking out.',
  productsInvalid: 'Some products in your cart are no longer available. Please refresh and try again.',
  emailRequired: 'Please provide your email address to complete the purchase',
  cannotConnect: 'Unable to connect to payment service. Please check your internet connection and the backend configuration.',
  serviceUnavailable: 'Payment service is currently unavailable. Please try again later or contact support.',
  createFailed: 'Failed to create checkout session',

  noData: 'No data returned from checkout session creation',
  missingSessionId: 'Unable to create checkout session. Please try again.',
  missingClientSecret: 'Unable to create embedded checkout session. Please try again.',
  providerNotLoaded: 'Payment system is currently unavailable. Please try again later.',
  emptySessionId: 'Invalid checkout session. Please try again.',
  sessionExpired: 'Checkout session has expired. Please start over.',
  redirectFailed: 'Failed to redirect to secure checkout',
  startFailed: 'Failed to start checkout process. Please refresh and try again.',
  guestStartFailed: 'Failed to start guest checkout',
  unexpected: 'An unexpected error occurred while preparing checkout',

  /** Added under the message in the redirect flow's "Checkout Error" box. */
  persistHint: 'If the problem persists, please contact support or try again later.',
  requiredFields: 'Please fill in all required fields',
  emptyCart: 'Your cart is empty',
  selectProduct: 'Please select a product',
  enterEmail: 'Please enter an email address',
} as const

export const CHECKOUT_ERROR_TITLE = 'Checkout Error'
export const PAYMENT_ERROR_TITLE = 'Payment Error'

/** The code-decided texts of a failed checkout session creation; any other code shows the server's message. */
const BY_CODE: ReadonlyMap<string, string> = new Map([
  [CHECKOUT_ERROR_CODES.unauthorized, CHECKOUT_MESSAGES.loginRequired],
  // NOT_FOUND: something the checkout names no longer exists.
  [CHECKOUT_ERROR_CODES.orderNotFound, CHECKOUT_MESSAGES.productUnavailable],
  [CHECKOUT_ERROR_CODES.invalidPromo, CHECKOUT_MESSAGES.invalidPromo],
  [CHECKOUT_ERROR_CODES.cartEmpty, CHECKOUT_MESSAGES.cartEmptyServer],
  [CHECKOUT_ERROR_CODES.productsInvalid, CHECKOUT_MESSAGES.productsInvalid],
  [CHECKOUT_ERROR_CODES.buyerRequired, CHECKOUT_MESSAGES.emailRequired],
  // The payment provider failed to open the session: the payment service is unavailable.
  [CHECKOUT_ERROR_CODES.providerFailed, CHECKOUT_MESSAGES.serviceUnavailable],
])

/** The status of a request that got no response at all (fetch threw), as the browser reports it. */
export const NO_RESPONSE_STATUS = 0

/** A failed request as the client's API layer reports it: the server's `{ message, status, code }`. */
export interface CheckoutFailure {
  message?: string | null
  status?: number | null
  code?: string | null
}

/**
 * The text shown for a failed checkout session creation, chosen by the failure's status and
 * code, never by the wording of its message: no response at all means the payment service
 * cannot be reached; a 401 (whatever its code) asks the shopper to log in; a known code gets
 * its text; any other failure shows the server's own message, else the generic one.
 */
export function checkoutSessionErrorMessage({ message, status, code }: CheckoutFailure): string {
  if (status === NO_RESPONSE_STATUS) return CHECKOUT_MESSAGES.cannotConnect
  if (status === 401) return CHECKOUT_MESSAGES.loginRequired
  const byCode = code ? BY_CODE.get(code) : undefined
  if (byCode) return byCode
  return message?.trim() || CHECKOUT_MESSAGES.createFailed
}

/**
 * The text for a failed redirect to the provider's checkout: an expired session, else the
 * provider's message. The redirect's error is the browser's or the provider script's and
 * carries no code of ours, so this one still reads the message.
 */
export function checkoutRedirectErrorMessage(providerMessage: string | null | undefined): string {
  const message = providerMessage?.trim() ?? ''
  if (message.toLowerCase().includes('session')) return CHECKOUT_MESSAGES.sessionExpired
  return message || CHECKOUT_MESSAGES.redirectFailed
}
