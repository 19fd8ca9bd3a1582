/**
 * The red error box of the checkout screens, titled "Checkout Error" (redirect flow, which adds
 * the "If the problem persists…" line) or "Payment Error" (embedded, direct and resumed flows).
 */
import { useId } from 'react'
import { CHECKOUT_ERROR_TITLE, CHECKOUT_MESSAGES, PAYMENT_ERROR_TITLE } from '../../../shared/checkout-errors.ts'

interface CheckoutErrorBoxProps {
  title: typeof CHECKOUT_ERROR_TITLE | typeof PAYMENT_ERROR_TITLE
  message: string
  /** Adds the redirect flow's "If the problem persists…" line. */
  persistHint?: boolean
}

export function CheckoutErrorBox({ title, message, persistHint = false }: CheckoutErrorBoxProps) {
  const titleId = useId()
  return (
    <div role="alert" aria-labelledby={titleId} className="rounded-xl border border-red-800/80 bg-red-950/50 px-4 py-3.5">
      <p id={titleId} className="flex items-center gap-2 font-semibold text-red-200">
        <svg
          viewBox="0 0 24 24"
          className="size-5 shrink-0 text-red-400"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          aria-hidden="true"
          focusable="false"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7.5v5.5m0 3.5v.01" strokeLinecap="round" />
        </svg>
        {title}
      </p>
      <p className="mt-1.5 text-sm text-red-100">{message}</p>
      {persistHint && <p className="mt-1.5 text-sm text-red-300/90">{CHECKOUT_MESSAGES.persistHint}</p>}
    </div>
  )
}
