/**
 * /admin/orders/:orderId: one order as support needs it: buyer, amounts, the billing address, the payment provider's
 * session and payment ids, the items with downloads left and their actions, refunds and
 * disputes, the download log (time, address, browser), and who did what to the order. Support
 * staff get the same page without the admin's actions: no refund, no revoking links, no tax
 * documents (the API refuses those to them).
 */
import { useState } from 'react'
import toast from 'react-hot-toast'
import { Link, useParams } from 'react-router'
import type { AdminOrder } from '../../../../../shared/contract/admin-orders.ts'
import { formatDate } from '../../../../../shared/dates.ts'
import { formatPrice } from '../../../../../shared/money.ts'
import { ListSkeleton } from '../../../../components/ListSkeleton.tsx'
import { OrderStatusBadge } from '../../../orders/public.ts'
import { AdminLoadFailed } from '../../shell/AdminLayout.tsx'
import { AuditTrail } from '../../audit/public.ts'
import { OrderLicenceKeysPanel } from '../../licence-keys/public.ts'
import { useIsSupportStaff } from '../../shell/staff-role.ts'
import { TaxDocumentsPanel } from '../../tax/public.ts'
import { useAdminOrder, useOrderAction, type OrderAction } from '../api/orders.ts'
import { OrderAccessLinksPanel } from '../OrderAccessLinksPanel.tsx'
import { BillingAddressCard } from '../BillingAddressCard.tsx'
import { OrderItemsTable } from '../OrderItemsTable.tsx'

const DONE: Record<OrderAction['kind'], string> = {
  refund: 'Refunded: the buyer\u2019s downloads of it have stopped',
  'add-downloads': 'Downloads added',
  receipt: 'Receipt sent again',
}

export default function AdminOrderPage() {
  const { orderId } = useParams()
  const order = useAdminOrder(orderId)
  if (order.isPending) return <ListSkeleton label="Loading the order…" />
  if (order.isError) return <AdminLoadFailed error={order.error} onRetry={() => void order.refetch()} />
  return <OrderDetail order={order.data} />
}

