/**
 * The built-in test provider's card form, used by the hosted payment page (/pay/{id}) and by
 * the embedded checkout: card number, expiry, CVC, name and postal code, formatted as typed;
 * "Pay $X" turns into "Processing..." while the payment is confirmed; the server's (Stripe's)
 * message appears when a card is refused.
 */
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import type { BuiltinPayConfirmResponse } from '../../../../shared/contract/payments.ts'
import { CARDHOLDER_NAME_REQUIRED } from '../../../../shared/contract/payments.ts'
import { formatPrice } from '../../../../shared/money.ts'
import { ApiError } from '../../../api/http.ts'
import { LockIcon } from '../../../components/Icons.tsx'
import { INPUT_CLASS } from '../../../components/TextField.tsx'
import { PAYMENT_FAILED, useBuiltinPayConfirm } from '../api/post-builtin-pay-confirm.ts'
import { cvcLengthFor, digitsOnly, formatCardNumber, formatCvc, formatExpiry, parseExpiry } from './card-input.ts'

export const TEST_CARD_HINT = 'Test mode — use card 4242 4242 4242 4242'

interface BuiltinCardFormProps {
  sessionId: string
  /** The embedded form's proof that it may pay this session; the hosted page has none. */
  clientSecret?: string
  amountCents: number
  /** Asks for an email when the session has none to send the receipt to. */
  askEmail?: boolean
  /** Called once the payment went through; the form stays in "Processing..." while the caller moves on. */
  onPaid: (result: BuiltinPayConfirmResponse) => void
}

type Field = 'email' | 'cardNumber' | 'expiry' | 'cvc' | 'name' | 'postalCode'

