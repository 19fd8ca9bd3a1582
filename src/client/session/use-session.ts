/**
 * The signed-in user as the pages see it: `{ user, isLoading }`, null user for guests. Read with
 * one small query of Better Auth's own `get-session` endpoint, so the storefront's first load
 * carries no auth client; the auth client (features/account/auth-client.ts), loaded by the pages
 * that sign in, out or change the account, says when the session changed and the query reads it
 * again. Below the features: every feature that depends on who is signed in reads it here.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { apiRequest } from '../api/http.ts'

export interface SessionUser {
  id: string
  email: string
  name: string
  emailVerified: boolean
  twoFactorEnabled: boolean
  createdAt: Date
  /** `admin` or `support` for the store's staff (what the owner console shows them); a shopper's is `user`. */
  role?: string | null
}

export interface AuthSession {
  user: SessionUser | null
  isLoading: boolean
  /** Re-reads the session from the server (after a profile change, for instance). */
  refetch: () => Promise<void>
}

interface SessionAnswer {
  user: Omit<SessionUser, 'createdAt' | 'twoFactorEnabled'> & { createdAt: string; twoFactorEnabled?: boolean | null }
}

export const SESSION_QUERY_KEY = ['auth', 'session'] as const

const changeListeners = new Set<() => void>()

/** The session changed (signed in, out, verified, two-factor turned on or off): every reader asks again. */
export function sessionChanged(): void {
  for (const listener of changeListeners) listener()
}

async function readSession(): Promise<SessionUser | null> {
  const answer = await apiRequest<SessionAnswer | null>('/api/auth/get-session', {}, 'Could not read the session')
  const user = answer?.user
  if (!user) return null
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    emailVerified: user.emailVerified,
    twoFactorEnabled: user.twoFactorEnabled === true,
    createdAt: new Date(user.createdAt),
    role: user.role ?? null,
  }
}

export function useSession(): AuthSession {
  const queryClient = useQueryClient()
  const session = useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: readSession, staleTime: Number.POSITIVE_INFINITY, retry: false })

  useEffect(() => {
    const listener = () => void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY })
    changeListeners.add(listener)
    return () => {
      changeListeners.delete(listener)
    }
  }, [queryClient])

  return {
    user: session.data ?? null,
    // A failed session read counts as "signed out", not as loading forever.
    isLoading: session.isPending && !session.isError,
    refetch: async () => {
      await session.refetch()
    },
  }
}
