/**
 * /admin/tax: how the store charges tax (the flat 8 % estimate, the buyer's country's rate, or
 * Stripe Tax), whether prices include it, the seller as invoices name them, and the rates: the
 * project's table per country, state and province, with the owner's rate over it. The settings
 * are saved over the version shown (someone else's save since shows the stale notice and
 * Reload); a save says "Tax settings saved", and the cart and checkout use it at once.
 */
import toast from 'react-hot-toast'
import { TAX_MESSAGES } from '../../../../../shared/contract/tax.ts'
import { ListSkeleton } from '../../../../components/ListSkeleton.tsx'
import { PageTitle } from '../../../../components/PageTitle.tsx'
import { AdminLoadFailed } from '../../shell/AdminLayout.tsx'
import { useAdminTaxRates, useDeleteTaxRate, useSaveTaxRate } from '../api/tax-rates.ts'
import { useAdminTaxSettings, useSaveTaxSettings } from '../api/tax-settings.ts'
import { TaxRatesTable } from '../TaxRatesTable.tsx'
import { TaxSettingsForm } from '../TaxSettingsForm.tsx'

export default function AdminTaxPage() {
  const settings = useAdminTaxSettings()
  const save = useSaveTaxSettings()
  const rates = useAdminTaxRates()
  const saveRate = useSaveTaxRate()
  const removeRate = useDeleteTaxRate()

  return (
    <>
      <PageTitle>Tax | Owner console</PageTitle>
      <h1 className="text-2xl font-bold tracking-tight text-white">Tax</h1>
      <p className="mt-2 max-w-2xl text-sm text-zinc-400">
        How the store charges tax on every order, and who its invoices name as the seller. Buyers see the tax in the cart before they pay.
      </p>
      <div className="mt-6">
        {settings.isPending ? (
          <ListSkeleton label="Loading the tax settings…" />
        ) : settings.isError ? (
          <AdminLoadFailed error={settings.error} onRetry={() => void settings.refetch()} />
        ) : (
          <TaxSettingsForm
            // A new version (saved here, or reloaded after someone else's save) starts the form again from it.
            key={settings.data.version}
            initial={settings.data.form}
            stripeTaxAvailable={settings.data.stripeTaxAvailable}
            onReload={() => void settings.refetch()}
            onSubmit={(form) => save.mutateAsync({ form, version: settings.data.version }).then(() => toast.success(TAX_MESSAGES.saved))}
          />
        )}
      </div>

      <section aria-labelledby="tax-rates-heading" className="mt-10">
        <h2 id="tax-rates-heading" className="text-xl font-semibold text-white">
          Rates
        </h2>
        <p className="mt-2 max-w-2xl text-sm text-zinc-400">
          What a buyer pays by country, and by state or province in the US and Canada, when the store taxes by country or with Stripe Tax. The table comes with
          the store; a rate of yours wins over it. US states that do not tax digital downloads are at 0 %.
        </p>
        <div className="mt-4">
          {rates.isPending ? (
            <ListSkeleton label="Loading the rates…" />
          ) : rates.isError ? (
            <AdminLoadFailed error={rates.error} onRetry={() => void rates.refetch()} />
          ) : (
            <TaxRatesTable
              rates={rates.data}
              onSave={(rate) => saveRate.mutateAsync(rate).then(() => toast.success(TAX_MESSAGES.rateSaved))}
              onRemove={(place) =>
                removeRate
                  .mutateAsync(place)
                  .then(() => toast.success(TAX_MESSAGES.rateRemoved))
                  .catch((error: Error) => toast.error(error.message))
              }
            />
          )}
        </div>
      </section>
    </>
  )
}
