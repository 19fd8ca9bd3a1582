/**
 * The profile's "Email me a reminder about a cart I left" checkbox (ticked until the shopper
 * unticks it): it saves as soon as it changes, with the profile's toasts, and shows the new
 * choice while saving. The same choice a reminder's unsubscribe link turns off.
 */
import toast from 'react-hot-toast'
import { CART_REMINDER_EMAILS_LABEL } from '../../../shared/contract/email-preferences.ts'
import { useEmailPreferences, useUpdateEmailPreferences } from './api/email-preferences.ts'
import { PROFILE_TOAST } from './ProfileNameEditor.tsx'

export function CartReminderEmailsSetting({ userId }: { userId: string }) {
  const preferences = useEmailPreferences(userId)
  const update = useUpdateEmailPreferences(userId)

  if (!preferences.data) {
    return (
      <p className="text-sm text-zinc-400">{preferences.isError ? 'Your cart reminder choice could not be loaded.' : 'Loading your cart reminder choice…'}</p>
    )
  }
  const checked = update.isPending ? update.variables.cartReminders : preferences.data.cartReminders

  function onChange(next: boolean) {
    update.mutate(
      { cartReminders: next },
      {
        onSuccess: () => toast.success(PROFILE_TOAST.updated),
        onError: () => toast.error(PROFILE_TOAST.failed),
      },
    )
  }

  return (
    <div className="flex items-start gap-3">
      <input
        id="profile-cart-reminder-emails"
        type="checkbox"
        checked={checked}
        disabled={update.isPending}
        aria-describedby="profile-cart-reminder-emails-hint"
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-brand-500"
      />
      <div>
        <label htmlFor="profile-cart-reminder-emails" className="text-sm font-medium text-zinc-200">
          {CART_REMINDER_EMAILS_LABEL}
        </label>
        <p id="profile-cart-reminder-emails-hint" className="mt-1 text-xs text-zinc-400">
          One email when your cart has waited a day unpaid, never more than once for the same cart. Your cart stays saved either way.
        </p>
      </div>
    </div>
  )
}
