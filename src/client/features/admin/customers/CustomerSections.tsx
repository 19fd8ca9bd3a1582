/**
 * The sections of a customer's page: their orders (each opening the order's page), the downloads
 * each item has used and has left, refunds and disputes, and the emails the store sent them with
 * their delivery status. Lists, not wide tables, so a phone (390 px) reads them without scrolling sideways.
 */
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { CustomerDetail } from '../../../../shared/contract/admin-customers.ts'
import { formatDate } from '../../../../shared/dates.ts'
import { formatPrice } from '../../../../shared/money.ts'
import { OrderStatusBadge } from '../../orders/public.ts'

const SECTION_CLASS = 'mt-6 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-4 sm:p-6'
const exactTime = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })
const EMAIL_STATUS_CLASS = { sent: 'text-emerald-300', queued: 'text-amber-200', failed: 'text-red-300' } as const

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={SECTION_CLASS}>
      <h2 id={id} className="text-base font-semibold text-white">
        {title}
      </h2>
      {children}
    </section>
  )
}

export function CustomerOrders({ customer }: { customer: CustomerDetail }) {
  return (
    <Section id="customer-orders" title={`Orders (${customer.ordersTotal})`}>
      {customer.orders.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-400">No orders yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-zinc-800 text-sm">
          {customer.orders.map((order) => (
            <li key={order.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5">
              <span className="flex flex-wrap items-center gap-2">
                <Link to={`/admin/orders/${order.id}`} className="rounded-sm font-mono font-medium text-white underline-offset-4 hover:underline">
                  {order.orderNumber}
                </Link>
                <OrderStatusBadge status={order.status} />
                {order.guest && <span className="text-xs text-zinc-400">guest order</span>}
              </span>
              <span className="text-zinc-300 tabular-nums">
                <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time> · {formatPrice(order.totalAmountCents)}
                {order.refundedCents > 0 && <span className="text-orange-200"> · refunded {formatPrice(order.refundedCents)}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
      {customer.orders.length < customer.ordersTotal && (
        <p className="mt-2 text-xs text-zinc-400">
          The newest {customer.orders.length} of {customer.ordersTotal} orders.
        </p>
      )}
    </Section>
  )
}

export function CustomerDownloads({ customer }: { customer: CustomerDetail }) {
  const items = customer.orders.flatMap((order) => order.items.map((item) => ({ ...item, orderNumber: order.orderNumber })))
  return (
    <Section id="customer-downloads" title="Downloads">
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-400">Nothing bought yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-zinc-800 text-sm">
          {items.map((item) => (
            <li key={item.id} aria-label={item.name} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2.5">
              <span className="text-zinc-100">
                {item.name} <span className="font-mono text-xs text-zinc-400">{item.orderNumber}</span>
              </span>
              <span className="text-zinc-300 tabular-nums">
                {item.access.state !== 'active' ? (
                  <span className="text-orange-200">Downloads {item.access.state}</span>
                ) : (
                  <>
                    {item.downloadsUsed} used · {item.downloadsRemaining} left
                  </>
                )}
                {item.lastDownloadAt && (
                  <span className="text-zinc-400">
                    {' '}
                    · last <time dateTime={item.lastDownloadAt}>{exactTime(item.lastDownloadAt)}</time>
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}

export function CustomerAfterSale({ customer }: { customer: CustomerDetail }) {
  const refunds = customer.orders.flatMap((order) => order.refunds.map((refund) => ({ ...refund, orderNumber: order.orderNumber })))
  const disputes = customer.orders.flatMap((order) => order.disputes.map((dispute) => ({ ...dispute, orderNumber: order.orderNumber })))
  return (
    <Section id="customer-after-sale" title="Refunds and disputes">
      {refunds.length === 0 && disputes.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-400">None.</p>
      ) : (
        <ul className="mt-3 divide-y divide-zinc-800 text-sm">
          {refunds.map((refund) => (
            <li key={refund.id} className="flex flex-wrap justify-between gap-2 py-2.5">
              <span className="text-zinc-200">
                Refund {formatPrice(refund.amountCents)} · {refund.status}
                {refund.reason && <span className="text-zinc-400"> · {refund.reason.replaceAll('_', ' ')}</span>}
              </span>
              <span className="font-mono text-xs text-zinc-400">
                {refund.orderNumber} · <time dateTime={refund.createdAt}>{formatDate(refund.createdAt)}</time>
              </span>
            </li>
          ))}
          {disputes.map((dispute) => (
            <li key={dispute.id} className="flex flex-wrap justify-between gap-2 py-2.5">
              <span className="text-orange-200">
                Dispute {formatPrice(dispute.amountCents)} · {dispute.status.replaceAll('_', ' ')}
              </span>
              <span className="font-mono text-xs text-zinc-400">
                {dispute.orderNumber} · <time dateTime={dispute.openedAt}>{formatDate(dispute.openedAt)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}

export function CustomerEmails({ customer }: { customer: CustomerDetail }) {
  return (
    <Section id="customer-emails" title="Emails sent">
      {customer.emails.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-400">No email sent yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-zinc-800 text-sm">
          {customer.emails.map((email) => (
            <li key={email.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2.5">
              <span className="min-w-0 text-zinc-100">
                {email.subject} <span className="break-all text-xs text-zinc-400">to {email.to}</span>
              </span>
              <span className="text-xs text-zinc-400">
                <span className={`font-medium ${EMAIL_STATUS_CLASS[email.status]}`}>{email.status}</span> · queued{' '}
                <time dateTime={email.queuedAt}>{exactTime(email.queuedAt)}</time>
                {email.sentAt && (
                  <>
                    {' '}
                    · sent <time dateTime={email.sentAt}>{exactTime(email.sentAt)}</time>
                  </>
                )}
                {email.status !== 'sent' && email.attempts > 0 && ` · ${email.attempts} attempts`}
                {email.lastError && <span className="block text-red-300">{email.lastError}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}
