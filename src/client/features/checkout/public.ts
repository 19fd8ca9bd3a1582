/** What other features may use of checkout: Buy Now on a product page (straight to payment for one product). Anything else here is private. */
export { BuyNowButton } from './BuyNowButton.tsx'
export { useBuyNow } from './use-buy-now.ts'
