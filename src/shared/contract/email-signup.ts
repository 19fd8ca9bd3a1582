/**
 * The email-signup call (`POST /api/email-signup`): who may subscribe from where, the
 * address rule the coming-soon and learn forms share with the server, and the texts.
 */
import { z } from 'zod'
import { EMAIL_MAX_LENGTH, EMAIL_SIGNUP_MESSAGES, INVALID_EMAIL_MESSAGE, isValidEmail } from './email-rules.ts'

export { EMAIL_MAX_LENGTH, EMAIL_SIGNUP_MESSAGES, INVALID_EMAIL_MESSAGE, isValidEmail }

export const SUBSCRIPTION_TYPES = ['coming_soon', 'newsletter'] as const
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number]
/** Where a subscriber signed up; `free_product` is the "also send me news" box of a free download. */
export const SIGNUP_SOURCES = ['coming_soon_page', 'learn_page', 'footer', 'free_product'] as const
export type SignupSource = (typeof SIGNUP_SOURCES)[number]
/** The sources a browser may name: `free_product` is written only by a confirmed free-product request. */
export const PUBLIC_SIGNUP_SOURCES = ['coming_soon_page', 'learn_page', 'footer'] as const satisfies readonly SignupSource[]
export type PublicSignupSource = (typeof PUBLIC_SIGNUP_SOURCES)[number]

export const emailSignupRequestSchema = z.object({
  email: z.string({ error: INVALID_EMAIL_MESSAGE }).trim().refine(isValidEmail, INVALID_EMAIL_MESSAGE),
  subscriptionType: z.enum(SUBSCRIPTION_TYPES).default('coming_soon'),
  source: z.enum(PUBLIC_SIGNUP_SOURCES).default('coming_soon_page'),
})
export type EmailSignupRequest = z.input<typeof emailSignupRequestSchema>

export const emailSignupResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
})
