/**
 * Turns what Better Auth (or our own rate limiter) answers into the text a producer reads:
 * the server's message when it has one, the spec's fallback ("Sign in failed", ...) otherwise.
 */

export const AUTH_FALLBACK = {
  signIn: 'Sign in failed',
  signUp: 'Sign up failed',
  signOut: 'Sign out failed',
  profileUpdate: 'Profile update failed',
} as const

export const AUTH_TEXT = {
  emailNotVerified: 'Please confirm your email address before signing in. Check your inbox for the confirmation link.',
  authLoading: 'Authentication loading, please try again in a moment...',
  unexpected: 'An unexpected error occurred. Please try again.',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  invalidResetLink: 'Invalid password reset link. Please request a new password reset.',
} as const

/** The error shapes that reach the client: Better Auth's `{ code, message, status }` or ours `{ error: { message, code } }`. */
export interface AuthErrorLike {
  status?: number
  statusText?: string
  code?: string
  message?: string
  error?: { message?: string; code?: string }
}

export function describeAuthError(error: unknown, fallback: string): string {
  if (!error || typeof error !== 'object') return fallback
  const { code, message, status } = readAuthError(error as AuthErrorLike)
  if (code === 'EMAIL_NOT_VERIFIED') return AUTH_TEXT.emailNotVerified
  if (status === 429) return message || AUTH_TEXT.tooManyAttempts
  // A thrown TypeError from fetch ("Failed to fetch") is not a message for people.
  if (error instanceof TypeError) return fallback
  return message || fallback
}

export function readAuthError(error: AuthErrorLike): { code: string | undefined; message: string | undefined; status: number | undefined } {
  const code = error.error?.code ?? error.code
  const message = error.error?.message ?? error.message
  return { code, message: message?.trim() || undefined, status: error.status }
}
