/**
 * /admin/settings: the store's texts the owner stands behind (name, support details, the cart's
 * trust notes, the review claim, social links, the receipt's texts) in one form, saved over the
 * version shown: when someone else saved since, the form says so and Reload shows their settings.
 * A save shows "Settings saved" and the storefront shows the new texts at once.
 */
import toast from 'react-hot-toast'
import { STORE_SETTINGS_MESSAGES } from '../../../../../shared/contract/store-settings.ts'
import { ListSkeleton } from '../../../../components/ListSkeleton.tsx'
import { PageTitle } from '../../../../components/PageTitle.tsx'
import { AdminLoadFailed } from '../../shell/AdminLayout.tsx'
import { useAdminSettings, useSaveSettings } from '../api/settings.ts'
import { StoreSettingsForm } from '../StoreSettingsForm.tsx'

export default function AdminSettingsPage() {
  const settings = useAdminSettings()
  const save = useSaveSettings()

  return (
    <>
      <PageTitle>Settings | Owner console</PageTitle>
      <h1 className="text-2xl font-bold tracking-tight text-white">Settings</h1>
      <p className="mt-2 max-w-2xl text-sm text-zinc-400">
        What the store says about itself. Every page shows these texts as you save them; a text you clear is not shown at all.
      </p>
      <div className="mt-6">
        {settings.isPending ? (
          <ListSkeleton label="Loading the settings…" />
        ) : settings.isError ? (
          <AdminLoadFailed error={settings.error} onRetry={() => void settings.refetch()} />
        ) : (
          <StoreSettingsForm
            // A new version (saved here, or reloaded after someone else's save) starts the form again from it.
            key={settings.data.version}
            initial={settings.data.form}
            defaults={settings.data.defaults}
            onReload={() => void settings.refetch()}
            onSubmit={(form) => save.mutateAsync({ form, version: settings.data.version }).then(() => toast.success(STORE_SETTINGS_MESSAGES.saved))}
          />
        )}
      </div>
    </>
  )
}
