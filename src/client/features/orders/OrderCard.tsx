/**
 * One order in the order history: number, date, coloured status, total (and what was refunded),
 * and its items (name × quantity, unit price, or the bundle an item came with) linking to their product pages, each downloadable
 * one with the file version it downloads now, each stopped one with the reason its downloads
 * stopped; an order with downloadable items leads to the hub; its invoice and credit notes open as PDFs.
 */
import { Link } from 'react-router'
import { licencePdfPath } from '../../../shared/contract/licences.ts'
import { PAID_ORDER_STATUSES, type OrderView } from '../../../shared/contract/checkout.ts'
import { accessNotice } from '../../../shared/contract/downloads.ts'
import { formatDate } from '../../../shared/dates.ts'
import { formatPrice } from '../../../shared/money.ts'
import { FileVersionNote } from '../../components/FileVersionNote.tsx'
import { DownloadIcon } from '../../components/Icons.tsx'
import { useResendReceipt } from './api/post-receipt.ts'
import { OrderStatusBadge } from './OrderStatusBadge.tsx'
import { TaxDocumentLinks } from './TaxDocumentLinks.tsx'

export function OrderCard({ order }: { order: OrderView }) {
  const headingId = `order-${order.id}`
  const open = order.status === 'COMPLETED' || order.status === 'PARTIALLY_REFUNDED'
  const downloadable = open && order.items.some((item) => item.access.state === 'active')
  const paid = PAID_ORDER_STATUSES.some((status) => status === order.status)
  const resend = useResendReceipt()
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
            <div className="min-w-0">
              <Link to={`/products/${item.productId}`} className="rounded-sm text-zinc-100 hover:text-brand-300">
                {item.name} <span className="text-zinc-400">× {item.quantity}</span>
              </Link>
              {open && item.access.state === 'active' && item.fileVersion && <FileVersionNote version={item.fileVersion} className="mt-0.5" />}
              {accessNotice(item.access) && <p className="mt-0.5 text-xs text-zinc-400">{accessNotice(item.access)}</p>}
            </div>
            {/* An item a bundle granted is paid on the bundle's line. */}
            {item.includedIn !== undefined ? (
              <span className="shrink-0 text-xs text-zinc-400">Included in {item.includedIn}</span>
            ) : (
              <span className="shrink-0 text-zinc-300 tabular-nums">{formatPrice(item.priceCents)}</span>
            )}
          </li>
        ))}
      </ul>
      {order.refundedCents > 0 && (
        <p className="mt-2 text-right text-sm text-zinc-300">
          Refunded: <span className="font-semibold tabular-nums">-{formatPrice(order.refundedCents)}</span>
        </p>
      )}

      {paid && (
        <div className="mt-3 flex flex-wrap items-center justify-end gap-x-5 gap-y-2">
          <button
            type="button"
            onClick={() => resend.mutate(order.id)}
            disabled={resend.isPending}
            className="rounded-sm text-sm font-medium text-zinc-300 hover:text-white disabled:opacity-60"
          >
            {resend.isPending ? 'Sending…' : 'Resend receipt'}
          </button>
          {order.licenceCode && (
            <a href={licencePdfPath(order.licenceCode)} download className="rounded-sm text-sm font-medium text-zinc-300 hover:text-white">
              Licence certificate (PDF)
            </a>
          )}
          <TaxDocumentLinks documents={order.documents ?? []} className="rounded-sm text-sm font-medium text-zinc-300 hover:text-white" />
          {downloadable && (
            <Link to="/download-hub" className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-brand-300 hover:text-brand-200">
              <DownloadIcon className="size-4" />
              Download
            </Link>
          )}
        </div>
      )}
    </article>
  )
}
