/**
 * The owner's figures from orders, each one grouped query: sales per day, best-selling products,
 * refunds (the customers list is customers.service.ts's).
 */
import { and, desc, eq, gte, inArray, isNotNull, ne, sql } from 'drizzle-orm'
import { PAID_ORDER_STATUSES } from '../../shared/contract/checkout.ts'
import type { Database } from '../db/client.ts'
import { orderItems, orderRefunds, orders, type OrderStatus } from './orders.schema.ts'

const paid = inArray(orders.status, [...PAID_ORDER_STATUSES])
/**
 * The tax a refund gave back: the refunded part of the total carries the same share of tax as
 * the whole (refunded × tax / total), rounded once per order as the order's tax was.
 */
const refundedTaxCents = sql<number>`coalesce(round(${orders.refundedCents}::numeric * ${orders.taxCents} / nullif(${orders.totalAmountCents}, 0)), 0)`
/**
 * What the store earned from its orders: the tax it collects is the tax office's, so revenue is
 * what was kept after refunds less the tax still held on it.
 */
export const keptNetCents = sql<number>`coalesce(sum(${orders.totalAmountCents} - ${orders.refundedCents} - (${orders.taxCents} - ${refundedTaxCents})), 0)::int`
/** A line's price less the tax inside it, when the order's prices included tax (the line's share of the order's tax). */
const lineNetCents = sql<number>`${orderItems.priceCents} * ${orderItems.quantity} - case when (${orders.taxDetails} ->> 'pricesIncludeTax')::boolean
  then round((${orderItems.priceCents} * ${orderItems.quantity})::numeric * ${orders.taxCents} / nullif(${orders.subtotalCents}, 0)) else 0 end`

export interface DailySales {
  day: string
  orders: number
  revenueCents: number
}

export interface ProductSales {
  productId: string
  units: number
  revenueCents: number
}

export interface OrderSummaryRow {
  id: string
  status: OrderStatus
  customerEmail: string
  totalAmountCents: number
  refundedCents: number
  createdAt: Date
  items: number
}

/** What a timed sale did in paid orders (src/shared/contract/admin-sales.ts shows it). */
export interface SaleEffectRow {
  paidOrders: number
  units: number
  revenueCents: number
  discountCents: number
}

export function createOrderReportsService(db: Database) {
  return {
    /** Paid orders per UTC day since `since`, by the day they were paid, and their revenue without tax. */
    async salesPerDay(since: Date): Promise<DailySales[]> {
      const day = sql<string>`to_char(date_trunc('day', ${orders.completedAt} at time zone 'UTC'), 'YYYY-MM-DD')`
      return db
        .select({ day, orders: sql<number>`count(*)::int`, revenueCents: keptNetCents })
        .from(orders)
        .where(and(paid, gte(orders.completedAt, since)))
        .groupBy(day)
        .orderBy(day)
    },

    /** The products that brought in most since `since`, tax left out (items refunded or lost to a dispute left out). */
    topProducts(since: Date, limit: number): Promise<ProductSales[]> {
      const revenue = sql<number>`coalesce(sum(${lineNetCents}), 0)::int`
      return db
        .select({ productId: orderItems.productId, units: sql<number>`sum(${orderItems.quantity})::int`, revenueCents: revenue })
        .from(orderItems)
        .innerJoin(orders, eq(orderItems.orderId, orders.id))
        .where(and(paid, gte(orders.completedAt, since), ne(orderItems.access, 'revoked')))
        .groupBy(orderItems.productId)
        .orderBy(desc(revenue))
        .limit(limit)
    },

    /** What each promo code took off paid orders, in one grouped query. */
    async discountByPromoCode(): Promise<Map<string, number>> {
      const rows = await db
        .select({ promoCodeId: orders.promoCodeId, discountCents: sql<number>`sum(${orders.discountCents})::int` })
        .from(orders)
        .where(and(paid, isNotNull(orders.promoCodeId)))
        .groupBy(orders.promoCodeId)
      return new Map(rows.map((row) => [row.promoCodeId!, row.discountCents]))
    },

    /**
     * What each timed sale did in paid orders, refunded items left out: the orders with a line it
     * priced, their units, the revenue of those lines without tax and the discount given (the
     * regular price less the price paid, per unit), in one grouped query.
     */
    async effectBySale(): Promise<Map<string, SaleEffectRow>> {
      const rows = await db
        .select({
          saleId: orderItems.saleId,
          paidOrders: sql<number>`count(distinct ${orderItems.orderId})::int`,
          units: sql<number>`sum(${orderItems.quantity})::int`,
          revenueCents: sql<number>`coalesce(sum(${lineNetCents}), 0)::int`,
          discountCents: sql<number>`coalesce(sum(greatest(0, coalesce(${orderItems.regularPriceCents}, ${orderItems.priceCents}) - ${orderItems.priceCents}) * ${orderItems.quantity}), 0)::int`,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orderItems.orderId, orders.id))
        .where(and(paid, isNotNull(orderItems.saleId), ne(orderItems.access, 'revoked')))
        .groupBy(orderItems.saleId)
      return new Map(rows.map(({ saleId, ...effect }) => [saleId!, effect]))
    },

    /** Units of each product in paid orders, refunded items left out, in one grouped query. */
    async salesByProduct(): Promise<Map<string, number>> {
      const rows = await db
        .select({ productId: orderItems.productId, units: sql<number>`sum(${orderItems.quantity})::int` })
        .from(orderItems)
        .innerJoin(orders, eq(orderItems.orderId, orders.id))
        .where(and(paid, ne(orderItems.access, 'revoked')))
        .groupBy(orderItems.productId)
      return new Map(rows.map((row) => [row.productId, row.units]))
    },

    /** Refunds made since `since` that give money back: how many and how much. */
    async refundsSince(since: Date): Promise<{ refunds: number; refundedCents: number }> {
      const [row] = await db
        .select({ refunds: sql<number>`count(*)::int`, refundedCents: sql<number>`coalesce(sum(${orderRefunds.amountCents}), 0)::int` })
        .from(orderRefunds)
        .where(and(gte(orderRefunds.createdAt, since), sql`${orderRefunds.status} not in ('failed', 'canceled')`))
      return row ?? { refunds: 0, refundedCents: 0 }
    },
  }
}

export type OrderReportsService = ReturnType<typeof createOrderReportsService>
