/**
 * /orders/find ("Find my order"): a guest who lost their receipt enters the address they paid
 * with, and the store emails a private link to each paid order of it. The page says the same
 * sentence for every address, so it cannot tell anyone whether an address has bought here.
 */
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { INVALID_EMAIL_MESSAGE, isValidEmail } from '../../../../shared/contract/email-rules.ts'
import { ORDER_ACCESS_MESSAGES } from '../../../../shared/contract/order-access.ts'
import { ApiError } from '../../../api/http.ts'
import { TextField } from '../../../components/TextField.tsx'
import { useFindOrder } from '../api/post-find-order.ts'

export const FIND_ORDER_TEXT = {
  required: 'Please enter the email address you paid with',
  invalid: INVALID_EMAIL_MESSAGE,
} as const

/** What a refusal reads as: the server's sentence for a bad address or too many requests, else a plain failure. */
function refusalOf(error: unknown): string {
  if (error instanceof ApiError && (error.status === 400 || error.status === 429)) return error.message
  return ORDER_ACCESS_MESSAGES.findFailed
}

export default function FindOrderPage() {
  const [email, setEmail] = useState('')
  const [invalid, setInvalid] = useState<string | null>(null)
  const find = useFindOrder()

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const address = email.trim()
    if (!address) return setInvalid(FIND_ORDER_TEXT.required)
    if (!isValidEmail(address)) return setInvalid(FIND_ORDER_TEXT.invalid)
    setInvalid(null)
    find.mutate(address)
  }

  const error = invalid ?? (find.isError ? refusalOf(find.error) : null)
  return (
    <>
      <title>Find my order | Audio Lab Store</title>
      <section className="container-page flex justify-center py-12 sm:py-20">
        <div className="w-full max-w-md animate-fade-in">
          <div className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6 shadow-xl shadow-black/20 sm:p-8">
            <h1 className="text-2xl font-bold tracking-tight text-white">Find my order</h1>
            <p className="mt-2 text-sm text-zinc-400">
              Bought as a guest? Enter the email address you paid with and we&apos;ll email you a private link to each of your orders, where you can download
              your files.
            </p>
            <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
              <TextField
                label="Email"
                type="email"
                name="email"
                autoComplete="email"
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
              {error && (
                <p role="alert" className="rounded-lg border border-rose-900/80 bg-rose-950/40 px-3 py-2.5 text-sm text-rose-200">
                  {error}
                </p>
              )}
              {find.isSuccess && !error && (
                <p role="status" className="rounded-lg border border-emerald-900/80 bg-emerald-950/40 px-3 py-2.5 text-sm text-emerald-200">
                  {find.data} It can take a few minutes to arrive.
                </p>
              )}
              <button type="submit" disabled={find.isPending} className="btn btn-primary w-full py-3">
                {find.isPending ? 'Sending...' : 'Email my order links'}
              </button>
            </form>
          </div>
          <p className="mt-6 text-center text-sm text-zinc-400">
            Have an account?{' '}
            <Link to="/login" className="font-semibold text-brand-300 hover:text-brand-200">
              Sign in
            </Link>{' '}
            to find every order in your Download Hub.
          </p>
        </div>
      </section>
    </>
  )
}
