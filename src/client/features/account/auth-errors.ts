/**
 * Turns what Better Auth (or our own rate limiter) answers into the text a producer reads.
 * The text is chosen by the error's `code` (Better Auth's error codes) or status, never by
 * the wording of its message: a code the store has a text for shows that text; any other
 * error shows the server's message when it has one, else the action's fallback ("Sign in
 * failed", ...).
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
  invalidCredentials: 'Invalid email or password',
  userExists: 'User already exists. Use another email.',
  invalidCode: 'Invalid code',
  invalidBackupCode: 'Invalid backup code',
} as const

/**
 * Better Auth's error codes (its base codes and the two-factor plugin's) that get the store's
 * own text, so a library upgrade that rewords its messages does not change what is shown.
 */
const BY_CODE: ReadonlyMap<string, string> = new Map([
  ['EMAIL_NOT_VERIFIED', AUTH_TEXT.emailNotVerified],
  ['INVALID_EMAIL_OR_PASSWORD', AUTH_TEXT.invalidCredentials],
  ['USER_ALREADY_EXISTS', AUTH_TEXT.userExists],
  ['USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', AUTH_TEXT.userExists],
  ['INVALID_CODE', AUTH_TEXT.invalidCode],
  ['INVALID_BACKUP_CODE', AUTH_TEXT.invalidBackupCode],
])

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
  const byCode = code === undefined ? undefined : BY_CODE.get(code)
  if (byCode) return byCode
  // Rate limiting is told by status: Better Auth's own limiter answers 429 without a code.
  if (status === 429) return message || AUTH_TEXT.tooManyAttempts
  // A request that never got an answer throws a TypeError ("Failed to fetch"), which is not a message for people.
  if (error instanceof TypeError) return fallback
  return message || fallback
}

export function readAuthError(error: AuthErrorLike): { code: string | undefined; message: string | undefined; status: number | undefined } {
  const code = error.error?.code ?? error.code
  const message = error.error?.message ?? error.message
  return { code, message: message?.trim() || undefined, status: error.status }
}
