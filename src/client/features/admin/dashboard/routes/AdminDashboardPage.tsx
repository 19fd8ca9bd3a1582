/**
 * /admin: the last 30 days at a glance: revenue (without the tax collected, which is the tax
 * office's), orders, downloads and refunds per day, the best sellers, the funnel for a chosen
 * period, and the store's health.
 */
import { formatPrice } from '../../../../../shared/money.ts'
import { ListSkeleton } from '../../../../components/ListSkeleton.tsx'
import { AdminLoadFailed } from '../../shell/AdminLayout.tsx'
import { useDashboard } from '../api/get-dashboard.ts'
import { DailyBars } from '../DailyBars.tsx'
import { FunnelPanel } from '../FunnelPanel.tsx'
import { HealthPanel } from '../HealthPanel.tsx'

export default function AdminDashboardPage() {
  const dashboard = useDashboard()
  if (dashboard.isPending) return <ListSkeleton label="Loading the dashboard…" />
  if (dashboard.isError) return <AdminLoadFailed error={dashboard.error} onRetry={() => void dashboard.refetch()} />
  const { days, totals, topProducts } = dashboard.data
  const figures = [
    { label: 'Revenue (excl. tax)', value: formatPrice(totals.revenueCents), note: 'after refunds' },
    { label: 'Orders', value: String(totals.orders), note: 'paid' },
    { label: 'Downloads', value: String(totals.downloads), note: 'started' },
    { label: 'Refunds', value: String(totals.refunds), note: `${formatPrice(totals.refundedCents)} given back` },
  ]
  return (
    <>
      <title>Dashboard | Owner console | Audio Lab Store</title>
      <h1 className="text-2xl font-bold tracking-tight text-white">Last 30 days</h1>
      <dl className="mt-5 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-4">
            <dt className="text-sm text-zinc-400">{figure.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-white tabular-nums">{figure.value}</dd>
            <dd className="text-xs text-zinc-400">{figure.note}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <DailyBars title="Revenue per day (excl. tax)" days={days} value={(day) => day.revenueCents} format={formatPrice} />
        <DailyBars title="Orders per day" days={days} value={(day) => day.orders} format={String} />
        <DailyBars title="Downloads per day" days={days} value={(day) => day.downloads} format={String} />
        <section aria-labelledby="top-products" className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-4">
          <h2 id="top-products" className="text-sm font-semibold text-zinc-200">
            Best sellers
          </h2>
          {topProducts.length === 0 ? (
            <p className="mt-3 text-sm text-zinc-400">No sales in the last 30 days.</p>
          ) : (
            <table className="mt-3 w-full text-sm">
              <thead>
                <tr className="text-left text-xs text-zinc-400">
                  <th scope="col" className="pb-2 font-medium">
                    Product
                  </th>
                  <th scope="col" className="pb-2 text-right font-medium">
                    Sold
                  </th>
                  <th scope="col" className="pb-2 text-right font-medium">
                    Revenue (excl. tax)
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-800">
                {topProducts.map((product) => (
                  <tr key={product.productId}>
                    <td className="py-2 pr-3 text-zinc-100">{product.name}</td>
                    <td className="py-2 text-right text-zinc-300 tabular-nums">{product.units}</td>
                    <td className="py-2 text-right text-zinc-100 tabular-nums">{formatPrice(product.revenueCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
      <FunnelPanel />
      <HealthPanel />
    </>
  )
}
