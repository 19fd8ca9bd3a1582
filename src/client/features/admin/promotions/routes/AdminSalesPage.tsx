/**
 * /admin/sales: every timed sale with its discount, what it covers, its window, its status
 * (Scheduled, Running, Ended) and what it did to revenue (paid orders, units, revenue, discount
 * given); a form to create one; Edit opens the same form on a sale (saved over the version shown:
 * when someone else saved it since, the form says so and Reload shows it as it is now); End now
 * stops it at once; Delete removes it (orders it priced keep their prices).
 */
import { useState } from 'react'
import toast from 'react-hot-toast'
import { SALE_STATUS_LABELS, type AdminSale, type SaleStatus } from '../../../../../shared/contract/admin-sales.ts'
import { formatPrice } from '../../../../../shared/money.ts'
import { ListSkeleton } from '../../../../components/ListSkeleton.tsx'
import { AdminLoadFailed } from '../../shell/AdminLayout.tsx'
import { useAdminCategories } from '../../categories/public.ts'
import { useAdminSales, useDeleteSale, useEndSale, useSaveSale } from '../api/sales.ts'
import { EMPTY_SALE_FORM, SaleFormFields } from '../SaleFormFields.tsx'

const MOMENT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' })

const STATUS_CLASS: Record<SaleStatus, string> = {
  scheduled: 'bg-sky-950/70 text-sky-300 ring-sky-700/80',
  running: 'bg-emerald-950/70 text-emerald-300 ring-emerald-700/80',
  ended: 'bg-zinc-800 text-zinc-300 ring-zinc-600',
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/** "30% off the whole store", "$5.00 off 3 products", "20% off Sample Packs, MIDI Packs". */
function termsOf(sale: AdminSale, categoryNames: Map<string, string>): string {
  const off = sale.percentOff !== null ? `${sale.percentOff}% off` : `${formatPrice(sale.amountOffCents ?? 0)} off`
  if (sale.scope === 'store') return `${off} the whole store`
  if (sale.scope === 'products') return `${off} ${plural(sale.productIds.length, 'product', 'products')}`
  return `${off} ${sale.categoryIds.map((id) => categoryNames.get(id) ?? 'a removed category').join(', ')}`
}

export default function AdminSalesPage() {
  const sales = useAdminSales()
  const categories = useAdminCategories()
  const save = useSaveSale()
  const end = useEndSale()
  const remove = useDeleteSale()
  /** The sale as it was when Edit was clicked: its version is the one the save is made over. */
  const [editing, setEditing] = useState<AdminSale | null>(null)
  const reload = async (id: string) => setEditing((await sales.refetch()).data?.find((sale) => sale.id === id) ?? null)
  const categoryNames = new Map((categories.data ?? []).map((category) => [category.id, category.name]))

  const endNow = (sale: AdminSale) => {
    if (!window.confirm(`End "${sale.name}" now? Its prices go back at once.`)) return
    end.mutate(sale.id, { onSuccess: () => toast.success(`${sale.name} ended`), onError: (error) => toast.error(error.message) })
  }
  const deleteSale = (sale: AdminSale) => {
    if (!window.confirm(`Delete "${sale.name}"? Orders it priced keep their prices, but it leaves this list.`)) return
    remove.mutate(sale.id, {
      onSuccess: () => {
        toast.success(`${sale.name} deleted`)
        if (editing?.id === sale.id) setEditing(null)
      },
      onError: (error) => toast.error(error.message),
    })
  }

  return (
    <>
      <title>Sales | Owner console | Audio Lab Store</title>
      <h1 className="text-2xl font-bold tracking-tight text-white">Sales</h1>
      <p className="mt-2 max-w-2xl text-sm text-zinc-400">
        A sale takes a percent or an amount off each unit from its start to its end; prices change on time by themselves. Of several sales on one product, the
        one that saves the buyer most applies. Pay-what-you-want and free products are never on sale.
      </p>
      <section aria-label="New sale" className="mt-6 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-4 sm:p-6">
        <h2 className="mb-4 text-base font-semibold text-white">New sale</h2>
        <SaleFormFields
          initial={EMPTY_SALE_FORM}
          submitLabel="Create sale"
          onSubmit={(form) => save.mutateAsync({ form }).then((saved) => toast.success(`${saved.data.name} created`))}
        />
      </section>
      {sales.isPending ? (
        <ListSkeleton label="Loading sales…" />
      ) : sales.isError ? (
        <div className="mt-6">
          <AdminLoadFailed error={sales.error} onRetry={() => void sales.refetch()} />
        </div>
      ) : sales.data.length === 0 ? (
        <p className="mt-8 text-zinc-400">No sales yet.</p>
      ) : (
        <ul aria-label="Sales" className="mt-6 space-y-3">
          {sales.data.map((sale) => (
            <li key={sale.id} aria-label={sale.name} className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-4">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="text-base font-semibold [overflow-wrap:anywhere] text-white">{sale.name}</span>
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${STATUS_CLASS[sale.status]}`}>
                      {SALE_STATUS_LABELS[sale.status]}
                    </span>
                  </p>
                  <p className="mt-1 text-sm text-brand-200">{termsOf(sale, categoryNames)}</p>
                  <p className="mt-1 text-xs text-zinc-400">
                    {MOMENT.format(new Date(sale.startsAt))} – {MOMENT.format(new Date(sale.endsAt))}
                  </p>
                  <p className="mt-1 text-sm text-zinc-200">
                    {plural(sale.effect.paidOrders, 'paid order', 'paid orders')} · {plural(sale.effect.units, 'unit', 'units')} ·{' '}
                    {formatPrice(sale.effect.revenueCents)} revenue · {formatPrice(sale.effect.discountCents)} discount given
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <button type="button" className="btn btn-secondary px-3 py-1.5 text-xs" onClick={() => setEditing(editing?.id === sale.id ? null : sale)}>
                    {editing?.id === sale.id ? 'Close' : 'Edit'}
                  </button>
                  {sale.status !== 'ended' && (
                    <button type="button" className="btn btn-secondary px-3 py-1.5 text-xs" disabled={end.isPending} onClick={() => endNow(sale)}>
                      End now
                    </button>
                  )}
                  <button
                    type="button"
                    aria-label={`Delete ${sale.name}`}
                    className="btn btn-secondary px-3 py-1.5 text-xs"
                    disabled={remove.isPending}
                    onClick={() => deleteSale(sale)}
                  >
                    Delete
                  </button>
                </div>
              </div>
              {editing?.id === sale.id && (
                <div className="mt-4 border-t border-zinc-800 pt-4">
                  <SaleFormFields
                    key={editing.version}
                    initial={editing.form}
                    submitLabel="Save sale"
                    onCancel={() => setEditing(null)}
                    onReload={() => void reload(editing.id)}
                    onSubmit={(form) =>
                      save.mutateAsync({ id: editing.id, version: editing.version, form }).then((saved) => {
                        toast.success(`${saved.data.name} saved`)
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
