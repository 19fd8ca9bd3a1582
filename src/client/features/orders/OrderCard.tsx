/**
 * One order in the order history: number, date, coloured status, total, and its items (name ×
 * quantity, unit price) linking to their product pages; a COMPLETED order leads to the hub.
 */
import { Link } from 'react-router'
import { licencePdfPath } from '../../../shared/contract/licences.ts'
import type { OrderView } from '../../../shared/contract/checkout.ts'
import { formatDate } from '../../../shared/dates.ts'
import { formatPrice } from '../../../shared/money.ts'
import { DownloadIcon } from '../../components/Icons.tsx'
import { OrderStatusBadge } from './OrderStatusBadge.tsx'

export function OrderCard({ order }: { order: OrderView }) {
  const headingId = `order-${order.id}`
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-4 sm:p-5">
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-white">
            Order <span className="font-mono">#{order.orderNumber}</span>
          </h2>
          <p className="mt-0.5 text-sm text-zinc-400">
            <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
          </p>
        </div>
        <div className="flex items-center gap-3">
          <OrderStatusBadge status={order.status} />
          <p className="text-lg font-bold text-white tabular-nums">
            <span className="sr-only">Total </span>
            {formatPrice(order.totalAmountCents)}
          </p>
        </div>
      </header>

      <ul aria-label={`Items of order ${order.orderNumber}`} className="mt-4 divide-y divide-zinc-800 border-t border-zinc-800">
        {order.items.map((item) => (
          <li key={item.id} className="flex items-baseline justify-between gap-4 py-2.5 text-sm">
            <Link to={`/products/${item.productId}`} className="min-w-0 rounded-sm text-zinc-100 hover:text-brand-300">
              {item.name} <span className="text-zinc-400">× {item.quantity}</span>
            </Link>
            <span className="shrink-0 text-zinc-300 tabular-nums">{formatPrice(item.priceCents)}</span>
          </li>
        ))}
      </ul>

      {order.status === 'COMPLETED' && (
        <div className="mt-3 flex flex-wrap justify-end gap-x-5 gap-y-2">
          {order.licenceCode && (
            <a href={licencePdfPath(order.licenceCode)} download className="rounded-sm text-sm font-medium text-zinc-300 hover:text-white">
              Licence certificate (PDF)
            </a>
          )}
          <Link to="/download-hub" className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-brand-300 hover:text-brand-200">
            <DownloadIcon className="size-4" />
            Download
          </Link>
        </div>
      )}
    </article>
  )
}
