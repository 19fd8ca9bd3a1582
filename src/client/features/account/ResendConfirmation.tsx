/**
 * Offered when sign-in is refused because the email is unconfirmed: sends a fresh confirmation
 * link. The answer is the same whatever the address, so it reveals nothing about accounts.
 */
import { useState } from 'react'
import { authClient, siteUrl } from './auth-client.ts'
import { AUTH_TEXT, describeAuthError } from './auth-errors.ts'
import { FormMessage } from './AuthCard.tsx'
import { CONFIRMED_CALLBACK_PATH } from './email-confirmation.ts'

export const RESENT_TEXT = 'If that account still needs confirming, a new confirmation link is on its way.'

export function ResendConfirmation({ email }: { email: string }) {
  const [state, setState] = useState<{ name: 'idle' | 'sending' | 'sent' } | { name: 'error'; message: string }>({ name: 'idle' })

  async function resend() {
    setState({ name: 'sending' })
    try {
      const result = await authClient.sendVerificationEmail({ email, callbackURL: siteUrl(CONFIRMED_CALLBACK_PATH) })
      setState(result.error ? { name: 'error', message: describeAuthError(result.error, AUTH_TEXT.unexpected) } : { name: 'sent' })
    } catch {
      setState({ name: 'error', message: AUTH_TEXT.unexpected })
    }
  }

  if (state.name === 'sent') return <FormMessage tone="success">{RESENT_TEXT}</FormMessage>
  return (
    <div className="space-y-3">
      <button type="button" className="btn btn-secondary w-full" disabled={state.name === 'sending'} onClick={resend}>
        {state.name === 'sending' ? 'Sending...' : 'Resend confirmation email'}
      </button>
      {state.name === 'error' && <FormMessage tone="error">{state.message}</FormMessage>}
    </div>
  )
}
