/** The signed-in user as the pages see it: `{ user, isLoading }`, null user for guests. */
import { authClient } from './auth-client.ts'

export interface SessionUser {
  id: string
  email: string
  name: string
  emailVerified: boolean
  twoFactorEnabled: boolean
  createdAt: Date
}

export interface AuthSession {
  user: SessionUser | null
  isLoading: boolean
  /** Re-reads the session from the server (after a profile change, for instance). */
  refetch: () => Promise<void>
}

export function useSession(): AuthSession {
  const session = authClient.useSession()
  const user = session.data?.user ?? null
  return {
    user: user
      ? {
          id: user.id,
          email: user.email,
          name: user.name,
          emailVerified: user.emailVerified,
          twoFactorEnabled: user.twoFactorEnabled === true,
          createdAt: new Date(user.createdAt),
        }
      : null,
    // A failed session read counts as "signed out", not as loading forever.
    isLoading: session.isPending && !session.error,
    refetch: () => session.refetch(),
  }
}
