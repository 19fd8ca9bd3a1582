/**
 * Who runs the store: the staff listed in the owner console (admins, who may do everything, and
 * support staff, who read orders and customers, resend receipts and add downloads), the grant
 * form (an email and a role), and the rules' messages, which the console shows as the server
 * sends them and the owner CLI prints.
 */
import { z } from 'zod'
import { EMAIL_MAX_LENGTH, INVALID_EMAIL_MESSAGE, isValidEmail } from './email-rules.ts'

/** The staff roles an account can hold besides a shopper's. */
export const STAFF_ROLES = ['admin', 'support'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]
export const staffRoleSchema = z.enum(STAFF_ROLES, { error: 'role must be admin or support' })

/** Grant a role by email; without a role, the admin role (as before support staff existed). */
export const grantStaffRoleSchema = z.strictObject({
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .max(EMAIL_MAX_LENGTH, INVALID_EMAIL_MESSAGE)
    .refine((email) => isValidEmail(email), INVALID_EMAIL_MESSAGE),
  role: staffRoleSchema.default('admin'),
})
export type GrantStaffRoleForm = z.infer<typeof grantStaffRoleSchema>

export const adminAccountParamsSchema = z.object({ userId: z.string().min(1).max(100) })

export const adminAccountSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  /** When the account got its staff role (ISO time); null for an admin from before it was recorded. */
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
  alreadySupport: (email: string) => `${email} is already support staff`,
  notStaff: (email: string) => `${email} is neither an admin nor support staff`,
  adminNotFound: 'No admin with this id',
  ownRole: 'Another admin must take your admin role',
  lastAdmin: 'The last admin cannot lose the role: make someone else an admin first',
} as const
