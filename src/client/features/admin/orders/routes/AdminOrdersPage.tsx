/**
 * /admin/orders: every order, newest first, filtered by status, buyer email and the days it was
 * placed, paged. A day is checked as the server checks it (a real calendar date, the last not
 * before the first); a filter that is not one is said beside it and not sent.
 */
import { useState } from 'react'
import { Link } from 'react-router'
import { ORDER_STATUSES } from '../../../../../shared/contract/checkout.ts'
import { calendarDateMessage, isCalendarDate } from '../../../../../shared/contract/strict-input.ts'
import { formatDate } from '../../../../../shared/dates.ts'
import { formatPrice } from '../../../../../shared/money.ts'
import { ListSkeleton } from '../../../../components/ListSkeleton.tsx'
import { INPUT_CLASS } from '../../../../components/TextField.tsx'
import { OrderStatusBadge } from '../../../orders/public.ts'
import { AdminLoadFailed } from '../../shell/AdminLayout.tsx'
import { AdminPager } from '../../shell/AdminPager.tsx'
import { ordersExportUrl } from '../api/orders-export.ts'
import { ORDERS_PAGE_SIZE, useAdminOrders, type OrderListFilters } from '../api/orders.ts'

export default function AdminOrdersPage() {
  const [filters, setFilters] = useState<OrderListFilters>({ status: '', email: '', from: '', to: '', offset: 0 })
  const fromError = filters.from && !isCalendarDate(filters.from) ? calendarDateMessage('From') : null
  const toError =
    filters.to && !isCalendarDate(filters.to)
      ? calendarDateMessage('To')
      : !fromError && filters.from && filters.to && filters.to < filters.from
        ? 'The last day must not be before the first'
        : null
  const orders = useAdminOrders({ ...filters, email: filters.email.trim(), from: fromError ? '' : filters.from, to: toError ? '' : filters.to })
  const set = (change: Partial<OrderListFilters>) => setFilters((current) => ({ ...current, ...change, offset: change.offset ?? 0 }))
  const filtered = filters.status || filters.email || filters.from || filters.to
  return (
    <>
      <title>Orders | Owner console | Audio Lab Store</title>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight text-white">Orders</h1>
        {/* The paid orders of the days filtered to (every day when none is), whatever the status and email filters. */}
        <a href={ordersExportUrl(fromError ? '' : filters.from, toError ? '' : filters.to)} download className="btn btn-secondary">
          Export CSV
        </a>
      </div>
      <form role="search" aria-label="Filter orders" onSubmit={(event) => event.preventDefault()} className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <label>
          <span className="mb-1.5 block text-sm font-medium text-zinc-200">Status</span>
          <select value={filters.status} onChange={(event) => set({ status: event.target.value as OrderListFilters['status'] })} className={INPUT_CLASS}>
            <option value="">Any status</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status
                  .replace('_', ' ')
                  .toLowerCase()
                  .replace(/^./, (first) => first.toUpperCase())}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="mb-1.5 block text-sm font-medium text-zinc-200">Buyer email</span>
          <input
            type="search"
            value={filters.email}
            onChange={(event) => set({ email: event.target.value })}
            placeholder="name@example.com"
            className={INPUT_CLASS}
          />
        </label>
        <label>
          <span className="mb-1.5 block text-sm font-medium text-zinc-200">From</span>
          <input
            type="date"
            value={filters.from}
            onChange={(event) => set({ from: event.target.value })}
            aria-invalid={fromError ? true : undefined}
            aria-describedby={fromError ? 'orders-from-error' : undefined}
            className={INPUT_CLASS}
          />
          {fromError && (
            <span id="orders-from-error" className="mt-1.5 block text-xs text-red-300">
              {fromError}
            </span>
          )}
        </label>
        <label>
          <span className="mb-1.5 block text-sm font-medium text-zinc-200">To</span>
          <input
            type="date"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(event) => set({ to: event.target.value })}
            aria-invalid={toError ? true : undefined}
            aria-describedby={toError ? 'orders-to-error' : undefined}
            className={INPUT_CLASS}
          />
          {toError && (
            <span id="orders-to-error" className="mt-1.5 block text-xs text-red-300">
              {toError}
            </span>
          )}
        </label>
      </form>
      {orders.isPending ? (
        <ListSkeleton label="Loading orders…" />
      ) : orders.isError ? (
        <div className="mt-6">
          <AdminLoadFailed error={orders.error} onRetry={() => void orders.refetch()} />
        </div>
      ) : orders.data.data.length === 0 ? (
        <p className="mt-8 text-zinc-400">{filtered ? 'No order matches these filters.' : 'No orders yet.'}</p>
      ) : (
        <>
          <div className="relative mt-6 overflow-x-auto rounded-2xl border border-zinc-800">
            <table className="w-full min-w-[40rem] text-sm">
              <thead className="bg-zinc-900/80 text-left text-xs text-zinc-400">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Order
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Placed
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Buyer
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    Items
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-800 bg-zinc-950/40">
                {orders.data.data.map((order) => (
                  <tr key={order.id}>
                    <td className="px-4 py-3">
                      <Link to={`/admin/orders/${order.id}`} className="rounded-sm font-mono font-medium text-brand-300 hover:text-brand-200">
                        {order.orderNumber}
                      </Link>
                    </td>
                    <td className="px-4 py-3 text-zinc-300">
                      <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
                    </td>
                    <td className="px-4 py-3 break-all text-zinc-100">{order.customerEmail}</td>
                    <td className="px-4 py-3">
                      <OrderStatusBadge status={order.status} />
                    </td>
                    <td className="px-4 py-3 text-right text-zinc-200 tabular-nums">{order.items}</td>
                    <td className="px-4 py-3 text-right text-zinc-100 tabular-nums">
                      {formatPrice(order.totalAmountCents)}
                      {order.refundedCents > 0 && <span className="block text-xs text-zinc-400">−{formatPrice(order.refundedCents)} refunded</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <AdminPager
            offset={filters.offset}
            shown={orders.data.data.length}
            total={orders.data.total}
            pageSize={ORDERS_PAGE_SIZE}
            onOffset={(offset) => set({ offset })}
          />
        </>
      )}
    </>
  )
}
