/**
 * /admin/promo-codes: every code with what it takes off ("20% off", "$5.00 off"), what it is
 * limited to, its window, uses, budget ("Budget: $40.00 of $100.00 used", held by paid orders and
 * checkouts waiting for payment), the paid orders that used it and the discount it gave; a form
 * to create one; Edit opens the same form on a code; Deactivate and
 * Activate switch it at once (orders already paid keep their discount). Every save is made over
 * the version shown: when someone else saved the code since, the form says so and Reload shows
 * it as it is now.
 */
import { useState } from 'react'
import toast from 'react-hot-toast'
import { EMPTY_PROMO_FORM, type AdminPromoCode } from '../../../../../shared/contract/admin-promo-codes.ts'
import { formatDate } from '../../../../../shared/dates.ts'
import { formatPrice } from '../../../../../shared/money.ts'
import { codeDiscountLabel, listOfNames } from '../../../../../shared/promo-rules.ts'
import { ListSkeleton } from '../../../../components/ListSkeleton.tsx'
import { AdminLoadFailed } from '../../shell/AdminLayout.tsx'
import { isStaleVersion } from '../../shell/StaleVersionNotice.tsx'
import { useAdminPromoCodes, useSavePromoCode } from '../api/promo-codes.ts'
import { PromoCodeFormFields } from '../PromoCodeFormFields.tsx'

function windowOf(code: AdminPromoCode): string {
  if (!code.startsAt && !code.endsAt) return 'Always'
  if (!code.endsAt) return `From ${formatDate(code.startsAt!)}`
  if (!code.startsAt) return `Until ${formatDate(code.endsAt)}`
  return `${formatDate(code.startsAt)} – ${formatDate(code.endsAt)}`
}

/** "Drum Kits, Neo Soul Progressions only · not on sale items", or "Every product" for a whole-cart code. */
function scopeOf(code: AdminPromoCode): string {
  const names = [...code.scope.categories, ...code.scope.products].map((record) => record.name)
  const lines = names.length > 0 ? `${listOfNames(names, 5)} only` : 'Every product'
  return code.excludeSaleItems ? `${lines} · not on sale items` : lines
}

export default function AdminPromoCodesPage() {
  const codes = useAdminPromoCodes()
  const save = useSavePromoCode()
  /** The code as it was when Edit was clicked: its version is the one the save is made over. */
  const [editing, setEditing] = useState<AdminPromoCode | null>(null)
  const reload = async (id: string) => setEditing((await codes.refetch()).data?.find((code) => code.id === id) ?? null)

  const toggle = (code: AdminPromoCode) =>
    save.mutate(
      { id: code.id, version: code.version, form: { ...code.form, active: !code.active } },
      {
        onSuccess: () => toast.success(`${code.code} ${code.active ? 'deactivated' : 'activated'}`),
        onError: (error) => {
          toast.error(error.message)
          // The list shows the code as someone else saved it; switching again acts on that.
          if (isStaleVersion(error)) void codes.refetch()
        },
      },
    )

  return (
    <>
      <title>Promo codes | Owner console | Audio Lab Store</title>
      <h1 className="text-2xl font-bold tracking-tight text-white">Promo codes</h1>
      <section aria-label="New promo code" className="mt-6 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-4 sm:p-6">
        <h2 className="mb-4 text-base font-semibold text-white">New promo code</h2>
        <PromoCodeFormFields
          initial={EMPTY_PROMO_FORM}
          submitLabel="Create promo code"
          onSubmit={(form) => save.mutateAsync({ form }).then((saved) => toast.success(`${saved.data.code} created`))}
        />
      </section>
      {codes.isPending ? (
        <ListSkeleton label="Loading promo codes…" />
      ) : codes.isError ? (
        <div className="mt-6">
          <AdminLoadFailed error={codes.error} onRetry={() => void codes.refetch()} />
        </div>
      ) : codes.data.length === 0 ? (
        <p className="mt-8 text-zinc-400">No promo codes yet.</p>
      ) : (
        <ul aria-label="Promo codes" className="mt-6 space-y-3">
          {codes.data.map((code) => (
            <li key={code.id} aria-label={code.code} className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-4">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <p className="flex items-center gap-2">
                    <span className="font-mono text-base font-semibold text-white">{code.code}</span>
                    <span className="text-sm text-brand-200">{codeDiscountLabel(code)}</span>
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${code.active ? 'bg-emerald-950/70 text-emerald-300 ring-emerald-700/80' : 'bg-zinc-800 text-zinc-300 ring-zinc-600'}`}
                    >
                      {code.active ? 'Active' : 'Inactive'}
                    </span>
                  </p>
                  <p className="mt-1 text-xs text-zinc-300">{scopeOf(code)}</p>
                  <p className="mt-1 text-xs text-zinc-400">
                    {windowOf(code)} · {code.maxUses === null ? `${code.uses} uses` : `${code.uses} of ${code.maxUses} uses`}
                    {code.minSubtotalCents > 0 && ` · min. ${formatPrice(code.minSubtotalCents)}`}
                    {code.oncePerCustomer && ' · once per customer'}
                    {code.budgetCents !== null && ` · Budget: ${formatPrice(code.budgetUsedCents)} of ${formatPrice(code.budgetCents)} used`}
                  </p>
                  <p className="mt-1 text-sm text-zinc-200">
                    {code.paidOrders} paid {code.paidOrders === 1 ? 'order' : 'orders'} · {formatPrice(code.discountGivenCents)} discount given
                  </p>
                </div>
                <div className="flex gap-2">
                  <button type="button" className="btn btn-secondary px-3 py-1.5 text-xs" onClick={() => setEditing(editing?.id === code.id ? null : code)}>
                    {editing?.id === code.id ? 'Close' : 'Edit'}
                  </button>
                  <button type="button" className="btn btn-secondary px-3 py-1.5 text-xs" disabled={save.isPending} onClick={() => toggle(code)}>
                    {code.active ? 'Deactivate' : 'Activate'}
                  </button>
                </div>
              </div>
              {editing?.id === code.id && (
                <div className="mt-4 border-t border-zinc-800 pt-4">
                  <PromoCodeFormFields
                    key={editing.version}
                    initial={editing.form}
                    submitLabel="Save promo code"
                    onCancel={() => setEditing(null)}
                    onReload={() => void reload(editing.id)}
                    onSubmit={(form) =>
                      save.mutateAsync({ id: editing.id, version: editing.version, form }).then((saved) => {
                        toast.success(`${saved.data.code} saved`)
                        setEditing(null)
                      })
                    }
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
