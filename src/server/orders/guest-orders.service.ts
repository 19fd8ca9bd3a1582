/**
 * Guest orders joining an account: once an account's email is confirmed, every paid order a
 * guest placed with that address (compared case-insensitively) becomes the account's, so its
 * order history, Download Hub, "Owned" marks and purchase limits count it. A guest order paid
 * while such an account exists joins it at once, in the payment's own transaction.
 *
 * One conditional update takes the orders (`user_id is null` is re-checked under each row's
 * lock), so two confirmations at once claim each order once; the guest's downloads of those
 * orders and one audit entry per order are written in the same transaction. A second claim
 * finds nothing and writes nothing. Pending, failed and cancelled orders never join: only a
 * paid order is a purchase. Nothing joins an address whose owner has not confirmed it.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { AuditService } from '../audit/audit.service.ts'
import type { ProfileService } from '../auth/profile.service.ts'
import type { Database, Executor } from '../db/client.ts'
import { orderItems, orders, PAID_ORDER_STATUSES, type OrderRow } from './orders.schema.ts'

/** The audit action of a guest order that became an account's. */
export const JOIN_ACCOUNT_ACTION = 'order.join_account'

/** The account a guest order joins: the audit log names it as the actor. */
interface Account {
  id: string
  email: string
}

export interface GuestOrdersServiceDeps {
  db: Database
  audit: Pick<AuditService, 'record'>
  /** Whose confirmed address an email is. */
  accounts: Pick<ProfileService, 'confirmedAccountIdByEmail'>
  /**
   * The guest's downloads of the joined orders' items become the account's (downloads.service.ts's
   * `assignGuestDownloads`, in the claiming transaction). Declared here by its shape: downloads
   * name orders, and orders never import them back.
   */
  downloads: { assignGuestDownloads(tx: Executor, orderItemIds: readonly string[], userId: string): Promise<number> }
}

export function createGuestOrdersService({ db, audit, accounts, downloads }: GuestOrdersServiceDeps) {
  /**
   * Gives the account the paid guest orders of its address (all of them, or only `orderId`), with
   * the guest's downloads of their items and an audit entry each. Answers the ids it took.
   */
  async function claim(tx: Executor, account: Account, orderId?: string): Promise<string[]> {
    const claimed = await tx
      .update(orders)
      .set({ userId: account.id, joinedAccountAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          isNull(orders.userId),
          // The same expression as orders_guest_email_idx, so the partial index serves it.
          sql`lower(${orders.customerEmail}) = lower(${account.email})`,
          inArray(orders.status, [...PAID_ORDER_STATUSES]),
          orderId ? eq(orders.id, orderId) : undefined,
        ),
      )
      .returning({ id: orders.id })
    if (claimed.length === 0) return []
    const orderIds = claimed.map((order) => order.id)
    const items = await tx.select({ id: orderItems.id }).from(orderItems).where(inArray(orderItems.orderId, orderIds))
    await downloads.assignGuestDownloads(
      tx,
      items.map((item) => item.id),
      account.id,
    )
    for (const id of orderIds) {
      await audit.record(tx, {
        actor: account,
        action: JOIN_ACCOUNT_ACTION,
        subject: { type: 'order', id },
        before: { userId: null },
        after: { userId: account.id },
      })
    }
    return orderIds
  }

  return {
    /**
     * The account's email is confirmed: its address's paid guest orders become its own. Nothing
     * joins unless `email` is, at this moment, the confirmed address of `userId`. Answers the ids
     * of the orders that joined (none on a second call).
     */
    async claimGuestOrders(userId: string, email: string): Promise<string[]> {
      return db.transaction(async (tx) => {
        if ((await accounts.confirmedAccountIdByEmail(email, tx)) !== userId) return []
        return claim(tx, { id: userId, email: email.trim().toLowerCase() }, undefined)
      })
    },

    /**
     * A guest order just paid, in the paying transaction: when a confirmed account has its
     * address, the order is that account's at once. Answers the order as it now stands.
     */
    async joinPaidGuestOrder(tx: Executor, order: OrderRow): Promise<OrderRow> {
      if (order.userId !== null) return order
      const accountId = await accounts.confirmedAccountIdByEmail(order.customerEmail, tx)
      if (!accountId) return order
      const [joined] = await claim(tx, { id: accountId, email: order.customerEmail.trim().toLowerCase() }, order.id)
      return joined ? { ...order, userId: accountId } : order
    },
  }
}

export type GuestOrdersService = ReturnType<typeof createGuestOrdersService>
