/**
 * Which order items a refund covers. A refund we started names its items in its metadata; a
 * refund made at the provider (its dashboard) names only an amount, which covers items by
 * their share of what was paid, most expensive first, skipping an item the rest cannot pay
 * back in full. Refunds that failed or were cancelled cover nothing; a refund of everything
 * that was paid covers every item, whatever its metadata says.
 */
import { refundCounts, refundedCentsOf } from '../../shared/after-sale.ts'

export interface AllocatedItem {
  id: string
  /** Unit price paid, in cents. */
  priceCents: number
  quantity: number
}

export interface AllocatedRefund {
  amountCents: number
  status: string
  /** The items named by a refund we started; null for an amount-only refund. */
  orderItemIds: string[] | null
}

export interface PaidOrder {
  subtotalCents: number
  /** What the buyer paid: subtotal − discount + tax. */
  totalAmountCents: number
}

/**
 * What the buyer paid for one order line: its part of the total, discount and tax spread in
 * proportion to the line's price, rounded down so the shares never add up past the total.
 */
export function itemShareCents(item: AllocatedItem, order: PaidOrder): number {
  const lineCents = item.priceCents * item.quantity
  if (order.subtotalCents <= 0) return 0
  return Math.floor((lineCents * order.totalAmountCents) / order.subtotalCents)
}

/** The ids of the items the order's refunds cover. */
export function coveredItemIds(items: readonly AllocatedItem[], order: PaidOrder, refunds: readonly AllocatedRefund[]): Set<string> {
  const counted = refunds.filter((refund) => refundCounts(refund.status))
  const refunded = refundedCentsOf(counted)
  if (refunded <= 0) return new Set()
  if (refunded >= order.totalAmountCents) return new Set(items.map((item) => item.id))

  const known = new Set(items.map((item) => item.id))
  const covered = new Set<string>()
  let byAmount = 0
  for (const refund of counted) {
    const named = refund.orderItemIds?.filter((id) => known.has(id)) ?? []
    if (named.length === 0) byAmount += refund.amountCents
    for (const id of named) covered.add(id)
  }
  const mostExpensiveFirst = items
    .filter((item) => !covered.has(item.id))
    .sort((a, b) => b.priceCents * b.quantity - a.priceCents * a.quantity || a.id.localeCompare(b.id))
  for (const item of mostExpensiveFirst) {
    const share = itemShareCents(item, order)
    if (share > 0 && share <= byAmount) {
      covered.add(item.id)
      byAmount -= share
    }
  }
  return covered
}

/**
 * What the buyer paid for these items, to the cent above: the exact share of the total their
 * lines make, before any rounding. No refund of them may give back more.
 */
export function paidCentsOf(items: readonly AllocatedItem[], order: PaidOrder): number {
  if (order.subtotalCents <= 0) return 0
  const lineCents = items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0)
  return Math.ceil((lineCents * order.totalAmountCents) / order.subtotalCents)
}

/**
 * What refunding these items gives back: their shares while other items remain; when they are
 * all that is left, everything not yet refunded (the cents each share was rounded down by), but
 * never more than they were paid: earlier refunds rounded down leave their fraction of a cent
 * with the shop rather than on the last item.
 */
export function refundAmountFor(
  items: readonly AllocatedItem[],
  order: PaidOrder,
  alreadyRefundedCents: number,
  remainingItemIds: ReadonlySet<string>,
  itemIds: readonly string[],
): number {
  const refunding = new Set(itemIds)
  const chosen = items.filter((item) => refunding.has(item.id))
  const all = [...remainingItemIds].every((id) => refunding.has(id))
  if (!all) return chosen.reduce((sum, item) => sum + itemShareCents(item, order), 0)
  return Math.max(0, Math.min(order.totalAmountCents - alreadyRefundedCents, paidCentsOf(chosen, order)))
}

/** What an order has paid back or is paying back: its refunds, and the refund requests still at the provider. */
export function refundedOrPendingCents(refunds: readonly AllocatedRefund[], pending: readonly { amountCents: number }[]): number {
  return refundedCentsOf(refunds) + pending.reduce((sum, request) => sum + request.amountCents, 0)
}
