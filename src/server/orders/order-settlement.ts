/**
 * Settling an order: its status and each item's download access, derived again from all its
 * refunds and disputes (the facts after-sale.service.ts stores) and stored, so the facts may
 * arrive in any order, several times, or before the order is even marked paid:
 *
 *  - a refund revokes the items it covers (refund-allocation.ts); the order becomes
 *    PARTIALLY_REFUNDED or REFUNDED;
 *  - an item a bundle granted (parent_item_id) is never covered on its own: it follows its
 *    bundle's item, so a refund of the bundle revokes every item it granted;
 *  - an open dispute suspends every item (DISPUTED); won, it restores them; lost, it revokes them;
 *  - each item's licence keys follow its access (licence-keys.service.ts);
 *  - a refund that succeeded gets its credit note (the tax capability's), once.
 *
 * Called by after-sale with the order's row locked, and by the fulfil-paid-order flow in the
 * paying transaction (through after-sale.service.ts's `settle`).
 */
import { asc, eq, inArray, sql } from 'drizzle-orm'
import { isClosedDispute, refundedCentsOf } from '../../shared/after-sale.ts'
import type { Executor } from '../db/client.ts'
import type { OrderLicenceKeys, OrderTaxDocuments } from './order-dependents.types.ts'
import {
  orderDisputes,
  orderItems,
  orderRefunds,
  orders,
  PAID_ORDER_STATUSES,
  type ItemAccess,
  type ItemAccessReason,
  type OrderItemRow,
  type OrderRow,
  type OrderStatus,
} from './orders.schema.ts'
import { coveredItemIds } from './refund-allocation.ts'

export interface OrderSettlementDeps {
  /** A refund that succeeded gets its credit note when the order is settled. */
  taxDocuments: Pick<OrderTaxDocuments, 'issueCreditNotes'>
  /** Each item's licence keys follow its access: revoked, suspended, or active again. */
  licenceKeys: Pick<OrderLicenceKeys, 'followItemAccess'>
}

type ItemAccessState = { access: ItemAccess; accessReason: ItemAccessReason | null }

function isPaid(status: OrderStatus): boolean {
  return (PAID_ORDER_STATUSES as readonly OrderStatus[]).includes(status)
}

export function createOrderSettlement({ taxDocuments, licenceKeys }: OrderSettlementDeps) {
  /**
   * Derives the order's status and its items' access from its refunds and disputes and stores
   * them. Call with the order row locked; an order never paid (PENDING, FAILED, CANCELLED) is
   * left as it is, and settled again by fulfilment once it is paid.
   */
  return async function settle(tx: Executor, order: OrderRow): Promise<OrderRow> {
    if (!isPaid(order.status)) return order
    // One after another: a transaction is one connection, which runs one query at a time.
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.createdAt), asc(orderItems.id))
    const refunds = await tx.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))
    const disputes = await tx.select().from(orderDisputes).where(eq(orderDisputes.orderId, order.id))
    // Refunds cover what was paid for: the order's own lines, not the items a bundle granted (priced 0).
    const paidLines = items.filter((item) => item.parentItemId === null)
    const covered = coveredItemIds(paidLines, order, refunds)
    const lost = disputes.some((dispute) => dispute.status === 'lost')
    const open = disputes.some((dispute) => !isClosedDispute(dispute.status))
    const stateOf = (item: OrderItemRow): ItemAccessState => {
      if (covered.has(item.parentItemId ?? item.id)) return { access: 'revoked', accessReason: 'refunded' }
      if (lost) return { access: 'revoked', accessReason: 'dispute_lost' }
      if (open) return { access: 'suspended', accessReason: 'dispute_open' }
      return { access: 'active', accessReason: null }
    }

    // One update per new state (at most four), touching only the items whose state changes.
    const changes = new Map<string, ItemAccessState & { ids: string[] }>()
    for (const item of items) {
      const next = stateOf(item)
      if (next.access === item.access && next.accessReason === item.accessReason) continue
      const key = `${next.access}:${next.accessReason}`
      const change = changes.get(key) ?? { ...next, ids: [] }
      change.ids.push(item.id)
      changes.set(key, change)
    }
    for (const { access, accessReason, ids } of changes.values()) {
      await tx
        .update(orderItems)
        .set({ access, accessReason, accessChangedAt: sql`now()` })
        .where(inArray(orderItems.id, ids))
    }

    // Every item's keys, not only the changed ones: a key handed out in this very transaction starts in its item's state.
    await licenceKeys.followItemAccess(
      tx,
      items.map((item) => ({ orderItemId: item.id, ...stateOf(item) })),
    )

    // In the same transaction as the refund it documents, referring to the order's invoice.
    await taxDocuments.issueCreditNotes(tx, { orderId: order.id, refunds })

    const refundedCents = refundedCentsOf(refunds)
    const status: OrderStatus =
      open || lost
        ? 'DISPUTED'
        : paidLines.length > 0 && covered.size === paidLines.length
          ? 'REFUNDED'
          : refundedCents > 0
            ? 'PARTIALLY_REFUNDED'
            : 'COMPLETED'
    if (status === order.status && refundedCents === order.refundedCents) return order
    const [settled] = await tx
      .update(orders)
      .set({ status, refundedCents, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id))
      .returning()
    return settled!
  }
}
