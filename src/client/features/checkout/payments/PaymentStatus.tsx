/** The embedded checkout's waiting and failure states: "Loading checkout..." and the provider-unavailable box. */
import { CHECKOUT_MESSAGES, PAYMENT_ERROR_TITLE } from '../../../../shared/checkout-errors.ts'
import { CheckoutErrorBox } from '../CheckoutErrorBox.tsx'

export function CheckoutLoading() {
  return (
    <p role="status" className="flex items-center gap-3 py-8 text-sm text-zinc-400">
      <span className="size-5 animate-spin rounded-full border-2 border-zinc-700 border-t-brand-400" aria-hidden="true" />
      Loading checkout...
    </p>
  )
}

export function PaymentUnavailable({ message = CHECKOUT_MESSAGES.providerNotLoaded }: { message?: string }) {
  return <CheckoutErrorBox title={PAYMENT_ERROR_TITLE} message={message} />
}
