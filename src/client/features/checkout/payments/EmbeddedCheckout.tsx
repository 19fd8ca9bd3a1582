/**
 * The embedded payment form of the checkout pages, whichever provider the store uses: Stripe's
 * Embedded Checkout (loaded only when Stripe is configured) or the built-in provider's card
 * form bound to the session the client secret names. Either way `onComplete(sessionId)` runs
 * once the payment went through.
 */
import { lazy, Suspense } from 'react'
import { usePaymentsConfig } from '../api/get-payments-config.ts'
import { BuiltinEmbeddedCheckout } from './BuiltinEmbeddedCheckout.tsx'
import type { EmbeddedCheckoutProps } from './embedded-checkout.types.ts'
import { CheckoutLoading, PaymentUnavailable } from './PaymentStatus.tsx'

const StripeEmbeddedCheckout = lazy(() => import('./StripeEmbeddedCheckout.tsx'))

export function EmbeddedCheckout({ clientSecret, onComplete }: EmbeddedCheckoutProps) {
  const config = usePaymentsConfig()
  if (config.isPending) return <CheckoutLoading />
  if (config.isError) return <PaymentUnavailable />
  if (config.data.provider === 'stripe') {
    if (!config.data.publishableKey) return <PaymentUnavailable />
    return (
      <Suspense fallback={<CheckoutLoading />}>
        <StripeEmbeddedCheckout publishableKey={config.data.publishableKey} clientSecret={clientSecret} onComplete={onComplete} />
      </Suspense>
    )
  }
  return <BuiltinEmbeddedCheckout clientSecret={clientSecret} onComplete={onComplete} />
}
