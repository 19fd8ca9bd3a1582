/**
 * The profile (`GET /api/profile`, `PATCH /api/profile`): the signed-in producer's id, read-only
 * email, editable full name (Better Auth's `user.name`, an empty string when none was given)
 * and dates.
 */
import { z } from 'zod'

export const FULL_NAME_MAX_LENGTH = 100
export const EMAIL_READ_ONLY_MESSAGE = 'Email cannot be changed'

export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type Profile = z.infer<typeof profileSchema>

export const profileResponseSchema = z.object({ data: profileSchema })

export const updateProfileRequestSchema = z.strictObject({
  full_name: z
    .string({ error: 'Full name must be text' })
    .trim()
    .max(FULL_NAME_MAX_LENGTH, `Full name must be ${FULL_NAME_MAX_LENGTH} characters or fewer`),
})
