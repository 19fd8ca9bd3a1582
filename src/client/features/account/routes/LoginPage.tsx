/**
 * /login: email and password sign-in. Sends the producer on to the page they were stopped at
 * (router state `from`), else /profile, both after success and when already signed in.
 */
import { useState, type FormEvent } from 'react'
import { Link, Navigate, useLocation, useNavigate } from 'react-router'
import { TextField } from '../../../components/TextField.tsx'
import { authClient } from '../auth-client.ts'
import { AUTH_FALLBACK, AUTH_TEXT, describeAuthError } from '../auth-errors.ts'
import { AuthCard, FormMessage } from '../AuthCard.tsx'
import { redirectTarget } from '../redirect-target.ts'
import { ResendConfirmation } from '../ResendConfirmation.tsx'
import { TwoFactorChallenge } from '../TwoFactorChallenge.tsx'
import { useSession } from '../use-session.ts'

export default function LoginPage() {
  const location = useLocation()
  const navigate = useNavigate()
  const { user, isLoading, refetch } = useSession()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const [needsSecondFactor, setNeedsSecondFactor] = useState(false)
  const target = redirectTarget(location.state, '/profile')

  // Already signed in (or the session arrived after sign-in): on to the destination.
  if (user && !submitting && !needsSecondFactor) return <Navigate to={target} replace />

  async function finishSignIn() {
    // Read the new session before leaving, so a guarded destination sees the producer signed in.
    await refetch()
    navigate(target, { replace: true })
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!email.trim() || !password) return
    if (isLoading) {
      setError(AUTH_TEXT.authLoading)
      return
    }
    setError(null)
    setSubmitting(true)
    try {
      const result = await authClient.signIn.email({ email: email.trim(), password })
      if (result.error) {
        setError(describeAuthError(result.error, AUTH_FALLBACK.signIn))
        setSubmitting(false)
        return
      }
      if ('twoFactorRedirect' in result.data && result.data.twoFactorRedirect) {
        setPassword('')
        setNeedsSecondFactor(true)
        setSubmitting(false)
        return
      }
      await finishSignIn()
    } catch (caught) {
      setError(describeAuthError(caught, AUTH_FALLBACK.signIn))
      setSubmitting(false)
    }
  }

  const canSubmit = email.trim() !== '' && password !== '' && !submitting
  return (
    <>
      <title>Sign In | Audio Lab Store</title>
      <AuthCard
        title="Sign In"
        intro="Welcome back. Sign in to see your orders and downloads."
        footer={
          <>
            New to Audio Lab Store?{' '}
            <Link to="/signup" state={location.state} className="font-semibold text-brand-300 hover:text-brand-200">
              Create an account
            </Link>
            <span className="mt-2 block">
              Bought as a guest?{' '}
              <Link to="/orders/find" className="font-semibold text-brand-300 hover:text-brand-200">
                Find my order
              </Link>
            </span>
          </>
        }
      >
        {needsSecondFactor ? (
          <TwoFactorChallenge onVerified={finishSignIn} onCancel={() => setNeedsSecondFactor(false)} />
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            <TextField label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
            <TextField
              label="Password"
              type="password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <div className="-mt-2 text-right">
              <Link to="/reset-password" className="text-sm font-medium text-brand-300 hover:text-brand-200">
                Forgot password?
              </Link>
            </div>
            {error && <FormMessage tone="error">{error}</FormMessage>}
            {error === AUTH_TEXT.emailNotVerified && <ResendConfirmation key={email.trim()} email={email.trim()} />}
            <button type="submit" disabled={!canSubmit} className="btn btn-primary w-full py-3">
              {submitting ? 'Signing in...' : 'Sign In'}
            </button>
          </form>
        )}
      </AuthCard>
    </>
  )
}
