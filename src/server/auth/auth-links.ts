/**
 * The links the account emails carry, and the check that makes a confirmation link single-use.
 * Better Auth's confirmation token is a signed JWT that stays valid until it expires; we refuse
 * it once the address is confirmed, and send every failure to /email-confirmation?error=CODE.
 */
import { APIError, createAuthMiddleware } from 'better-auth/api'
import { verifyJWT } from 'better-auth/crypto'

export const EMAIL_CONFIRMATION_PAGE = '/email-confirmation'
export const RESET_PASSWORD_CONFIRM_PAGE = '/reset-password/confirm'

/** Where Better Auth sends the browser after confirming: the client page's success marker. */
export const confirmationCallbackUrl = (publicUrl: string) => `${publicUrl}${EMAIL_CONFIRMATION_PAGE}?confirmed=true`

/** The emailed confirmation link: Better Auth verifies the token, then redirects to the client page. */
export function confirmationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(confirmationCallbackUrl(publicUrl))}`
}

/**
 * The emailed reset link: Better Auth checks the token and redirects to
 * /reset-password/confirm?type=recovery&token=TOKEN (or ...?type=recovery&error=INVALID_TOKEN).
 */
export function passwordResetLink(publicUrl: string, token: string): string {
  const callback = `${publicUrl}${RESET_PASSWORD_CONFIRM_PAGE}?type=recovery`
  return `${publicUrl}/api/auth/reset-password/${encodeURIComponent(token)}?callbackURL=${encodeURIComponent(callback)}`
}

const CONFIRMATION_ERRORS = {
  INVALID_TOKEN: 'Invalid token',
  TOKEN_EXPIRED: 'Token expired',
  USER_NOT_FOUND: 'User not found',
  EMAIL_ALREADY_VERIFIED: 'Email is already verified',
} as const
type ConfirmationError = keyof typeof CONFIRMATION_ERRORS

/** Better Auth `before` hook for GET /verify-email. */
export function confirmationLinkGuard(publicUrl: string) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path !== '/verify-email') return
    const query = (ctx.query ?? {}) as { token?: unknown; callbackURL?: unknown }
    const problem = await confirmationProblem(typeof query.token === 'string' ? query.token : '', ctx.context.secret, (email) =>
      ctx.context.internalAdapter.findUserByEmail(email),
    )
    if (!problem) return
    if (query.callbackURL) {
      const target = new URL(EMAIL_CONFIRMATION_PAGE, publicUrl)
      target.searchParams.set('error', problem)
      throw ctx.redirect(target.href)
    }
    throw APIError.from('UNAUTHORIZED', { code: problem, message: CONFIRMATION_ERRORS[problem] })
  })
}

async function confirmationProblem(
  token: string,
  secret: string,
  findUser: (email: string) => Promise<{ user: { emailVerified: boolean } } | null>,
): Promise<ConfirmationError | null> {
  const payload = token ? await verifyJWT<{ email?: unknown; updateTo?: unknown }>(token, secret) : null
  if (!payload) return isExpired(token) ? 'TOKEN_EXPIRED' : 'INVALID_TOKEN'
  // Email-change tokens are Better Auth's own flow (not enabled here): leave them to it.
  if (payload.updateTo) return null
  if (typeof payload.email !== 'string') return 'INVALID_TOKEN'
  const found = await findUser(payload.email)
  if (!found) return 'USER_NOT_FOUND'
  return found.user.emailVerified ? 'EMAIL_ALREADY_VERIFIED' : null
}

/** Reads `exp` without trusting the token: only decides which error text a failed token gets. */
function isExpired(token: string): boolean {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown }
    return typeof payload.exp === 'number' && payload.exp * 1000 < Date.now()
  } catch {
    return false
  }
}
