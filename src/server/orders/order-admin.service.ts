/**
 * The owner's side of orders: every order (not only one buyer's), filtered by status, buyer
 * email and paid day; one order with its refunds and disputes; and adding downloads to an item,
 * one atomic increment in the transaction that writes its audit entry.
 */
import { and, asc, count, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm'
import { ORDER_ADMIN_MESSAGES as MESSAGES, type AdminOrder, type AdminOrdersQuery } from '../../shared/contract/admin-orders.ts'
import { orderNumberOf } from '../../shared/contract/checkout.ts'
import { isUuid } from '../../shared/ids.ts'
import type { ProductSummary } from '../catalog/catalog.types.ts'
import type { Database, Executor } from '../db/client.ts'
import { AppError, notFound } from '../http/errors.ts'
import type { OrderSummaryRow } from './order-reports.service.ts'
import { billingViewOf } from './billing-view.ts'
import { accessOf, bundleNameOf, disputeViewOf, DOWNLOADABLE_ORDER_STATUSES, refundableItemIds, refundViewOf } from './order-views.ts'
import { refundAmountFor, refundedOrPendingCents } from './refund-allocation.ts'
import {
  orderAccessLinks,
  orderDisputes,
  orderItems,
  orderRefunds,
  orders,
  refundRequests,
  type OrderAccessLinkRow,
  type OrderItemRow,
  type OrderRow,
  type RefundRequestRow,
} from './orders.schema.ts'

const DAY_MS = 24 * 60 * 60 * 1000

export type AdminOrderRecord = OrderRow & {
  items: OrderItemRow[]
  refunds: (typeof orderRefunds.$inferSelect)[]
  disputes: (typeof orderDisputes.$inferSelect)[]
  /** Refunds asked of the payment provider that have not come back yet. */
  refundRequests: Pick<RefundRequestRow, 'orderItemIds' | 'amountCents'>[]
  /** The order's private links, newest first. */
  accessLinks: OrderAccessLinkRow[]
}

export type DownloadsChange = { before: { downloadsRemaining: number }; after: { downloadsRemaining: number; added: number } }

/** An order as the owner's order page shows it, without what other capabilities add (the download log, the audit trail). */
export function toAdminOrderView(order: AdminOrderRecord, products: Map<string, ProductSummary>): Omit<AdminOrder, 'downloads' | 'history' | 'accessLinks'> {
  const pending = new Set(order.refundRequests.flatMap((request) => request.orderItemIds))
  const refundable = new Set([...refundableItemIds(order)].filter((id) => !pending.has(id)))
  // What refunding one item pays back now, priced as the refund itself is (pending refunds count as made).
  const alreadyRefundedCents = refundedOrPendingCents(order.refunds, order.refundRequests)
  const refundCentsOf = (itemId: string) => (refundable.has(itemId) ? refundAmountFor(order.items, order, alreadyRefundedCents, refundable, [itemId]) : 0)
  return {
    id: order.id,
    orderNumber: orderNumberOf(order.id),
    status: order.status,
    customerEmail: order.customerEmail,
    userId: order.userId,
    checkoutType: order.checkoutType,
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    taxCents: order.taxCents,
    totalAmountCents: order.totalAmountCents,
    refundedCents: order.refundedCents,
    currency: order.currency,
    promoCode: order.promoCode,
    paymentProvider: order.paymentProvider,
    paymentSessionId: order.paymentSessionId,
    paymentIntentId: order.paymentIntentId,
    cardLast4: order.cardLast4,
    createdAt: order.createdAt.toISOString(),
    completedAt: order.completedAt?.toISOString() ?? null,
    billingDetails: billingViewOf(order.billingDetails),
    refundable: refundable.size > 0,
    items: order.items.map((item) => ({
      id: item.id,
      productId: item.productId,
      name: products.get(item.productId)?.name ?? 'Product',
      quantity: item.quantity,
      priceCents: item.priceCents,
      downloadLimit: item.downloadLimit,
      downloadsRemaining: item.downloadsRemaining,
      access: accessOf(item),
      refundable: refundable.has(item.id),
      refundPending: pending.has(item.id) && item.access !== 'revoked',
      refundCents: refundCentsOf(item.id),
      ...(item.parentItemId !== null ? { includedIn: bundleNameOf(item, order.items, products) } : {}),
    })),
    refunds: order.refunds.map(refundViewOf),
    disputes: order.disputes.map(disputeViewOf),
  }
}

/** The order's private links as its page lists them, each with the downloads of the order's log that came through it. */
export function toAccessLinkViews(links: OrderAccessLinkRow[], downloadLog: { accessLinkId: string | null }[]): AdminOrder['accessLinks'] {
  const downloadsThrough = new Map<string, number>()
  for (const entry of downloadLog) if (entry.accessLinkId) downloadsThrough.set(entry.accessLinkId, (downloadsThrough.get(entry.accessLinkId) ?? 0) + 1)
  return links.map((link) => ({
    id: link.id,
    createdAt: link.createdAt.toISOString(),
    revokedAt: link.revokedAt?.toISOString() ?? null,
    revokedBy: link.revokedBy,
    downloads: downloadsThrough.get(link.id) ?? 0,
  }))
}

export function createOrderAdminService(db: Database) {
  return {
    /** One page of orders, newest first, with their item counts and the total matching, in two indexed queries. */
    async adminOrders({ status, email, from, to, limit, offset }: AdminOrdersQuery): Promise<{ rows: OrderSummaryRow[]; total: number }> {
      const filters: SQL[] = []
      if (status) filters.push(eq(orders.status, status))
      if (email) filters.push(ilike(orders.customerEmail, `%${email.replace(/[\\%_]/g, (match) => `\\${match}`)}%`))
      if (from) filters.push(gte(orders.createdAt, new Date(`${from}T00:00:00Z`)))
      if (to) filters.push(lt(orders.createdAt, new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY_MS)))
      const where = and(...filters)
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            id: orders.id,
            status: orders.status,
            customerEmail: orders.customerEmail,
            totalAmountCents: orders.totalAmountCents,
            refundedCents: orders.refundedCents,
            createdAt: orders.createdAt,
            items: sql<number>`count(${orderItems.id})::int`,
          })
          .from(orders)
          .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
          .where(where)
          .groupBy(orders.id)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(orders).where(where),
      ])
      return { rows, total: counted?.total ?? 0 }
    },

    /** Any order with its items, refunds and disputes; 404 for an unknown id. */
    async adminOrder(orderId: string): Promise<AdminOrderRecord> {
      const order = isUuid(orderId)
        ? await db.query.orders.findFirst({
            where: eq(orders.id, orderId),
            with: {
              items: { orderBy: [asc(orderItems.createdAt), asc(orderItems.id)] },
              refunds: { orderBy: [asc(orderRefunds.createdAt)] },
              disputes: { orderBy: [asc(orderDisputes.openedAt)] },
              refundRequests: { columns: { orderItemIds: true, amountCents: true }, where: eq(refundRequests.status, 'pending') },
              accessLinks: { orderBy: [desc(orderAccessLinks.createdAt)] },
            },
          })
        : undefined
      if (!order) throw notFound(MESSAGES.notFound)
      return order
    },

    /** Gives an item `added` more downloads; only an item its buyer may still download. */
    async addDownloads(orderId: string, orderItemId: string, added: number, audit: (tx: Executor, change: DownloadsChange) => Promise<void>): Promise<number> {
      if (!isUuid(orderId) || !isUuid(orderItemId)) throw notFound(MESSAGES.itemNotFound)
      return db.transaction(async (tx) => {
        const [item] = await tx
          .select({ remaining: orderItems.downloadsRemaining, access: orderItems.access, status: orders.status })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .where(and(eq(orderItems.id, orderItemId), eq(orderItems.orderId, orderId)))
          .for('update')
        if (!item) throw notFound(MESSAGES.itemNotFound)
        if (item.access !== 'active' || !(DOWNLOADABLE_ORDER_STATUSES as readonly string[]).includes(item.status))
          throw new AppError(409, 'NOT_DOWNLOADABLE', MESSAGES.notDownloadable)
        const [updated] = await tx
          .update(orderItems)
          .set({ downloadsRemaining: sql`${orderItems.downloadsRemaining} + ${added}` })
          .where(eq(orderItems.id, orderItemId))
          .returning({ remaining: orderItems.downloadsRemaining })
        await audit(tx, { before: { downloadsRemaining: item.remaining }, after: { downloadsRemaining: updated!.remaining, added } })
        return updated!.remaining
      })
    },
  }
}

export type OrderAdminService = ReturnType<typeof createOrderAdminService>
