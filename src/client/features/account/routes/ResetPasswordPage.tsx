/**
 * /reset-password: asks for an email and requests a reset link. The answer is the same whether
 * or not an account exists, so the page cannot be used to discover who has an account.
 */
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { INVALID_EMAIL_MESSAGE, isValidEmail } from '../../../../shared/contract/email-rules.ts'
import { TextField } from '../../../components/TextField.tsx'
import { authClient, siteUrl } from '../auth-client.ts'
import { AUTH_TEXT, describeAuthError } from '../auth-errors.ts'
import { AuthCard, FormMessage } from '../AuthCard.tsx'

export const RESET_REQUEST_TEXT = {
  required: 'Please enter your email address',
  invalid: INVALID_EMAIL_MESSAGE,
  sent: "If an account exists for that email, we've sent a password reset link. Check your inbox.",
} as const

export default function ResetPasswordPage() {
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [sent, setSent] = useState(false)
  const [submitting, setSubmitting] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const address = email.trim()
    if (!address) return setError(RESET_REQUEST_TEXT.required)
    if (!isValidEmail(address)) return setError(RESET_REQUEST_TEXT.invalid)
    setError(null)
    setSubmitting(true)
    try {
      const result = await authClient.requestPasswordReset({ email: address, redirectTo: siteUrl('/reset-password/confirm') })
      // Only a failure to deliver the request is shown; "no such account" never is.
      if (result.error) setError(describeAuthError(result.error, AUTH_TEXT.unexpected))
      else setSent(true)
    } catch {
      setError(AUTH_TEXT.unexpected)
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <>
      <title>Reset Password | Audio Lab Store</title>
      <AuthCard
        title="Reset Password"
        intro="Enter the email you signed up with and we'll send you a link to choose a new password."
        footer={
          <Link to="/login" className="font-semibold text-brand-300 hover:text-brand-200">
            Back to Sign In
          </Link>
        }
      >
        {sent ? (
          <FormMessage tone="success">{RESET_REQUEST_TEXT.sent}</FormMessage>
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            <TextField label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
            {error && <FormMessage tone="error">{error}</FormMessage>}
            <button type="submit" disabled={submitting} className="btn btn-primary w-full py-3">
              {submitting ? 'Sending...' : 'Send Reset Link'}
            </button>
          </form>
        )}
      </AuthCard>
    </>
  )
}
