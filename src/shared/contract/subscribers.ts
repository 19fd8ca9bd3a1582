/**
 * Subscribers: the unsubscribe link every news email carries (`/unsubscribe/{token}`, answered by
 * `POST /api/email-signup/unsubscribe/:token`), and the owner's lists of subscribers and free
 * product requests (`GET /api/admin/subscribers`, `GET /api/admin/free-product-claims`, each
 * with a `.csv` twin).
 */
import { z } from 'zod'
import { SIGNUP_SOURCES, SUBSCRIPTION_TYPES } from './email-signup.ts'
import { queryInteger } from './strict-input.ts'

export const UNSUBSCRIBE_MESSAGES = {
  /** Said whether this click unsubscribed the address or an earlier one did. */
  unsubscribed: (email: string) => `${email} is unsubscribed: we won't send it news any more.`,
  linkNotFound: "This unsubscribe link doesn't work. It may be incomplete, or the address was removed from the list.",
  failed: 'We could not unsubscribe you. Please try again.',
} as const

const UNSUBSCRIBE_PAGE_PREFIX = '/unsubscribe/'
/** Where a news email's unsubscribe link opens. */
export const unsubscribePagePath = (token: string) => `${UNSUBSCRIBE_PAGE_PREFIX}${encodeURIComponent(token)}`

export const unsubscribeParamsSchema = z.object({ token: z.string().min(1).max(200) })
export const unsubscribeResponseSchema = z.object({ data: z.object({ message: z.string() }) })

/** Where a subscriber signed up, as the console names it. */
export const SIGNUP_SOURCE_LABELS: Record<(typeof SIGNUP_SOURCES)[number], string> = {
  coming_soon_page: 'Coming-soon page',
  learn_page: 'Learn page',
  footer: 'Footer',
  free_product: 'Free product',
}

export const SUBSCRIBERS_PAGE_SIZE = 25

export const subscribersQuerySchema = z.object({
  /** Part of an email address. */
  search: z.string({ error: 'search must be text' }).trim().max(200, 'search must be at most 200 characters').optional(),
  limit: queryInteger('limit', 1, 100).default(SUBSCRIBERS_PAGE_SIZE),
  offset: queryInteger('offset', 0, 1_000_000).default(0),
})

/** The CSV files take the same search, without paging: every matching row. */
export const subscribersCsvQuerySchema = subscribersQuerySchema.pick({ search: true })

export const subscriberSchema = z.object({
  email: z.string(),
  source: z.enum(SIGNUP_SOURCES),
  subscriptionType: z.enum(SUBSCRIPTION_TYPES),
  /** The sentence they agreed to; null for signups from before it was kept. */
  consentText: z.string().nullable(),
  subscribedAt: z.string(),
  /** When they unsubscribed; null while subscribed. */
  unsubscribedAt: z.string().nullable(),
})
export type Subscriber = z.infer<typeof subscriberSchema>
export const subscribersResponseSchema = z.object({ data: z.array(subscriberSchema), total: z.number().int(), hasMore: z.boolean() })

export const freeProductClaimSchema = z.object({
  email: z.string(),
  productId: z.string(),
  productName: z.string(),
  consentText: z.string(),
  /** "Also send me news" was ticked. */
  newsConsent: z.boolean(),
  requestedAt: z.string(),
  /** When the emailed link was opened; null until then. */
  confirmedAt: z.string().nullable(),
})
export type FreeProductClaim = z.infer<typeof freeProductClaimSchema>
export const freeProductClaimsResponseSchema = z.object({ data: z.array(freeProductClaimSchema), total: z.number().int(), hasMore: z.boolean() })
