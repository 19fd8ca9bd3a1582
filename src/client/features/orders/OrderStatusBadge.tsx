/**
 * An order's status as a coloured pill: PENDING yellow, COMPLETED green, FAILED red, CANCELLED
 * grey; after the sale PARTIALLY_REFUNDED sky, REFUNDED violet, DISPUTED orange.
 */
import type { OrderStatusValue } from '../../../shared/contract/checkout.ts'

export const ORDER_STATUS_TONES: Record<OrderStatusValue, string> = {
  PENDING: 'bg-yellow-950/70 text-yellow-300 ring-yellow-700/80',
  COMPLETED: 'bg-emerald-950/70 text-emerald-300 ring-emerald-700/80',
  FAILED: 'bg-red-950/70 text-red-300 ring-red-700/80',
  CANCELLED: 'bg-zinc-800 text-zinc-300 ring-zinc-600',
  PARTIALLY_REFUNDED: 'bg-sky-950/70 text-sky-300 ring-sky-700/80',
  REFUNDED: 'bg-violet-950/70 text-violet-300 ring-violet-700/80',
  DISPUTED: 'bg-orange-950/70 text-orange-300 ring-orange-700/80',
}

export function OrderStatusBadge({ status }: { status: OrderStatusValue }) {
  return (
    <span
      data-status={status}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide ring-1 ${ORDER_STATUS_TONES[status]}`}
    >
      {status.replace('_', ' ')}
    </span>
  )
}
