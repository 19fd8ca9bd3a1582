/**
 * The email signup form: the coming-soon "notify me" form by default, the learn page's
 * newsletter box with other props. Validates the address, then subscribes it through the API.
 */
import { useState, type FormEvent } from 'react'
import type { PublicSignupSource, SubscriptionType } from '../../../shared/contract/email-signup.ts'
import { INVALID_EMAIL_MESSAGE, isValidEmail } from '../../../shared/contract/email-rules.ts'
import { CheckIcon } from '../../components/Icons.tsx'
import { SUBSCRIBE_FAILED, useEmailSignup } from './api/post-email-signup.ts'

interface NotifyMeFormProps {
  subscriptionType?: SubscriptionType
  source?: PublicSignupSource
  submitLabel?: string
  /** Unique per page, so two forms never share an input id. */
  inputId?: string
}

export function NotifyMeForm({
  subscriptionType = 'coming_soon',
  source = 'coming_soon_page',
  submitLabel = 'Notify Me',
  inputId = 'notify-email',
}: NotifyMeFormProps) {
  const [email, setEmail] = useState('')
  const [validationError, setValidationError] = useState<string | null>(null)
  const signup = useEmailSignup()

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const address = email.trim()
    if (!isValidEmail(address)) {
      setValidationError(INVALID_EMAIL_MESSAGE)
      return
    }
    setValidationError(null)
    signup.mutate({ email: address, subscriptionType, source })
  }

  if (signup.isSuccess) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 rounded-xl border border-emerald-800 bg-emerald-950/40 px-4 py-4 text-emerald-200">
        <CheckIcon className="size-5 shrink-0" />
        {signup.data}
      </p>
    )
  }

  const error = validationError ?? (signup.isError ? signup.error.message || SUBSCRIBE_FAILED : null)
  return (
    <form onSubmit={onSubmit} noValidate className="w-full">
      <label htmlFor={inputId} className="sr-only">
        Email address
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className="min-w-0 flex-1 rounded-lg border border-zinc-700 bg-zinc-900 px-4 py-3 text-zinc-100 placeholder:text-zinc-500 focus:border-brand-400 focus:outline-none"
        />
        <button type="submit" disabled={signup.isPending} className="btn btn-primary px-6 py-3">
          {signup.isPending ? 'Subscribing...' : submitLabel}
        </button>
      </div>
      {error && (
        <p id={`${inputId}-error`} role="alert" className="mt-3 text-sm text-rose-300">
          {error}
        </p>
      )}
    </form>
  )
}
