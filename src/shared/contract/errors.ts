/**
 * The API's error body, `{ error: { message, status, code } }`, and the messages shoppers see.
 */
import { z } from 'zod'
import { ERROR_MESSAGES } from './error-messages.ts'

export { ERROR_MESSAGES }

export const apiErrorSchema = z.object({
  error: z.object({
    message: z.string(),
    status: z.number().int(),
    code: z.string(),
    /** The form field the error is about, when it is about one (the owner's forms show it beside the field). */
    field: z.string().optional(),
    /** For developers: what exactly was wrong with the request ("limit: limit must be at most 100"); never shown to shoppers. */
    detail: z.string().optional(),
  }),
})
export type ApiErrorBody = z.infer<typeof apiErrorSchema>
