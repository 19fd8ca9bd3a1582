/**
 * The second sign-in step for producers who turned on two-factor: a 6-digit code from their
 * authenticator app, or one of their backup codes, with the option to trust this device.
 */
import { useState, type FormEvent } from 'react'
import { TextField } from '../../components/TextField.tsx'
import { authClient } from './auth-client.ts'
import { AUTH_FALLBACK, describeAuthError } from './auth-errors.ts'
import { FormMessage } from './AuthCard.tsx'

interface TwoFactorChallengeProps {
  onVerified: () => Promise<void> | void
  onCancel: () => void
}

export function TwoFactorChallenge({ onVerified, onCancel }: TwoFactorChallengeProps) {
  const [useBackupCode, setUseBackupCode] = useState(false)
  const [code, setCode] = useState('')
  const [trustDevice, setTrustDevice] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const value = code.replace(/\s+/g, '')
    if (!value) return
    setError(null)
    setSubmitting(true)
    try {
      const result = useBackupCode
        ? await authClient.twoFactor.verifyBackupCode({ code: value, trustDevice })
        : await authClient.twoFactor.verifyTotp({ code: value, trustDevice })
      if (result.error) {
        setError(describeAuthError(result.error, AUTH_FALLBACK.signIn))
        setSubmitting(false)
        return
      }
      await onVerified()
    } catch (caught) {
      setError(describeAuthError(caught, AUTH_FALLBACK.signIn))
      setSubmitting(false)
    }
  }

  function switchMethod() {
    setUseBackupCode((current) => !current)
    setCode('')
    setError(null)
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-zinc-300">
        {useBackupCode
          ? 'Enter one of the backup codes you saved when you turned on two-factor authentication. Each code works once.'
          : 'Open your authenticator app and enter the 6-digit code for Audio Lab Store.'}
      </p>
      <TextField
        key={useBackupCode ? 'backup' : 'totp'}
        label={useBackupCode ? 'Backup code' : 'Authentication code'}
        name="code"
        autoComplete="one-time-code"
        inputMode={useBackupCode ? 'text' : 'numeric'}
        maxLength={useBackupCode ? 32 : 6}
        autoFocus
        required
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <label className="flex items-center gap-2 text-sm text-zinc-300">
        <input type="checkbox" checked={trustDevice} onChange={(event) => setTrustDevice(event.target.checked)} className="size-4 accent-brand-500" />
        Trust this device for 30 days
      </label>
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <button type="submit" disabled={!code.trim() || submitting} className="btn btn-primary w-full py-3">
        {submitting ? 'Verifying...' : 'Verify'}
      </button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" className="font-medium text-brand-300 hover:text-brand-200" onClick={switchMethod}>
          {useBackupCode ? 'Use your authenticator app' : 'Use a backup code'}
        </button>
        <button type="button" className="font-medium text-zinc-400 hover:text-zinc-200" onClick={onCancel}>
          Start over
        </button>
      </div>
    </form>
  )
}
