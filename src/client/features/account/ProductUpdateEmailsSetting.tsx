/**
 * The profile's "Email me when a product I bought has a new version" checkbox: it saves as soon
 * as it changes (the profile's toasts say how it went) and shows the new choice while saving.
 */
import { useUpdateProfile } from './api/update-profile.ts'
import { PROFILE_SAVE_TOASTS, ProfileEmailCheckbox } from './ProfileEmailCheckbox.tsx'

export const PRODUCT_UPDATE_EMAILS_LABEL = 'Email me when a product I bought has a new version'

export function ProductUpdateEmailsSetting({ userId, enabled }: { userId: string; enabled: boolean }) {
  const update = useUpdateProfile(userId)
  const checked = update.isPending ? (update.variables.product_update_emails ?? enabled) : enabled

  return (
    <ProfileEmailCheckbox
      id="profile-product-update-emails"
      label={PRODUCT_UPDATE_EMAILS_LABEL}
      hint="One email per new version, with what changed and a link to your Download Hub. Your downloads always serve the current version either way."
      checked={checked}
      saving={update.isPending}
      onChange={(next) => update.mutate({ product_update_emails: next }, PROFILE_SAVE_TOASTS)}
    />
  )
}
