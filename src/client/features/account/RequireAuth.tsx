/**
 * Route guard for pages that need a signed-in producer: a small loader while the session is
 * read, guests go to /login carrying the requested location so sign-in can send them back.
 */
import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { useSession } from './use-session.ts'

export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession()
  const location = useLocation()
  if (isLoading) {
    return (
      <div role="status" className="flex min-h-[40vh] items-center justify-center gap-3 text-sm text-zinc-400">
        <span className="size-5 animate-spin rounded-full border-2 border-zinc-700 border-t-brand-400" aria-hidden="true" />
        Checking your session…
      </div>
    )
  }
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />
  return children
}
