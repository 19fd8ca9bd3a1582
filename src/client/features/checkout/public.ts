/**
 * What other features may use of checkout: Buy Now on a product page (straight to payment for one
 * product), and the place this browser last checked out from (the cart taxes the cart for it).
 * Anything else here is private.
 */
export { BuyNowButton } from './BuyNowButton.tsx'
export { readLastBillingAddress } from './last-billing-address.ts'
export { useBuyNow } from './use-buy-now.ts'
