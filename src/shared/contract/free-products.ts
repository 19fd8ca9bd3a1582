/**
 * Free products for an email: which product is free, the sentences the "Get it free" form shows
 * (the server records them as the visitor's consent, word for word), and the HTTP contract of
 * `POST /api/free-products/:productId/claims` (ask for it) and `POST /api/free-products/claims/:token/confirm`
 * (the emailed link, opened: the $0.00 order's private page).
 */
import { z } from 'zod'
import type { PriceModel } from './selling.ts'
import { EMAIL_MAX_LENGTH, INVALID_EMAIL_MESSAGE, isValidEmail } from './email-rules.ts'

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

export const FREE_PRODUCT_CODES = {
  notFound: 'FREE_PRODUCT_NOT_FOUND',
  linkNotFound: 'FREE_LINK_NOT_FOUND',
  linkWithdrawn: 'FREE_LINK_WITHDRAWN',
} as const

export const freeProductParamsSchema = z.object({ productId: z.string().min(1).max(100) })

export const freeProductClaimBodySchema = z.object({
  email: z.string({ error: INVALID_EMAIL_MESSAGE }).trim().max(EMAIL_MAX_LENGTH, INVALID_EMAIL_MESSAGE).refine(isValidEmail, INVALID_EMAIL_MESSAGE),
  /** "Also send me news": false unless the visitor ticked it. */
  newsConsent: z.boolean({ error: 'newsConsent must be true or false' }).default(false),
})
export type FreeProductClaimBody = z.input<typeof freeProductClaimBodySchema>

export const freeProductClaimResponseSchema = z.object({ data: z.object({ message: z.string() }) })

export const freeClaimTokenParamsSchema = z.object({ token: z.string().min(1).max(200) })

/** The confirmed claim: where its order's private page is. */
export const freeClaimConfirmResponseSchema = z.object({ data: z.object({ orderPath: z.string() }) })

const FREE_CLAIM_PAGE_PREFIX = '/free/'
/** Where the confirmation email's link opens. */
export const freeClaimPagePath = (token: string) => `${FREE_CLAIM_PAGE_PREFIX}${encodeURIComponent(token)}`
