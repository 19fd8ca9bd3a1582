/**
 * /email-preferences/cart-reminders/{token}: where a cart reminder's unsubscribe link lands. It
 * turns reminders off for the account the signed token names (no sign-in needed) and says so; the
 * profile turns them back on.
 */
import { useParams } from 'react-router'
import { EMAIL_PREFERENCES_MESSAGES } from '../../../../shared/contract/email-preferences.ts'
import { CART_REMINDERS_UNSUBSCRIBE_FAILED, unsubscribeFromCartReminders } from '../api/email-preferences.ts'
import { UnsubscribeCard } from '../UnsubscribeCard.tsx'

export default function CartRemindersUnsubscribePage() {
  return (
    <>
      <title>Cart Reminders | Audio Lab Store</title>
      <UnsubscribeCard
        token={useParams().token ?? ''}
        unsubscribe={unsubscribeFromCartReminders}
        title="Cart reminders"
        doneTitle="Cart reminders are off"
        doneMessage={EMAIL_PREFERENCES_MESSAGES.unsubscribed}
        doneNote="Your cart stays saved. Changed your mind? Tick the box again in your profile."
        failedMessage={CART_REMINDERS_UNSUBSCRIBE_FAILED}
        next={{ to: '/profile', label: 'Your Profile' }}
      />
    </>
  )
}
