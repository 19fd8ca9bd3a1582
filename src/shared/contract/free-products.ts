/**
 * Free products for an email: which product is free, the sentences the "Get it free" form shows
 * (the server records them as the visitor's consent, word for word), and the HTTP contract of
 * `POST /api/free-products/:productId/claims` (ask for it) and `POST /api/free-products/claims/:token/confirm`
 * (the emailed link, opened: the $0.00 order's private page).
 */
import { z } from 'zod'
import { EMAIL_MAX_LENGTH, INVALID_EMAIL_MESSAGE, isValidEmail } from './email-rules.ts'

export { FREE_PRODUCT_MESSAGES, freeProductConsentText, isFreeProduct, NEWS_CONSENT_TEXT } from './free-product-texts.ts'

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
