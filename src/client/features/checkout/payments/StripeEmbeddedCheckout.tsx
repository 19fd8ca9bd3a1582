/**
 * Stripe's Embedded Checkout (`@stripe/react-stripe-js`) for a session's client secret. Loaded
 * lazily, so shoppers of a store on the built-in provider never download Stripe's code. When
 * Stripe.js cannot load (offline, blocked) the shopper reads that payment is unavailable.
 */
import { EmbeddedCheckout, EmbeddedCheckoutProvider } from '@stripe/react-stripe-js'
import { loadStripe, type Stripe } from '@stripe/stripe-js'
import { useEffect, useMemo, useRef, useState } from 'react'
import { sessionIdOfClientSecret } from './client-secret.ts'
import { CheckoutLoading, PaymentUnavailable } from './PaymentStatus.tsx'

interface StripeEmbeddedCheckoutProps {
  publishableKey: string
  clientSecret: string
  onComplete: (sessionId: string) => void
}

export default function StripeEmbeddedCheckout({ publishableKey, clientSecret, onComplete }: StripeEmbeddedCheckoutProps) {
  const [stripe, setStripe] = useState<'loading' | 'failed' | Stripe>('loading')
  // Stripe's provider must not see its options change: the latest callback is read through a ref.
  const latestOnComplete = useRef(onComplete)
  latestOnComplete.current = onComplete

  useEffect(() => {
    let current = true
    loadStripe(publishableKey).then(
      (loaded) => current && setStripe(loaded ?? 'failed'),
      () => current && setStripe('failed'),
    )
    return () => {
      current = false
    }
  }, [publishableKey])

  const options = useMemo(
    () => ({ clientSecret, onComplete: () => latestOnComplete.current(sessionIdOfClientSecret(clientSecret) ?? clientSecret) }),
    [clientSecret],
  )

  if (stripe === 'loading') return <CheckoutLoading />
  if (stripe === 'failed') return <PaymentUnavailable />
  return (
    <EmbeddedCheckoutProvider stripe={stripe} options={options}>
      <EmbeddedCheckout className="min-h-96 overflow-hidden rounded-xl" />
    </EmbeddedCheckoutProvider>
  )
}
