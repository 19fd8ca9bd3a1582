/**
 * /email-preferences/cart-reminders/{token}: where a cart reminder's unsubscribe link lands. It
 * turns reminders off for the account the signed token names (no sign-in needed) and says so; the
 * profile turns them back on. The page posts the token itself, so a mail scanner that only fetches
 * the link changes nothing. States: working, done, error.
 */
import { useEffect, useState } from 'react'
import { Link, useParams } from 'react-router'
import { EMAIL_PREFERENCES_MESSAGES } from '../../../../shared/contract/email-preferences.ts'
import { PageFallback } from '../../../components/PageFallback.tsx'
import { CART_REMINDERS_UNSUBSCRIBE_FAILED, unsubscribeFromCartReminders } from '../api/email-preferences.ts'
import { AuthCard, FormMessage } from '../AuthCard.tsx'

type PageState = { name: 'working' } | { name: 'done' } | { name: 'error'; message: string }

export default function CartRemindersUnsubscribePage() {
  const token = useParams().token ?? ''
  const [state, setState] = useState<PageState>({ name: 'working' })

  useEffect(() => {
    let cancelled = false
    // Turning reminders off twice is the same as once, so a repeated effect does no harm.
    unsubscribeFromCartReminders(token).then(
      () => !cancelled && setState({ name: 'done' }),
      (error: unknown) => !cancelled && setState({ name: 'error', message: error instanceof Error ? error.message : CART_REMINDERS_UNSUBSCRIBE_FAILED }),
    )
    return () => {
      cancelled = true
    }
  }, [token])

  return (
    <>
      <title>Cart Reminders | Audio Lab Store</title>
      {state.name === 'working' && <PageFallback />}
      {state.name === 'done' && (
        <AuthCard title="Cart reminders are off">
          <FormMessage tone="success">{EMAIL_PREFERENCES_MESSAGES.unsubscribed}</FormMessage>
          <p className="mt-4 text-sm text-zinc-400">Your cart stays saved. Changed your mind? Tick the box again in your profile.</p>
          <Link to="/profile" className="btn btn-secondary mt-6 w-full py-3">
            Your Profile
          </Link>
        </AuthCard>
      )}
      {state.name === 'error' && (
        <AuthCard title="Cart reminders">
          <FormMessage tone="error">{state.message}</FormMessage>
          <Link to="/profile" className="btn btn-primary mt-6 w-full py-3">
            Your Profile
          </Link>
        </AuthCard>
      )}
    </>
  )
}