function OrderDetail({ order }: { order: AdminOrder }) {
  const action = useOrderAction(order.id)
  const admin = !useIsSupportStaff()
  const [confirmingRefund, setConfirmingRefund] = useState(false)
  const run = (next: OrderAction) =>
    action.mutate(next, {
      onSuccess: () => {
        setConfirmingRefund(false)
        toast.success(next.kind === 'receipt' ? `${DONE.receipt} to ${order.customerEmail}` : DONE[next.kind])
      },
      onError: (error) => toast.error(error.message),
    })
  const left = order.totalAmountCents - order.refundedCents

  return (
    <>
      <title>{`Order ${order.orderNumber} | Owner console | Audio Lab Store`}</title>
      <p className="text-sm">
        <Link to="/admin/orders" className="rounded-sm text-zinc-400 hover:text-white">
          ← Orders
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="font-mono text-2xl font-bold tracking-tight text-white">Order {order.orderNumber}</h1>
        <OrderStatusBadge status={order.status} />
      </div>
      <p className="mt-1 text-sm text-zinc-400">
        Placed <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time> by <span className="break-all text-zinc-200">{order.customerEmail}</span> (
        {order.userId ? 'account' : 'guest'})
      </p>

      <div className="mt-4 flex flex-wrap gap-2">
        {admin &&
          order.refundable &&
          (confirmingRefund ? (
            <>
              <button type="button" className="btn btn-danger" disabled={action.isPending} onClick={() => run({ kind: 'refund' })}>
                Confirm refund of {formatPrice(left)}
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => setConfirmingRefund(false)}>
                Keep the order
              </button>
            </>
          ) : (
            <button type="button" className="btn btn-secondary" onClick={() => setConfirmingRefund(true)}>
              Refund order
            </button>
          ))}
        {order.completedAt && (
          <button type="button" className="btn btn-secondary" disabled={action.isPending} onClick={() => run({ kind: 'receipt' })}>
            Resend receipt
          </button>
        )}
      </div>

      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <Facts
          title="Amounts"
          rows={[
            ['Subtotal', formatPrice(order.subtotalCents)],
            ...(order.discountCents > 0
              ? ([[`Discount${order.promoCode ? ` (${order.promoCode})` : ''}`, `−${formatPrice(order.discountCents)}`]] as [string, string][])
              : []),
            ...(order.taxCents > 0 ? ([['Tax', formatPrice(order.taxCents)]] as [string, string][]) : []),
            ['Total paid', formatPrice(order.totalAmountCents)],
            ...(order.refundedCents > 0 ? ([['Refunded', `−${formatPrice(order.refundedCents)}`]] as [string, string][]) : []),
          ]}
        />
        <Facts
          title="Payment"
          rows={[
            ['Provider', order.paymentProvider === 'builtin' ? 'Built-in (test)' : order.paymentProvider],
            ['Checkout session', order.paymentSessionId ?? '—'],
            ['Payment', order.paymentIntentId ?? '—'],
            ['Card', order.cardLast4 ? `•••• ${order.cardLast4}` : '—'],
            ['Paid', order.completedAt ? formatDate(order.completedAt) : 'Not paid'],
          ]}
        />
      </div>

      <div className="mt-4">
        <BillingAddressCard details={order.billingDetails} />
      </div>

      <section aria-labelledby="order-items" className="mt-6">
        <h2 id="order-items" className="mb-3 text-base font-semibold text-white">
          Items
        </h2>
        <OrderItemsTable order={order} busy={action.isPending} onAction={run} canRefund={admin} />
      </section>

      <OrderLicenceKeysPanel order={order} canAct={admin} />

      {(order.refunds.length > 0 || order.disputes.length > 0) && (
        <section aria-labelledby="order-after-sale" className="mt-6 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-4 sm:p-6">
          <h2 id="order-after-sale" className="text-base font-semibold text-white">
            Refunds and disputes
          </h2>
          <ul className="mt-3 divide-y divide-zinc-800 text-sm">
            {order.refunds.map((refund) => (
              <li key={refund.id} className="flex flex-wrap justify-between gap-2 py-2.5">
                <span className="text-zinc-200">
                  Refund {formatPrice(refund.amountCents)} · {refund.status}
                  {refund.reason && <span className="text-zinc-400"> · {refund.reason.replaceAll('_', ' ')}</span>}
                </span>
                <span className="font-mono text-xs text-zinc-400">
                  {refund.id} · <time dateTime={refund.createdAt}>{formatDate(refund.createdAt)}</time>
                </span>
              </li>
            ))}
            {order.disputes.map((dispute) => (
              <li key={dispute.id} className="flex flex-wrap justify-between gap-2 py-2.5">
                <span className="text-orange-200">
                  Dispute {formatPrice(dispute.amountCents)} · {dispute.status.replaceAll('_', ' ')}
                </span>
                <span className="font-mono text-xs text-zinc-400">{dispute.id}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="order-downloads" className="mt-6 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-4 sm:p-6">
        <h2 id="order-downloads" className="text-base font-semibold text-white">
          Download log
        </h2>
        {order.downloads.length === 0 ? (
          <p className="mt-2 text-sm text-zinc-400">Nothing downloaded yet.</p>
        ) : (
          <div className="relative mt-3 overflow-x-auto">
            <table className="w-full min-w-[40rem] text-sm">
              <thead className="text-left text-xs text-zinc-400">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Time
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Item
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Version
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    IP address
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Browser
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-800">
                {order.downloads.map((download, index) => (
                  <tr key={`${download.at}-${index}`}>
                    <td className="py-2 pr-4 whitespace-nowrap text-zinc-300">
                      <time dateTime={download.at}>{new Date(download.at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}</time>
                    </td>
                    <td className="py-2 pr-4 text-zinc-200">{download.productName}</td>
                    <td className="py-2 pr-4 text-zinc-300 tabular-nums">{download.fileVersion ?? '—'}</td>
                    <td className="py-2 pr-4 font-mono text-xs text-zinc-300">{download.ipAddress ?? '—'}</td>
                    <td className="max-w-[20rem] truncate py-2 text-xs text-zinc-400" title={download.userAgent ?? undefined}>
                      {download.userAgent ?? '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {admin && <TaxDocumentsPanel order={order} />}
      <OrderAccessLinksPanel order={order} canRevoke={admin} />
      <AuditTrail entries={order.history} />
    </>
  )
}

function Facts({ title, rows }: { title: string; rows: [string, string][] }) {
  return (
    <section aria-label={title} className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-4 sm:p-6">
      <h2 className="text-base font-semibold text-white">{title}</h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-zinc-400">{label}</dt>
            <dd className="text-right break-all font-medium text-zinc-100 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