export function BuiltinCardForm({ sessionId, clientSecret, amountCents, askEmail = false, onPaid }: BuiltinCardFormProps) {
  const id = useId()
  const fieldId = (field: Field) => `${id}-${field}`
  const [values, setValues] = useState<Record<Field, string>>({ email: '', cardNumber: '', expiry: '', cvc: '', name: '', postalCode: '' })
  const [problem, setProblem] = useState<{ field: Field | null; message: string } | null>(null)
  const [paid, setPaid] = useState(false)
  const confirm = useBuiltinPayConfirm(sessionId)
  const form = useRef<HTMLFormElement>(null)

  function update(field: Field, raw: string) {
    setValues((current) => {
      const next = { ...current }
      if (field === 'cardNumber') {
        next.cardNumber = formatCardNumber(raw)
        next.cvc = formatCvc(current.cvc, next.cardNumber)
      } else if (field === 'expiry') next.expiry = formatExpiry(raw, current.expiry)
      else if (field === 'cvc') next.cvc = formatCvc(raw, current.cardNumber)
      else next[field] = raw
      return next
    })
    if (problem) setProblem(null)
  }

  /** Stripe.js's words for what is still missing, checked before anything is sent. */
  function firstIncomplete(): { field: Field; message: string } | null {
    if (askEmail && !/^\S+@\S+\.\S+$/.test(values.email.trim())) return { field: 'email', message: 'Please enter a valid email address' }
    if (digitsOnly(values.cardNumber).length < 13) return { field: 'cardNumber', message: 'Your card number is incomplete.' }
    if (!parseExpiry(values.expiry)) return { field: 'expiry', message: "Your card's expiration date is incomplete." }
    if (values.cvc.length < cvcLengthFor(values.cardNumber)) return { field: 'cvc', message: "Your card's security code is incomplete." }
    if (!values.name.trim()) return { field: 'name', message: CARDHOLDER_NAME_REQUIRED }
    return null
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (confirm.isPending || paid) return
    const incomplete = firstIncomplete()
    if (incomplete) {
      setProblem(incomplete)
      form.current?.querySelector<HTMLInputElement>(`#${CSS.escape(fieldId(incomplete.field))}`)?.focus()
      return
    }
    const expiry = parseExpiry(values.expiry)!
    confirm.mutate(
      {
        ...(clientSecret ? { clientSecret } : {}),
        cardNumber: digitsOnly(values.cardNumber),
        expMonth: expiry.month,
        expYear: expiry.year,
        cvc: values.cvc,
        name: values.name.trim(),
        ...(values.postalCode.trim() ? { postalCode: values.postalCode.trim() } : {}),
        ...(askEmail ? { email: values.email.trim() } : {}),
      },
      {
        onSuccess: (result) => {
          setPaid(true)
          onPaid(result)
        },
        onError: (error) => setProblem({ field: fieldOfCode(error), message: describePaymentError(error) }),
      },
    )
  }

  const busy = confirm.isPending || paid
  const invalid = (field: Field) => (problem?.field === field ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-problem` } : {})

  return (
    <form ref={form} onSubmit={onSubmit} noValidate aria-label="Pay with card" className="flex flex-col gap-4">
      <p className="rounded-lg border border-amber-700/60 bg-amber-950/40 px-3.5 py-2.5 text-sm text-amber-100">
        <span className="font-semibold">{TEST_CARD_HINT}</span>
        <span className="text-amber-200/80">, any future date and any CVC. No real payment is made.</span>
      </p>
      {askEmail && (
        <Labelled id={fieldId('email')} label="Email">
          <input
            id={fieldId('email')}
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(e) => update('email', e.target.value)}
            disabled={busy}
            className={INPUT_CLASS}
            {...invalid('email')}
          />
        </Labelled>
      )}
      <fieldset disabled={busy} className="min-w-0">
        <legend className="mb-1.5 block text-sm font-medium text-zinc-200">Card information</legend>
        <div className="overflow-hidden rounded-lg border border-zinc-700 bg-zinc-950/60 focus-within:border-brand-400">
          <label htmlFor={fieldId('cardNumber')} className="sr-only">
            Card number
          </label>
          <input
            id={fieldId('cardNumber')}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={values.cardNumber}
            onChange={(e) => update('cardNumber', e.target.value)}
            className={SEGMENT_CLASS}
            {...invalid('cardNumber')}
          />
          <div className="grid grid-cols-2 border-t border-zinc-700">
            <label htmlFor={fieldId('expiry')} className="sr-only">
              Expiration date (MM / YY)
            </label>
            <input
              id={fieldId('expiry')}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM / YY"
              value={values.expiry}
              onChange={(e) => update('expiry', e.target.value)}
              className={`${SEGMENT_CLASS} border-r border-zinc-700`}
              {...invalid('expiry')}
            />
            <label htmlFor={fieldId('cvc')} className="sr-only">
              CVC
            </label>
            <input
              id={fieldId('cvc')}
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="CVC"
              value={values.cvc}
              onChange={(e) => update('cvc', e.target.value)}
              className={SEGMENT_CLASS}
              {...invalid('cvc')}
            />
          </div>
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <Labelled id={fieldId('name')} label="Name on card">
          <input
            id={fieldId('name')}
            autoComplete="cc-name"
            value={values.name}
            onChange={(e) => update('name', e.target.value)}
            disabled={busy}
            className={INPUT_CLASS}
            {...invalid('name')}
          />
        </Labelled>
        <Labelled id={fieldId('postalCode')} label="Postal code">
          <input
            id={fieldId('postalCode')}
            autoComplete="postal-code"
            placeholder="Optional"
            maxLength={20}
            value={values.postalCode}
            onChange={(e) => update('postalCode', e.target.value)}
            disabled={busy}
            className={INPUT_CLASS}
          />
        </Labelled>
      </div>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="rounded-lg border border-red-800/80 bg-red-950/50 px-3.5 py-2.5 text-sm text-red-100">
          {problem.message}
        </p>
      )}
      <button type="submit" disabled={busy} className="btn btn-primary w-full py-3 text-base">
        {busy ? (
          <>
            <span className="size-4 animate-spin rounded-full border-2 border-white/30 border-t-white" aria-hidden="true" />
            Processing...
          </>
        ) : (
          <>
            <LockIcon className="size-4" />
            Pay {formatPrice(amountCents)}
          </>
        )}
      </button>
    </form>
  )
}

const SEGMENT_CLASS =
  'block w-full bg-transparent px-3.5 py-2.5 text-zinc-100 tabular-nums placeholder:text-zinc-500 focus:bg-zinc-900/60 focus:outline-none aria-invalid:text-red-300 disabled:opacity-60'

function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-200">
        {label}
      </label>
      {children}
    </div>
  )
}

/** The provider's own words for a refused card (4xx); a generic text when the service itself failed. */
function describePaymentError(error: Error): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message
  return PAYMENT_FAILED
}

function fieldOfCode(error: Error): Field | null {
  if (!(error instanceof ApiError)) return null
  if (error.code === 'invalid_number' || error.code === 'incomplete_number') return 'cardNumber'
  if (error.code.startsWith('invalid_expiry')) return 'expiry'
  if (error.code === 'invalid_cvc') return 'cvc'
  return null
}
