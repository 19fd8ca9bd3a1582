/**
 * The facts after-sale applies to an order, one row per refund and one per dispute, written as
 * the provider reports them in the caller's transaction (the order's row locked); the order is
 * then settled from all of them (order-settlement.ts). A fact written twice is the same fact: an
 * event redelivered, or a refund the store made that the provider's event reports again.
 */
import { notInArray, sql } from 'drizzle-orm'
import { CLOSED_DISPUTE_STATUSES, isClosedDispute } from '../../shared/after-sale.ts'
import { isUuid } from '../../shared/ids.ts'
import type { Executor } from '../db/client.ts'
import type { PaymentDispute, PaymentRefund } from '../payments/provider.ts'
import { orderDisputes, orderRefunds } from './orders.schema.ts'

/** The items a refund's metadata names (ours: `orderItemIds`); null when it names none, and it covers by amount. */
function itemIdsOf(metadata: Record<string, string>): string[] | null {
  const ids = metadata.orderItemIds?.split(',').filter((id) => isUuid(id)) ?? []
  return ids.length > 0 ? ids : null
}

/** Stores the refunds as the provider reports them (amount and status change; the items we named stay). */
export async function storeProviderRefunds(tx: Executor, orderId: string, refunds: readonly PaymentRefund[]): Promise<void> {
  const ours = refunds.filter((refund) => !refund.metadata.orderId || refund.metadata.orderId === orderId)
  if (ours.length === 0) return
  await tx
    .insert(orderRefunds)
    .values(
      ours.map((refund) => ({
        id: refund.id,
        orderId,
        amountCents: refund.amountCents,
        status: refund.status,
        orderItemIds: itemIdsOf(refund.metadata),
        reason: refund.metadata.reason || refund.reason,
      })),
    )
    .onConflictDoUpdate({
      target: orderRefunds.id,
      set: { amountCents: sql`excluded.amount_cents`, status: sql`excluded.status`, updatedAt: sql`now()` },
    })
}

/** Stores the refund the provider made for the store's own request, covering the items the request claimed. */
export async function storeRequestedRefund(
  tx: Executor,
  request: { orderId: string; orderItemIds: string[] },
  refund: PaymentRefund,
  reason: string,
): Promise<void> {
  await tx
    .insert(orderRefunds)
    .values({
      id: refund.id,
      orderId: request.orderId,
      amountCents: refund.amountCents,
      status: refund.status,
      orderItemIds: request.orderItemIds,
      reason: reason || refund.reason,
    })
    .onConflictDoUpdate({
      target: orderRefunds.id,
      set: { amountCents: sql`excluded.amount_cents`, status: sql`excluded.status`, orderItemIds: sql`excluded.order_item_ids`, updatedAt: sql`now()` },
    })
}

/** Stores the dispute's status, except that a closed dispute never reopens. */
export async function storeDispute(tx: Executor, orderId: string, dispute: PaymentDispute): Promise<void> {
  const closed = isClosedDispute(dispute.status)
  await tx
    .insert(orderDisputes)
    .values({
      id: dispute.id,
      orderId,
      amountCents: dispute.amountCents,
      status: dispute.status,
      reason: dispute.reason,
      closedAt: closed ? sql`now()` : null,
    })
    .onConflictDoUpdate({
      target: orderDisputes.id,
      set: { status: sql`excluded.status`, closedAt: sql`excluded.closed_at` },
      setWhere: notInArray(orderDisputes.status, [...CLOSED_DISPUTE_STATUSES]),
    })
}
