/**
 * /signup: optional full name, email, password and confirmation. A successful sign-up opens
 * the Check Your Email modal; closing it goes to the page the producer came for, else /. Both
 * say that what was bought as a guest with the address joins the account once it is confirmed.
 */
import { useState, type FormEvent } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { Modal } from '../../../components/Modal.tsx'
import { TextField } from '../../../components/TextField.tsx'
import { storeConfig } from '../../../store-config.ts'
import { authClient, siteUrl } from '../auth-client.ts'
import { AUTH_FALLBACK, describeAuthError } from '../auth-errors.ts'
import { AuthCard, FormMessage } from '../AuthCard.tsx'
import { CONFIRMED_CALLBACK_PATH } from '../email-confirmation.ts'
import { redirectTarget } from '../redirect-target.ts'
import { PASSWORD_MIN_LENGTH, validateSignup } from '../signup-validation.ts'

/** The server gives a confirmed account the paid guest orders of its address. */
const GUEST_ORDERS_NOTE = 'Bought here before as a guest? Your earlier orders will appear in your account once you confirm this email.'

export default function SignupPage() {
  const location = useLocation()
  const navigate = useNavigate()
  const [fullName, setFullName] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [confirmPassword, setConfirmPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const [sentTo, setSentTo] = useState<string | null>(null)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const invalid = validateSignup({ email, password, confirmPassword })
    if (invalid) {
      setError(invalid)
      return
    }
    setError(null)
    setSubmitting(true)
    const address = email.trim()
    try {
      const result = await authClient.signUp.email({
        name: fullName.trim(),
        email: address,
        password,
        // Where the confirmation link lands after the server has verified it.
        callbackURL: siteUrl(CONFIRMED_CALLBACK_PATH),
      })
      if (result.error) setError(describeAuthError(result.error, AUTH_FALLBACK.signUp))
      else setSentTo(address)
    } catch (caught) {
      setError(describeAuthError(caught, AUTH_FALLBACK.signUp))
    } finally {
      setSubmitting(false)
    }
  }

  function closeModal() {
    setSentTo(null)
    navigate(redirectTarget(location.state, '/'))
  }

  const requiredEmpty = email === '' || password === '' || confirmPassword === ''
  return (
    <>
      <title>Create Account | Audio Lab Store</title>
      <AuthCard
        title="Create Account"
        intro="Keep your purchases, order history and downloads in one place."
        footer={
          <>
            Already have an account?{' '}
            <Link to="/login" state={location.state} className="font-semibold text-brand-300 hover:text-brand-200">
              Sign in
            </Link>
          </>
        }
      >
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <TextField label="Full name (optional)" name="fullName" autoComplete="name" value={fullName} onChange={(event) => setFullName(event.target.value)} />
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            required
            hint={GUEST_ORDERS_NOTE}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete="new-password"
            required
            hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <TextField
            label="Confirm password"
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            required
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.target.value)}
          />
          {error && <FormMessage tone="error">{error}</FormMessage>}
          <button type="submit" disabled={requiredEmpty || submitting} className="btn btn-primary w-full py-3">
            {submitting ? 'Creating account...' : 'Create Account'}
          </button>
        </form>
      </AuthCard>
      {sentTo && <CheckEmailModal email={sentTo} onClose={closeModal} />}
    </>
  )
}

function CheckEmailModal({ email, onClose }: { email: string; onClose: () => void }) {
  return (
    <Modal title="Check Your Email" onClose={onClose}>
      <p className="mt-3 text-sm leading-relaxed text-zinc-300">
        We sent a confirmation link to <strong className="font-semibold break-all text-white">{email}</strong>. Open it to activate your account, then sign in.
        The link is valid for 24 hours.
      </p>
      <p className="mt-3 text-sm leading-relaxed text-zinc-300">{GUEST_ORDERS_NOTE}</p>
      {storeConfig.devMode && (
        <p className="mt-3 text-sm text-zinc-400">
          Running without a mail server? Read the message in the{' '}
          <Link to="/dev/mailbox" className="font-semibold text-brand-300 hover:text-brand-200">
            developer mailbox
          </Link>
          .
        </p>
      )}
      <div className="mt-6 flex justify-end">
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  )
}
