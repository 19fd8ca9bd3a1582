/**
 * What the app shell may use of checkout: Buy Now on the product page (straight to payment for one
 * product). Anything else here is private.
 */
export { BuyNowButton } from './BuyNowButton.tsx'
export { useBuyNow } from './use-buy-now.ts'
