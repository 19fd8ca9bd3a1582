/** POST /api/email-signup: subscribes an email to launch news (coming-soon page) or the newsletter (learn page). */
import { useMutation } from '@tanstack/react-query'
import type { EmailSignupRequest } from '../../../../shared/contract/email-signup.ts'
import { EMAIL_SIGNUP_MESSAGES } from '../../../../shared/contract/email-rules.ts'
import { ApiError, apiRequest } from '../../../api/http.ts'

export const SUBSCRIBE_FAILED = EMAIL_SIGNUP_MESSAGES.subscribeFailed

/** What came back, read defensively: a proxy or an older server may answer `success: false` with an error. */
interface EmailSignupAnswer {
  success?: boolean
  message?: string
  error?: string
}

/**
 * Resolves with the server's message. Rejects with the server's reason when it refused the
 * address (a 4xx other than 404, or `success: false`), else with "Failed to subscribe. Please try again."
 */
export async function postEmailSignup(request: EmailSignupRequest): Promise<string> {
  let body: EmailSignupAnswer | null
  try {
    body = await apiRequest<EmailSignupAnswer | null>('/api/email-signup', { method: 'POST', json: request }, SUBSCRIBE_FAILED)
  } catch (error) {
    const refused = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 404
    throw new Error(refused ? error.message : SUBSCRIBE_FAILED)
  }
  if (body?.success === false) throw new Error(body.error ?? 'Failed to subscribe')
  return body?.message ?? "You're on the list! We'll email you when we launch."
}

export function useEmailSignup() {
  return useMutation({ mutationFn: postEmailSignup })
}
