/**
 * The profile (`GET /api/profile`, `PATCH /api/profile`): the signed-in producer's id, read-only
 * email, editable full name (Better Auth's `user.name`, an empty string when none was given),
 * whether they get an email when a product they bought has a new version, and dates.
 */
import { z } from 'zod'

export const FULL_NAME_MAX_LENGTH = 100
export const EMAIL_READ_ONLY_MESSAGE = 'Email cannot be changed'

export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  /** An "update available" email when a product they bought has a new version (on unless turned off). */
  product_update_emails: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type Profile = z.infer<typeof profileSchema>

export const profileResponseSchema = z.object({ data: profileSchema })

export const PROFILE_UPDATE_MESSAGES = {
  productUpdateEmails: 'Product update emails must be true or false',
  nothingToChange: 'Give a full name or a product update emails choice to change',
} as const

/** Either field, or both: the name and the email choice save separately on the page. */
export const updateProfileRequestSchema = z
  .strictObject({
    full_name: z
      .string({ error: 'Full name must be text' })
      .trim()
      .max(FULL_NAME_MAX_LENGTH, `Full name must be ${FULL_NAME_MAX_LENGTH} characters or fewer`)
      .optional(),
    product_update_emails: z.boolean({ error: PROFILE_UPDATE_MESSAGES.productUpdateEmails }).optional(),
  })
  .refine((body) => body.full_name !== undefined || body.product_update_emails !== undefined, PROFILE_UPDATE_MESSAGES.nothingToChange)
export type ProfileChanges = z.output<typeof updateProfileRequestSchema>
