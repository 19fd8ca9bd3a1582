/** POST /api/email-signup: subscribes an email to launch news (the coming-soon notify-me form). */
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from './http.ts'

export const SUBSCRIBE_FAILED = 'Failed to subscribe. Please try again.'

export interface EmailSignupRequest {
  email: string
  subscriptionType: 'coming_soon'
  source: 'coming_soon_page'
}

export interface EmailSignupResponse {
  success?: boolean
  message?: string
  error?: string
}

/** Resolves with the server's message; rejects with its error text, or "Failed to subscribe" when it gives none. */
export async function postEmailSignup(request: EmailSignupRequest): Promise<string> {
  const body = await apiRequest<EmailSignupResponse | null>('/api/email-signup', { method: 'POST', json: request }, SUBSCRIBE_FAILED)
  if (body?.success === false) throw new Error(body.error ?? 'Failed to subscribe')
  return body?.message ?? "You're on the list! We'll email you when we launch."
}

export function useEmailSignup() {
  return useMutation({ mutationFn: postEmailSignup })
}
