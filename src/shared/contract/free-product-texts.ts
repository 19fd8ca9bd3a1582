/**
 * What the storefront shows of free products (which product is free, the "Get it free" form's
 * sentences and messages), free of the schemas so product cards load without zod. The server
 * records the consent sentences word for word; free-products.ts re-exports these for it.
 */
import type { PriceModel } from './selling.ts'

/**
 * Free: a fixed price of 0 that no sale or compare-at price made (checkout refuses such a product
 * and points at "Get it free"; sales skip it). A pay-what-you-want product is never "free" here.
 */
export function isFreeProduct(product: { priceModel: PriceModel; priceCents: number; originalPriceCents: number | null }): boolean {
  return product.priceModel === 'fixed' && product.priceCents === 0 && product.originalPriceCents === null
}

/** The sentence beside the email field: what the visitor agrees to by sending it. */
export const freeProductConsentText = (productName: string) => `We'll email you the download link for ${productName}.`

/** The separate, unticked box: news is a consent of its own, never implied by the download. */
export const NEWS_CONSENT_TEXT = 'Also send me news and new releases'

export const FREE_PRODUCT_MESSAGES = {
  /** The one answer to a request, whatever happened before with the address. */
  linkSent: (email: string) => `Check your inbox: the download link is on its way to ${email}.`,
  notFound: 'This product is not free, or it is no longer in the store.',
  tooManyRequests: 'Too many requests for free downloads. Please wait a while before trying again.',
  claimFailed: 'We could not send the download link. Please try again.',
  /** An unknown or altered confirmation link, or one whose product left the store or stopped being free. */
  linkNotFound: "This download link doesn't work. It may be incomplete, or the product is no longer free.",
  /** The order's private links were withdrawn by the store: the confirmation link no longer opens it. */
  linkWithdrawn: 'This download link was withdrawn by the store. Use "Find my order" to get a new one.',
  confirmFailed: 'We could not open your download. Please try again.',
  getItFree: 'Get it free',
  free: 'Free',
} as const
