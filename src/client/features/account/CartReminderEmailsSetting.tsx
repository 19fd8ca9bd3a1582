/**
 * The profile's "Email me a reminder about a cart I left" checkbox (ticked until the shopper
 * unticks it): it saves as soon as it changes, with the profile's toasts, and shows the new
 * choice while saving. The same choice a reminder's unsubscribe link turns off.
 */
import { CART_REMINDER_EMAILS_LABEL } from '../../../shared/contract/email-preferences.ts'
import { useEmailPreferences, useUpdateEmailPreferences } from './api/email-preferences.ts'
import { PROFILE_SAVE_TOASTS, ProfileEmailCheckbox } from './ProfileEmailCheckbox.tsx'

export function CartReminderEmailsSetting({ userId }: { userId: string }) {
  const preferences = useEmailPreferences(userId)
  const update = useUpdateEmailPreferences(userId)

  if (!preferences.data) {
    return (
      <p className="text-sm text-zinc-400">{preferences.isError ? 'Your cart reminder choice could not be loaded.' : 'Loading your cart reminder choice…'}</p>
    )
  }
  const checked = update.isPending ? update.variables.cartReminders : preferences.data.cartReminders

  return (
    <ProfileEmailCheckbox
      id="profile-cart-reminder-emails"
      label={CART_REMINDER_EMAILS_LABEL}
      hint="One email when your cart has waited a day unpaid, never more than once for the same cart. Your cart stays saved either way."
      checked={checked}
      saving={update.isPending}
      onChange={(next) => update.mutate({ cartReminders: next }, PROFILE_SAVE_TOASTS)}
    />
  )
}
