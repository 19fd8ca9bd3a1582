/**
 * The checkout error catalogue (storefront spec §8): what a shopper reads when creating a
 * checkout session fails, mapped from the server's message, plus every other checkout text the
 * pages show. Used by the checkout pages, Buy Now and the developer checkout test page.
 */

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

/** Rows of §8 in order: the first whose needle the server message contains wins. */
const SESSION_ERROR_ROWS: ReadonlyArray<readonly [needle: string, shown: string]> = [
  ['JWT', CHECKOUT_MESSAGES.loginRequired],
  ['not found', CHECKOUT_MESSAGES.productUnavailable],
  ['promo', CHECKOUT_MESSAGES.invalidPromo],
  ['Cart is empty', CHECKOUT_MESSAGES.cartEmptyServer],
  ['Some products are invalid', CHECKOUT_MESSAGES.productsInvalid],
  ['Either userId or customerEmail is required', CHECKOUT_MESSAGES.emailRequired],
  ['Either user ID or customer email is required', CHECKOUT_MESSAGES.emailRequired],
  ['Failed to send a request', CHECKOUT_MESSAGES.cannotConnect],
  ['Edge Function', CHECKOUT_MESSAGES.serviceUnavailable],
]

/**
 * The text shown for a failed checkout session creation. Matching ignores case ("Promo code
 * expired" is a promo problem too). A 401 is the spec's "JWT problem" in our backend, which
 * answers "User not authenticated" rather than naming the token.
 */
export function checkoutSessionErrorMessage(serverMessage: string | null | undefined, status?: number): string {
  if (status === 401) return CHECKOUT_MESSAGES.loginRequired
  const message = serverMessage?.trim() ?? ''
  const lower = message.toLowerCase()
  for (const [needle, shown] of SESSION_ERROR_ROWS) {
    if (lower.includes(needle.toLowerCase())) return shown
  }
  return message || CHECKOUT_MESSAGES.createFailed
}

/** The text for a failed redirect to the provider's checkout: an expired session, else the provider's message. */
export function checkoutRedirectErrorMessage(providerMessage: string | null | undefined): string {
  const message = providerMessage?.trim() ?? ''
  if (message.toLowerCase().includes('session')) return CHECKOUT_MESSAGES.sessionExpired
  return message || CHECKOUT_MESSAGES.redirectFailed
}
