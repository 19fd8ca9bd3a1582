/**
 * Better Auth, made on first use: its modules (better-auth, kysely, jose: several hundred files)
 * are not read while the store starts, and a request without a session cookie never needs them.
 */
import type { Auth, AuthDeps } from './auth.ts'

/** The store's Better Auth: made from `deps` by the first call, the same instance for every call after. */
export type LoadAuth = () => Promise<Auth>

export function loadAuthOnce(deps: AuthDeps): LoadAuth {
  let loading: Promise<Auth> | null = null
  return () =>
    (loading ??= import('./auth.ts').then(
      ({ createAuth }) => createAuth(deps),
      (error: unknown) => {
        loading = null
        throw error
      },
    ))
}
