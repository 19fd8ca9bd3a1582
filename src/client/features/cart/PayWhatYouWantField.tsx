/**
 * Pay what you want's amount field: a dollar input labelled with the product's minimum, and
 * under it, while the amount cannot be paid, the sentence checkout would answer (pwywRefusal),
 * so the page and the API refuse the same amounts in the same words. The product page names its
 * price with it; a cart line changes its amount with it.
 */
import { useId, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react'
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

/** The product page's amount field: what it shows, what sets it, its input, and what it holds when a button is pressed. */
interface AmountField {
  amount: TypedAmount
  setText: (text: string) => void
  /** Given to PayWhatYouWantField: the input whose text is the amount. */
  inputRef: RefObject<HTMLInputElement | null>
  /**
   * The amount the field shows now, which is what Add to Cart and Buy Now take (the field shows its
   * sentence when it cannot be paid). A tap held while the app took the page over is given before
   * the page has rendered again with what the buyer typed, so the press reads the input itself.
   */
  read: () => TypedAmount
}

/**
 * The product page's amount: it starts at the suggested price, which is at least the minimum. The
 * server's page can be typed into before the app takes it over, and hydration leaves the typed text
 * in the input: the state takes it before the first paint, so the buyer sees the amount they typed
 * judged (its sentence, the buttons) and pays that amount, never the suggested one in its place.
 */
export function useTypedAmount(terms: PwywTerms, suggestedCents: number): AmountField {
  const [text, setText] = useState(() => centsToDollarString(suggestedCents))
  const inputRef = useRef<HTMLInputElement>(null)
  useLayoutEffect(() => setText((current) => inputRef.current?.value ?? current), [])
  return {
    amount: typedAmountOf(terms, text),
    setText,
    inputRef,
    read() {
      const typed = inputRef.current?.value ?? text
      if (typed !== text) setText(typed)
      return typedAmountOf(terms, typed)
    },
  }
}

interface PayWhatYouWantFieldProps {
  amount: TypedAmount
  onChange: (text: string) => void
  /** The input, for a page that reads it when a button is pressed (useTypedAmount). */
  inputRef?: RefObject<HTMLInputElement | null>
  /** The visible label (PWYW_FIELD_LABELS). */
  label: ReactNode
  /** Enter or leaving the field (a cart line saves its amount then). */
  onCommit?: () => void
  size?: 'md' | 'sm'
}

export function PayWhatYouWantField({ amount, onChange, inputRef, label, onCommit, size = 'md' }: PayWhatYouWantFieldProps) {
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
          ref={inputRef}
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
