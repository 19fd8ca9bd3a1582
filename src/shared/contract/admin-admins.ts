/**
 * Who runs the store: the admins listed in the owner console, the grant form (one email), and
 * the rules' messages, which the console shows as the server sends them and the owner CLI prints.
 */
import { z } from 'zod'
import { EMAIL_MAX_LENGTH, INVALID_EMAIL_MESSAGE, isValidEmail } from './email-rules.ts'

export const grantAdminSchema = z.strictObject({
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .max(EMAIL_MAX_LENGTH, INVALID_EMAIL_MESSAGE)
    .refine((email) => isValidEmail(email), INVALID_EMAIL_MESSAGE),
})
export type GrantAdminForm = z.infer<typeof grantAdminSchema>

export const adminAccountParamsSchema = z.object({ userId: z.string().min(1).max(100) })

export const adminAccountSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  /** When the account last became an admin (ISO time); null for an admin from before it was recorded. */
  adminSince: z.string().nullable(),
  /** Whether this is the account that asked. */
  you: z.boolean(),
})
export type AdminAccount = z.infer<typeof adminAccountSchema>
export const adminAccountsResponseSchema = z.object({ data: z.array(adminAccountSchema) })
export const adminAccountResponseSchema = z.object({ data: adminAccountSchema })

export const ADMIN_ROLE_MESSAGES = {
  noAccount: (email: string) => `No account with the email ${email}. The person must sign up first.`,
  unconfirmed: (email: string) => `${email} has not been confirmed yet. The person must open the link in the confirmation email first.`,
  alreadyAdmin: (email: string) => `${email} is already an admin`,
  notAdmin: (email: string) => `${email} is not an admin`,
  adminNotFound: 'No admin with this id',
  ownRole: 'Another admin must take your admin role',
  lastAdmin: 'The last admin cannot lose the role: make someone else an admin first',
} as const
