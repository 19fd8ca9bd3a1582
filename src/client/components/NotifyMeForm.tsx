/** The coming-soon "notify me" email form: validates the address, then subscribes it through the API. */
import { useState, type FormEvent } from 'react'
import { SUBSCRIBE_FAILED, useEmailSignup } from '../api/post-email-signup.ts'
import { CheckIcon } from './Icons.tsx'

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
export const INVALID_EMAIL = 'Please enter a valid email address'

export function NotifyMeForm() {
  const [email, setEmail] = useState('')
  const [validationError, setValidationError] = useState<string | null>(null)
  const signup = useEmailSignup()

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const address = email.trim()
    if (!EMAIL_PATTERN.test(address)) {
      setValidationError(INVALID_EMAIL)
      return
    }
    setValidationError(null)
    signup.mutate({ email: address, subscriptionType: 'coming_soon', source: 'coming_soon_page' })
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
      <label htmlFor="notify-email" className="sr-only">
        Email address
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input
          id="notify-email"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'notify-email-error' : undefined}
          className="min-w-0 flex-1 rounded-lg border border-zinc-700 bg-zinc-900 px-4 py-3 text-zinc-100 placeholder:text-zinc-500 focus:border-brand-400 focus:outline-none"
        />
        <button type="submit" disabled={signup.isPending} className="btn btn-primary px-6 py-3">
          {signup.isPending ? 'Subscribing...' : 'Notify Me'}
        </button>
      </div>
      {error && (
        <p id="notify-email-error" role="alert" className="mt-3 text-sm text-rose-300">
          {error}
        </p>
      )}
    </form>
  )
}
