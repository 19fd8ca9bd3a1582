/** An order's status as a coloured pill: PENDING yellow, COMPLETED green, FAILED red, CANCELLED grey. */
import type { OrderStatusValue } from '../../../shared/contract/checkout.ts'

export const ORDER_STATUS_TONES: Record<OrderStatusValue, string> = {
  PENDING: 'bg-yellow-950/70 text-yellow-300 ring-yellow-700/80',
  COMPLETED: 'bg-emerald-950/70 text-emerald-300 ring-emerald-700/80',
  FAILED: 'bg-red-950/70 text-red-300 ring-red-700/80',
  CANCELLED: 'bg-zinc-800 text-zinc-300 ring-zinc-600',
}

export function OrderStatusBadge({ status }: { status: OrderStatusValue }) {
  return (
    <span data-status={status} className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide ring-1 ${ORDER_STATUS_TONES[status]}`}>
      {status}
    </span>
  )
}
