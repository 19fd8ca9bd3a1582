/**
 * Pay what you want's amount field: a dollar input labelled with the product's minimum, and
 * under it, while the amount cannot be paid, the sentence checkout would answer (pwywRefusal),
 * so the page and the API refuse the same amounts in the same words. The product page names its
 * price with it; a cart line changes its amount with it.
 */
import { useId, useState, type ReactNode } from 'react'
import { centsToDollarString, formatPrice } from '../../../shared/money.ts'
import { amountToCents, pwywRefusal, type PwywTerms } from '../../../shared/pay-what-you-want.ts'
import { INPUT_CLASS } from '../../components/TextField.tsx'

/** The field's labels: the product page's and a cart line's. */
export const PWYW_FIELD_LABELS = {
  nameYourPrice: (minimumCents: number) => `Name your price (minimum ${formatPrice(minimumCents)})`,
  yourPrice: (minimumCents: number) => `Your price (minimum ${formatPrice(minimumCents)})`,
} as const

/** What the shopper typed, as the amount it names and why it cannot be paid (null when it can). */
export interface TypedAmount {
  text: string
  /** The amount in cents, or null when the text is not an amount. */
  chosenPriceCents: number | null
  refusal: string | null
}

export function typedAmountOf(terms: PwywTerms, text: string): TypedAmount {
  const chosenPriceCents = amountToCents(text)
  return { text, chosenPriceCents, refusal: pwywRefusal(terms, chosenPriceCents) }
}

/** The product page's amount: it starts at the suggested price, which is at least the minimum. */
export function useTypedAmount(terms: PwywTerms, suggestedCents: number): [TypedAmount, (text: string) => void] {
  const [text, setText] = useState(() => centsToDollarString(suggestedCents))
  return [typedAmountOf(terms, text), setText]
}

interface PayWhatYouWantFieldProps {
  amount: TypedAmount
  onChange: (text: string) => void
  /** The visible label (PWYW_FIELD_LABELS). */
  label: ReactNode
  /** Enter or leaving the field (a cart line saves its amount then). */
  onCommit?: () => void
  size?: 'md' | 'sm'
}

export function PayWhatYouWantField({ amount, onChange, label, onCommit, size = 'md' }: PayWhatYouWantFieldProps) {
  const id = useId()
  const small = size === 'sm'
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={`font-medium ${small ? 'text-xs text-zinc-400' : 'text-sm text-zinc-200'}`}>
        {label}
      </label>
      <div className={`relative ${small ? 'w-32' : 'w-full max-w-48'}`}>
        <span aria-hidden="true" className={`pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-zinc-400 ${small ? 'text-sm' : ''}`}>
          $
        </span>
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          value={amount.text}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onCommit}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && onCommit) {
              event.preventDefault()
              onCommit()
            }
          }}
          aria-invalid={amount.refusal ? true : undefined}
          aria-describedby={amount.refusal ? `${id}-refusal` : undefined}
          className={`${INPUT_CLASS} pl-7 tabular-nums ${small ? 'py-1.5 text-sm' : ''}`}
        />
      </div>
      <div aria-live="polite">
        {amount.refusal && (
          <p id={`${id}-refusal`} className="text-sm text-red-300">
            {amount.refusal}
          </p>
        )}
      </div>
    </div>
  )
}
