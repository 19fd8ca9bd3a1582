/**
 * The email-signup call (`POST /api/email-signup`): who may subscribe from where, the
 * address rule the coming-soon and learn forms share with the server, and the texts.
 */
import { z } from 'zod'

/** A basic address pattern: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
/** RFC 5321's limit on a whole address. */
export const EMAIL_MAX_LENGTH = 254
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address'

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value)
}

export const SUBSCRIPTION_TYPES = ['coming_soon', 'newsletter'] as const
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number]
export const SIGNUP_SOURCES = ['coming_soon_page', 'learn_page', 'footer'] as const
export type SignupSource = (typeof SIGNUP_SOURCES)[number]

export const emailSignupRequestSchema = z.object({
  email: z
    .string({ error: INVALID_EMAIL_MESSAGE })
    .trim()
    .refine(isValidEmail, INVALID_EMAIL_MESSAGE),
  subscriptionType: z.enum(SUBSCRIPTION_TYPES).default('coming_soon'),
  source: z.enum(SIGNUP_SOURCES).default('coming_soon_page'),
})
export type EmailSignupRequest = z.input<typeof emailSignupRequestSchema>

export const emailSignupResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
})

export const EMAIL_SIGNUP_MESSAGES = {
  launch: "Thanks! We'll let you know when we launch.",
  newsletter: "Thanks for subscribing! New tutorials and free packs will land in your inbox.",
  alreadySubscribed: "You're already on the list — we'll be in touch.",
  subscribeFailed: 'Failed to subscribe. Please try again.',
} as const
