/**
 * Signing out of this browser from the profile: "Sign Out" asks the server to end the session
 * (a refusal or a failed request is a toast and leaves the producer signed in); once signed
 * out, or signed out everywhere, the producer goes home and the query cache is emptied, so
 * nothing of theirs lingers for whoever uses the browser next.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import toast from 'react-hot-toast'
import { useNavigate } from 'react-router'
import { authClient } from './auth-client.ts'
import { AUTH_FALLBACK, describeAuthError } from './auth-errors.ts'

export interface SignOut {
  signingOut: boolean
  signOut: () => Promise<void>
  /** Home, with the cache emptied: after this browser's sign-out or a sign-out everywhere. */
  leaveSignedOut: () => void
}

export function useSignOut(): SignOut {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [signingOut, setSigningOut] = useState(false)

  function leaveSignedOut() {
    navigate('/', { replace: true })
    queryClient.clear()
  }

  async function signOut() {
    setSigningOut(true)
    try {
      const result = await authClient.signOut()
      if (result.error) {
        toast.error(describeAuthError(result.error, AUTH_FALLBACK.signOut))
        setSigningOut(false)
        return
      }
      leaveSignedOut()
    } catch (caught) {
      toast.error(describeAuthError(caught, AUTH_FALLBACK.signOut))
      setSigningOut(false)
    }
  }

  return { signingOut, signOut, leaveSignedOut }
}
