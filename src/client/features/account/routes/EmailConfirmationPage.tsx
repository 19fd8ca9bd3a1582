/** /email-confirmation: where the confirmation email's link lands. States: loading, success, error. */
import { useEffect, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { CheckIcon } from '../../../components/Icons.tsx'
import { PageFallback } from '../../../components/PageFallback.tsx'
import { authClient } from '../auth-client.ts'
import { readAuthError } from '../auth-errors.ts'
import { AuthCard, FormMessage } from '../AuthCard.tsx'
import { CONFIRMATION_TEXT, confirmationErrorText, readConfirmationLink } from '../email-confirmation.ts'

type PageState = { name: 'loading' } | { name: 'success' } | { name: 'error'; message: string }

export default function EmailConfirmationPage() {
  const { search, hash } = useLocation()
  const [state, setState] = useState<PageState>({ name: 'loading' })

  useEffect(() => {
    let cancelled = false
    const link = readConfirmationLink(new URLSearchParams(search), hash)
    if (link.kind === 'confirmed') setState({ name: 'success' })
    else if (link.kind === 'error') setState({ name: 'error', message: link.message })
    else {
      authClient
        .verifyEmail({ query: { token: link.token } })
        .then((result) => {
          if (cancelled) return
          if (result.error) setState({ name: 'error', message: confirmationErrorText(readAuthError(result.error).code) })
          else setState({ name: 'success' })
        })
        .catch(() => {
          if (!cancelled) setState({ name: 'error', message: CONFIRMATION_TEXT.unexpected })
        })
    }
    return () => {
      cancelled = true
    }
  }, [search, hash])

  return (
    <>
      <title>Email Confirmation | Audio Lab Store</title>
      {state.name === 'loading' && <PageFallback />}
      {state.name === 'success' && (
        <AuthCard title="Email confirmed">
          <div className="flex items-start gap-3">
            <span className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-emerald-500/15 text-emerald-300">
              <CheckIcon className="size-5" />
            </span>
            <p role="status" className="text-sm leading-relaxed text-zinc-300">
              Your email address is confirmed and your account is active. Sign in to see your orders and downloads.
            </p>
          </div>
          <Link to="/login" className="btn btn-primary mt-6 w-full py-3">
            Continue to Sign In
          </Link>
        </AuthCard>
      )}
      {state.name === 'error' && (
        <AuthCard title="Email confirmation failed">
          <FormMessage tone="error">{state.message}</FormMessage>
          <Link to="/signup" className="btn btn-primary mt-6 w-full py-3">
            Back to Sign Up
          </Link>
          <p className="mt-4 text-center text-sm text-zinc-400">
            Already confirmed?{' '}
            <Link to="/login" className="font-semibold text-brand-300 hover:text-brand-200">
              Sign in
            </Link>
          </p>
        </AuthCard>
      )}
    </>
  )
}
