/**
 * The support contact form (`POST /api/support-messages`): its fields, their limits and the
 * texts that name a missing or oversize field. The form and the server validate with this one schema.
 */
import { z } from 'zod'
import { EMAIL_MAX_LENGTH, INVALID_EMAIL_MESSAGE, isValidEmail } from './email-signup.ts'

export const SUPPORT_CATEGORIES = ['general', 'technical', 'billing', 'licensing', 'bug'] as const
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number]

export const SUPPORT_CATEGORY_LABELS: Record<SupportCategory, string> = {
  general: 'General question',
  technical: 'Technical support',
  billing: 'Billing & payments',
  licensing: 'Licensing',
  bug: 'Bug report',
}

export const SUPPORT_LIMITS = { name: 100, subject: 200, message: 5000 } as const
/** The reply-time promise, repeated on the page and in the acknowledgement email. */
export const SUPPORT_REPLY_TIME = '24-48 hours'

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be ${max} characters or fewer`)

export const supportMessageRequestSchema = z.object({
  name: requiredText('Name', SUPPORT_LIMITS.name),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(EMAIL_MAX_LENGTH, INVALID_EMAIL_MESSAGE)
    .refine(isValidEmail, INVALID_EMAIL_MESSAGE),
  category: z.enum(SUPPORT_CATEGORIES, { error: 'Please choose a category' }).default('general'),
  subject: requiredText('Subject', SUPPORT_LIMITS.subject),
  message: requiredText('Message', SUPPORT_LIMITS.message),
})
export type SupportMessageRequest = z.input<typeof supportMessageRequestSchema>
export type SupportMessageInput = z.infer<typeof supportMessageRequestSchema>

export const supportMessageResponseSchema = z.object({
  data: z.object({ id: z.string() }),
})
export type SupportMessageResponse = z.infer<typeof supportMessageResponseSchema>
