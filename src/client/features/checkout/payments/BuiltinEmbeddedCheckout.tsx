/**
 * The built-in provider's embedded form: loads the session the client secret names (with the
 * secret), shows the card form for its total, and reports completion with the session id.
 */
import { useEffect, useRef } from 'react'
import { CHECKOUT_MESSAGES } from '../../../../shared/checkout-errors.ts'
import { useBuiltinPaySession } from '../api/get-builtin-pay-session.ts'
import { BuiltinCardForm } from './BuiltinCardForm.tsx'
import { sessionIdOfClientSecret } from './client-secret.ts'
import type { EmbeddedCheckoutProps } from './embedded-checkout.types.ts'
import { CheckoutLoading, PaymentUnavailable } from './PaymentStatus.tsx'

export function BuiltinEmbeddedCheckout({ clientSecret, onComplete }: EmbeddedCheckoutProps) {
  const sessionId = sessionIdOfClientSecret(clientSecret)
  const session = useBuiltinPaySession(sessionId ?? '', clientSecret)
  const completed = useRef(false)
  const complete = (id: string) => {
    if (completed.current) return
    completed.current = true
    onComplete(id)
  }

  const alreadyPaid = session.data?.status === 'complete'
  useEffect(() => {
    if (alreadyPaid && sessionId) complete(sessionId)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `complete` is fresh each render and guarded by a ref: only a session turning paid may call it.
  }, [alreadyPaid, sessionId])

  if (!sessionId) return <PaymentUnavailable message={CHECKOUT_MESSAGES.emptySessionId} />
  if (session.isPending || alreadyPaid) return <CheckoutLoading />
  if (session.isError) return <PaymentUnavailable message={CHECKOUT_MESSAGES.emptySessionId} />
  if (session.data.status === 'expired') return <PaymentUnavailable message={CHECKOUT_MESSAGES.sessionExpired} />
  return (
    <BuiltinCardForm
      sessionId={sessionId}
      clientSecret={clientSecret}
      amountCents={session.data.amountTotalCents}
      askEmail={!session.data.customerEmail}
      onPaid={(result) => complete(result.sessionId)}
    />
  )
}
