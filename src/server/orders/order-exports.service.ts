/**
 * The orders capability's rows for the owner's CSV exports, read in keyset batches (a few hundred
 * rows a query, ordered by an indexed key and continued after the last row) so an export of any
 * length holds one batch in memory and works the same on PGlite, which has no cursors. Only paid
 * orders (completed, refunded, disputed) count: a pending or failed checkout sold nothing.
 */
import { and, asc, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm'
import { PAID_ORDER_STATUSES } from '../../shared/contract/checkout.ts'
import type { CatalogReadsService } from '../catalog/catalog-reads.service.ts'
import type { Database } from '../db/client.ts'
import { billingViewOf } from './billing-view.ts'
import { orderItems, orderRefunds, orders, type OrderStatus } from './orders.schema.ts'

/** Orders (or customers) read at a time. */
const EXPORT_BATCH = 500
const DAY_MS = 24 * 60 * 60 * 1000

const paid = inArray(orders.status, [...PAID_ORDER_STATUSES])

interface ExportedOrderItem {
  name: string
  quantity: number
  /** What the line cost at checkout: unit price paid × quantity, before the order's discount and tax. */
  priceCents: number
}

export interface ExportedOrder {
  id: string
  createdAt: Date
  status: OrderStatus
  customerEmail: string
  /** ISO 3166-1 alpha-2 from the billing address; null when the buyer gave none. */
  countryCode: string | null
  currency: string
  discountCents: number
  taxCents: number
  totalCents: number
  /** Refunded so far, pending refunds included. */
  refundedCents: number
  /** The latest refund that gives money back; null without one. */
  refundedAt: Date | null
  items: ExportedOrderItem[]
}

export interface ExportedCustomer {
  /** Lower-cased: one buyer whatever case they typed. */
  email: string
  /** The name on their latest order's billing details; null when they gave none. */
  name: string | null
  hasAccount: boolean
  firstOrderAt: Date
  lastOrderAt: Date
  orders: number
  /** Paid less refunded, tax included. */
  keptCents: number
}

/** Days inclusive, UTC, as the orders list and the tax report read them. */
interface ExportPeriod {
  from?: string | undefined
  to?: string | undefined
}

/** Continues after the last row of the previous batch; the time travels as PostgreSQL's text (microseconds a Date would round). */
interface OrderCursor {
  at: string
  id: string
}

function periodFilters({ from, to }: ExportPeriod): SQL[] {
  const filters: SQL[] = []
  if (from) filters.push(gte(orders.createdAt, new Date(`${from}T00:00:00Z`)))
  if (to) filters.push(lt(orders.createdAt, new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY_MS)))
  return filters
}

export type OrderExportsService = ReturnType<typeof createOrderExportsService>

export function createOrderExportsService({ db, catalog }: { db: Database; catalog: Pick<CatalogReadsService, 'productSummariesByIds'> }) {
  const orderBatch = (period: ExportPeriod, cursor: OrderCursor | null) =>
    db
      .select({
        id: orders.id,
        cursorAt: sql<string>`${orders.createdAt}::text`,
        createdAt: orders.createdAt,
        status: orders.status,
        customerEmail: orders.customerEmail,
        billingDetails: orders.billingDetails,
        currency: orders.currency,
        discountCents: orders.discountCents,
        taxCents: orders.taxCents,
        totalCents: orders.totalAmountCents,
        refundedCents: orders.refundedCents,
      })
      .from(orders)
      .where(
        and(paid, ...periodFilters(period), cursor ? sql`(${orders.createdAt}, ${orders.id}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined),
      )
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(EXPORT_BATCH)

  /** The batch's items (one query), their products' names (one query) and latest refunds (one grouped query). */
  async function withItems(batch: Awaited<ReturnType<typeof orderBatch>>): Promise<ExportedOrder[]> {
    const ids = batch.map((order) => order.id)
    const [items, refunds] = await Promise.all([
      db
        .select({ orderId: orderItems.orderId, productId: orderItems.productId, quantity: orderItems.quantity, priceCents: orderItems.priceCents })
        .from(orderItems)
        .where(inArray(orderItems.orderId, ids))
        .orderBy(asc(orderItems.orderId), asc(orderItems.createdAt), asc(orderItems.id)),
      db
        .select({ orderId: orderRefunds.orderId, at: sql<string>`max(${orderRefunds.createdAt})` })
        .from(orderRefunds)
        .where(and(inArray(orderRefunds.orderId, ids), sql`${orderRefunds.status} not in ('failed', 'canceled')`))
        .groupBy(orderRefunds.orderId),
    ])
    const names = await catalog.productSummariesByIds(items.map((item) => item.productId))
    const itemsByOrder = new Map<string, typeof items>()
    for (const item of items) {
      const listed = itemsByOrder.get(item.orderId)
      if (listed) listed.push(item)
      else itemsByOrder.set(item.orderId, [item])
    }
    const refundedAt = new Map(refunds.map((refund) => [refund.orderId, new Date(refund.at)]))
    return batch.map(({ cursorAt: _cursorAt, billingDetails, ...order }) => ({
      ...order,
      countryCode: billingViewOf(billingDetails)?.countryCode ?? null,
      refundedAt: refundedAt.get(order.id) ?? null,
      items: (itemsByOrder.get(order.id) ?? []).map((item) => ({
        name: names.get(item.productId)?.name ?? 'Product',
        quantity: item.quantity,
        priceCents: item.priceCents * item.quantity,
      })),
    }))
  }

  return {
    /** Every paid order placed in the period, oldest first, with its items, a batch at a time. */
    async *exportOrders(period: ExportPeriod): AsyncGenerator<ExportedOrder> {
      let cursor: OrderCursor | null = null
      for (;;) {
        const batch = await orderBatch(period, cursor)
        if (batch.length > 0) yield* await withItems(batch)
        if (batch.length < EXPORT_BATCH) return
        const last = batch.at(-1)!
        cursor = { at: last.cursorAt, id: last.id }
      }
    },

    /** Everyone who paid for an order, by email (any case), alphabetically, a batch at a time. */
    async *exportCustomers(): AsyncGenerator<ExportedCustomer> {
      // Byte order, so batches continue where the last ended whatever the database's collation.
      const email = sql<string>`lower(${orders.customerEmail}) collate "C"`
      const billingName = sql`nullif(trim(concat_ws(' ', ${orders.billingDetails} ->> 'firstName', ${orders.billingDetails} ->> 'lastName')), '')`
      let after: string | null = null
      for (;;) {
        const batch = await db
          .select({
            email,
            name: sql<string | null>`(array_remove(array_agg(${billingName} order by ${orders.createdAt} desc), null))[1]`,
            hasAccount: sql<boolean>`bool_or(${orders.userId} is not null)`,
            firstOrderAt: sql<string>`min(${orders.createdAt})`,
            lastOrderAt: sql<string>`max(${orders.createdAt})`,
            orders: sql<number>`count(*)::int`,
            keptCents: sql<number>`coalesce(sum(${orders.totalAmountCents} - ${orders.refundedCents}), 0)::int`,
          })
          .from(orders)
          .where(and(paid, after === null ? undefined : gt(email, after)))
          .groupBy(email)
          .orderBy(email)
          .limit(EXPORT_BATCH)
        yield* batch.map((row) => ({ ...row, firstOrderAt: new Date(row.firstOrderAt), lastOrderAt: new Date(row.lastOrderAt) }))
        if (batch.length < EXPORT_BATCH) return
        after = batch.at(-1)!.email
      }
    },
  }
}
