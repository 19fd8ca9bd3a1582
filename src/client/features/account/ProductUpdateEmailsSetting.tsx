/**
 * The profile's "Email me when a product I bought has a new version" checkbox: it saves as soon
 * as it changes (the profile's toasts say how it went) and shows the new choice while saving.
 */
import toast from 'react-hot-toast'
import { useUpdateProfile } from './api/update-profile.ts'
import { PROFILE_TOAST } from './ProfileNameEditor.tsx'

export const PRODUCT_UPDATE_EMAILS_LABEL = 'Email me when a product I bought has a new version'

export function ProductUpdateEmailsSetting({ userId, enabled }: { userId: string; enabled: boolean }) {
  const update = useUpdateProfile(userId)
  const checked = update.isPending ? (update.variables.product_update_emails ?? enabled) : enabled

  function onChange(next: boolean) {
    update.mutate(
      { product_update_emails: next },
      {
        onSuccess: () => toast.success(PROFILE_TOAST.updated),
        onError: () => toast.error(PROFILE_TOAST.failed),
      },
    )
  }

  return (
    <div className="flex items-start gap-3">
      <input
        id="profile-product-update-emails"
        type="checkbox"
        checked={checked}
        disabled={update.isPending}
        aria-describedby="profile-product-update-emails-hint"
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-brand-500"
      />
      <div>
        <label htmlFor="profile-product-update-emails" className="text-sm font-medium text-zinc-200">
          {PRODUCT_UPDATE_EMAILS_LABEL}
        </label>
        <p id="profile-product-update-emails-hint" className="mt-1 text-xs text-zinc-400">
          One email per new version, with what changed and a link to your Download Hub. Your downloads always serve the current version either way.
        </p>
      </div>
    </div>
  )
}
