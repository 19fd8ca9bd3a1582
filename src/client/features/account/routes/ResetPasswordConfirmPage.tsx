/**
 * /reset-password/confirm: where the emailed reset link lands (the server has checked the token
 * and appended it). States: loading, ready (new password form), success, error.
 */
import { useEffect, useState, type FormEvent } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { PageFallback } from '../../../components/PageFallback.tsx'
import { TextField } from '../../../components/TextField.tsx'
import { authClient } from '../auth-client.ts'
import { AUTH_TEXT, describeAuthError, readAuthError } from '../auth-errors.ts'
import { AuthCard, FormMessage } from '../AuthCard.tsx'
import { PASSWORD_MIN_LENGTH, validateNewPassword } from '../signup-validation.ts'

type PageState = { name: 'loading' } | { name: 'ready'; token: string } | { name: 'success' } | { name: 'error'; message: string }

/** A usable link carries a token, no error, and (if it says) type=recovery. */
export function readRecoveryToken(params: URLSearchParams): string | null {
  const token = params.get('token')
  const type = params.get('type')
  if (!token || params.has('error')) return null
  if (type !== null && type !== 'recovery') return null
  return token
}

export default function ResetPasswordConfirmPage() {
  const [params] = useSearchParams()
  const [state, setState] = useState<PageState>({ name: 'loading' })

  useEffect(() => {
    const token = readRecoveryToken(params)
    setState(token ? { name: 'ready', token } : { name: 'error', message: AUTH_TEXT.invalidResetLink })
  }, [params])

  return (
    <>
      <title>Choose a New Password | Audio Lab Store</title>
      {state.name === 'loading' && <PageFallback />}
      {state.name === 'ready' && (
        <NewPasswordForm
          token={state.token}
          onDone={() => setState({ name: 'success' })}
          onInvalidLink={() => setState({ name: 'error', message: AUTH_TEXT.invalidResetLink })}
        />
      )}
      {state.name === 'success' && <ResetSuccess />}
      {state.name === 'error' && (
        <AuthCard title="Invalid Reset Link">
          <FormMessage tone="error">{state.message}</FormMessage>
          <Link to="/reset-password" className="btn btn-primary mt-6 w-full py-3">
            Request a New Link
          </Link>
        </AuthCard>
      )}
    </>
  )
}

function NewPasswordForm({ token, onDone, onInvalidLink }: { token: string; onDone: () => void; onInvalidLink: () => void }) {
  const [password, setPassword] = useState('')
  const [confirmPassword, setConfirmPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const invalid = validateNewPassword(password, confirmPassword)
    if (invalid) return setError(invalid)
    setError(null)
    setSubmitting(true)
    try {
      const result = await authClient.resetPassword({ newPassword: password, token })
      if (!result.error) return onDone()
      // A used or expired token cannot be retried: the producer needs a new link.
      const { code } = readAuthError(result.error)
      if (code === 'INVALID_TOKEN' || code === 'TOKEN_EXPIRED') return onInvalidLink()
      setError(describeAuthError(result.error, AUTH_TEXT.unexpected))
    } catch {
      setError(AUTH_TEXT.unexpected)
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <AuthCard title="Choose a New Password" intro="Pick a new password for your account. You'll use it the next time you sign in.">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label="New password"
          type="password"
          name="newPassword"
          autoComplete="new-password"
          required
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <TextField
          label="Confirm new password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
        />
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <button type="submit" disabled={submitting} className="btn btn-primary w-full py-3">
          {submitting ? 'Updating...' : 'Update Password'}
        </button>
      </form>
    </AuthCard>
  )
}

function ResetSuccess() {
  const navigate = useNavigate()
  return (
    <AuthCard title="Password Updated">
      <FormMessage tone="success">Your password has been changed. Sign in with your new password.</FormMessage>
      <button type="button" className="btn btn-primary mt-6 w-full py-3" onClick={() => navigate('/login')}>
        Continue to Sign In
      </button>
    </AuthCard>
  )
}
