/**
 * The owner's figures from orders, each one grouped query: sales per day, best-selling products,
 * refunds (the customers list is customers.service.ts's).
 */
import { and, desc, eq, gte, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm'
import { PAID_ORDER_STATUSES } from '../../shared/contract/checkout.ts'
import type { Database } from '../db/client.ts'
import { FREE_PAYMENT_PROVIDER } from './free-orders.service.ts'
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
/**
 * What was paid for a line without tax: its share of what the order charged less the tax (the
 * order's discount and any tax inside the prices spread in proportion to the line's price).
 */
const lineNetCents = sql<number>`coalesce(round((${orderItems.priceCents} * ${orderItems.quantity})::numeric * (${orders.totalAmountCents} - ${orders.taxCents}) / nullif(${orders.subtotalCents}, 0)), 0)`

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

    /**
     * Checkouts begun and orders paid in [from, to): a checkout is an order created by it (a retry
     * of the same cart reuses its order), paid when it completed in the period; free claims are
     * not checkouts. One query over the created and completed indexes.
     */
    async checkoutsBetween(from: Date, to: Date): Promise<{ started: number; paid: number }> {
      const started = and(gte(orders.createdAt, from), lt(orders.createdAt, to))
      const paidInPeriod = and(paid, gte(orders.completedAt, from), lt(orders.completedAt, to))
      const [row] = await db
        .select({
          started: sql<number>`count(*) filter (where ${started})::int`,
          paid: sql<number>`count(*) filter (where ${paidInPeriod})::int`,
        })
        .from(orders)
        .where(and(ne(orders.paymentProvider, FREE_PAYMENT_PROVIDER), or(started, paidInPeriod)))
      return row ?? { started: 0, paid: 0 }
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
