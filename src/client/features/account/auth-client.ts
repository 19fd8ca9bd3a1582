/**
 * The browser's Better Auth client: sign-up, sign-in, sign-out, password reset, email
 * verification, session scopes and optional two-factor, all against our own server at /api/auth.
 */
import { twoFactorClient } from 'better-auth/client/plugins'
import { createAuthClient } from 'better-auth/client'
import { sessionChanged } from './use-session.ts'

export const AUTH_BASE_PATH = '/api/auth'

export const authClient = createAuthClient({
  // Same origin as the page, so the session cookie is first-party and the origin check passes.
  baseURL: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  basePath: AUTH_BASE_PATH,
  // Optional TOTP: sign-in answers `twoFactorRedirect` and the login page asks for the code itself.
  plugins: [twoFactorClient()],
})

// Better Auth raises this signal after every call that changes the session (sign-in, sign-out,
// verification, two-factor): the pages' session query reads it again.
authClient.$store.listen('$sessionSignal', sessionChanged)

/** An absolute URL on this site (Better Auth's callback and redirect URLs must name the origin). */
export function siteUrl(path: string): string {
  return new URL(path, window.location.origin).toString()
}
