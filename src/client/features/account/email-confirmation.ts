/**
 * Reads what the confirmation link's landing URL says. Better Auth verifies the emailed token
 * and redirects here: with `?error=CODE` on failure, with our `confirmed=true` marker on success.
 * A bare `token` (a link straight to this page) is verified by the page itself.
 */

export const CONFIRMATION_TEXT = {
  expired: 'Failed to confirm email. The link may have expired.',
  retry: 'Failed to confirm email. Please try again.',
  invalid: 'Invalid confirmation link. Please check your email and try again.',
  failed: 'Failed to confirm email.',
  unexpected: 'An unexpected error occurred. Please try again.',
} as const

/** The callback the confirmation email's link returns to after the server verified it. */
export const CONFIRMED_CALLBACK_PATH = '/email-confirmation?confirmed=true'

export type ConfirmationLink = { kind: 'confirmed' } | { kind: 'verify'; token: string } | { kind: 'error'; message: string }

export function readConfirmationLink(search: URLSearchParams, hash = ''): ConfirmationLink {
  // Older confirmation links carried the outcome in the hash; accept both places.
  const hashParams = new URLSearchParams(hash.replace(/^#/, ''))
  const get = (name: string) => search.get(name) ?? hashParams.get(name)
  const error = get('error')
  if (error) return { kind: 'error', message: get('error_description') || confirmationErrorText(error) }
  const token = get('token')
  if (token) return { kind: 'verify', token }
  if (get('confirmed') === 'true') return { kind: 'confirmed' }
  return { kind: 'error', message: CONFIRMATION_TEXT.invalid }
}

/** Better Auth's error codes (in either case) to the store's texts. */
export function confirmationErrorText(code: string | undefined): string {
  switch (code?.toUpperCase()) {
    case 'TOKEN_EXPIRED':
    // Links work once: a second click finds the address already confirmed.
    case 'EMAIL_ALREADY_VERIFIED':
      return CONFIRMATION_TEXT.expired
    case 'INVALID_TOKEN':
      return CONFIRMATION_TEXT.invalid
    case 'USER_NOT_FOUND':
    case 'INVALID_USER':
      return CONFIRMATION_TEXT.failed
    default:
      return CONFIRMATION_TEXT.retry
  }
}
