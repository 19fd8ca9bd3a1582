/**
 * The profile's session scopes (logout local / others / global): sign out of every
 * other device, or of all devices including this one.
 */
import { useState } from 'react'
import toast from 'react-hot-toast'
import { authClient } from './auth-client.ts'
import { AUTH_FALLBACK, describeAuthError } from './auth-errors.ts'

interface SessionControlsProps {
  /** Called once this device's own session has ended too (sign out of all devices). */
  onSignedOutEverywhere: () => void
}

export function SessionControls({ onSignedOutEverywhere }: SessionControlsProps) {
  const [working, setWorking] = useState<'others' | 'all' | null>(null)

  async function signOutOthers() {
    setWorking('others')
    try {
      const result = await authClient.revokeOtherSessions()
      if (result.error) toast.error(describeAuthError(result.error, AUTH_FALLBACK.signOut))
      else toast.success('Signed out of other devices')
    } catch (caught) {
      toast.error(describeAuthError(caught, AUTH_FALLBACK.signOut))
    } finally {
      setWorking(null)
    }
  }

  async function signOutAll() {
    setWorking('all')
    try {
      const result = await authClient.revokeSessions()
      if (result.error) {
        toast.error(describeAuthError(result.error, AUTH_FALLBACK.signOut))
        setWorking(null)
        return
      }
      toast.success('Signed out of all devices')
      onSignedOutEverywhere()
      // The server has ended every session; this also drops this browser's now-dead cookie.
      void authClient.signOut().catch(() => undefined)
    } catch (caught) {
      toast.error(describeAuthError(caught, AUTH_FALLBACK.signOut))
      setWorking(null)
    }
  }

  return (
    <div>
      <p className="text-sm text-zinc-400">Signed in on a shared or lost device? End those sessions here.</p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <button type="button" className="btn btn-secondary" disabled={working !== null} onClick={signOutOthers}>
          {working === 'others' ? 'Signing out...' : 'Sign out of other devices'}
        </button>
        <button type="button" className="btn btn-secondary" disabled={working !== null} onClick={signOutAll}>
          {working === 'all' ? 'Signing out...' : 'Sign out of all devices'}
        </button>
      </div>
    </div>
  )
}
