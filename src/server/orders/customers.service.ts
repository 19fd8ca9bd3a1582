/**
 * The orders side of the owner's customers: the list (every address that paid, grouped
 * case-insensitively, found by email, checkout name or the accounts the caller names), one
 * customer's orders with their items, refunds and disputes and what they paid, and moving a
 * customer's orders to a corrected address. Money is counted as the dashboard counts revenue
 * (order-reports.service.ts): paid, less refunds, without the tax collected.
 */
import { and, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import { CUSTOMER_ORDERS_SHOWN, type CustomerOrder, type CustomersQuery } from '../../shared/contract/admin-customers.ts'
import { orderNumberOf } from '../../shared/contract/checkout.ts'
import type { ProductSummary } from '../catalog/catalog.types.ts'
import type { Database, Executor } from '../db/client.ts'
import { keptNetCents } from './order-reports.service.ts'
import { accessOf, disputeViewOf, refundViewOf } from './order-views.ts'
import { orderDisputes, orderItems, orderRefunds, orders, PAID_ORDER_STATUSES, type OrderItemRow, type OrderRow } from './orders.schema.ts'

const paid = inArray(orders.status, [...PAID_ORDER_STATUSES])
/** The same expression as orders_guest_email_idx, so the partial index serves guest lookups. */
const lowerEmail = sql<string>`lower(${orders.customerEmail})`
/** The name typed at checkout, `First Last`, or an empty string. */
const checkoutName = sql<string>`trim(concat_ws(' ', ${orders.billingDetails} ->> 'firstName', ${orders.billingDetails} ->> 'lastName'))`
/** A LIKE pattern matching the text itself. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`

export interface CustomerListRow {
  email: string
  userId: string | null
  /** The newest name given at checkout; empty when none was. */
  checkoutName: string
  orders: number
  spentCents: number
  lastOrderAt: Date
}

/** Whose orders: an account's own (with the guest orders at its address not yet joined), or a guest's address. */
export type CustomerOrdersOf = { userId: string; email: string } | { userId: null; email: string }

export type CustomerOrderRecord = OrderRow & {
  items: OrderItemRow[]
  refunds: (typeof orderRefunds.$inferSelect)[]
  disputes: (typeof orderDisputes.$inferSelect)[]
}

export interface CustomerTotals {
  orders: number
  paidOrders: number
  paidCents: number
  refundedCents: number
  firstOrderAt: Date | null
  /** The newest name given at checkout; empty when none was. */
  checkoutName: string
}

/** An order as the customer's page lists it, each item with the downloads its grants used (`downloads`, by order item) and those left. */
export function toCustomerOrderView(
  order: CustomerOrderRecord,
  products: Map<string, ProductSummary>,
  downloads: Map<string, { used: number; lastAt: Date }>,
): CustomerOrder {
  return {
    id: order.id,
    orderNumber: orderNumberOf(order.id),
    status: order.status,
    customerEmail: order.customerEmail,
    guest: order.userId === null,
    createdAt: order.createdAt.toISOString(),
    totalAmountCents: order.totalAmountCents,
    taxCents: order.taxCents,
    refundedCents: order.refundedCents,
    items: order.items.map((item) => ({
      id: item.id,
      productId: item.productId,
      name: products.get(item.productId)?.name ?? 'Product',
      quantity: item.quantity,
      priceCents: item.priceCents,
      access: accessOf(item),
      downloadsUsed: downloads.get(item.id)?.used ?? 0,
      downloadsRemaining: item.downloadsRemaining,
      lastDownloadAt: downloads.get(item.id)?.lastAt.toISOString() ?? null,
    })),
    refunds: order.refunds.map(refundViewOf),
    disputes: order.disputes.map(disputeViewOf),
  }
}

function ordersOf(customer: CustomerOrdersOf): SQL {
  const guestAtAddress = and(isNull(orders.userId), sql`${lowerEmail} = ${customer.email.toLowerCase()}`)!
  return customer.userId === null ? guestAtAddress : or(eq(orders.userId, customer.userId), guestAtAddress)!
}

export function createCustomersService(db: Database) {
  return {
    /**
     * Everyone who paid for an order, most spent first, in one grouped query; `search` matches part
     * of the email or of the name given at checkout, and `userIds` (accounts whose name matched)
     * find those accounts' orders too.
     */
    async customers({ search, limit, offset }: CustomersQuery, userIds: readonly string[] = []): Promise<{ rows: CustomerListRow[]; total: number }> {
      const matches = search
        ? or(
            ilike(orders.customerEmail, containing(search)),
            ilike(checkoutName, containing(search)),
            userIds.length > 0 ? inArray(orders.userId, [...userIds]) : undefined,
          )
        : undefined
      const rows = await db
        .select({
          email: lowerEmail,
          userId: sql<string | null>`max(${orders.userId})`,
          checkoutName: sql<string>`coalesce((array_agg(${checkoutName} order by ${orders.createdAt} desc) filter (where ${checkoutName} <> ''))[1], '')`,
          orders: sql<number>`count(*)::int`,
          spentCents: keptNetCents,
          lastOrderAt: sql<Date>`max(${orders.createdAt})`,
          total: sql<number>`(count(*) over ())::int`,
        })
        .from(orders)
        .where(and(paid, matches))
        .groupBy(lowerEmail)
        .orderBy(desc(keptNetCents), lowerEmail)
        .limit(limit)
        .offset(offset)
      return { rows: rows.map(({ total: _total, lastOrderAt, ...row }) => ({ ...row, lastOrderAt: new Date(lastOrderAt) })), total: rows[0]?.total ?? 0 }
    },

    /** The customer's newest orders (every status) with their items, refunds and disputes, in one query. */
    customerOrders(customer: CustomerOrdersOf): Promise<CustomerOrderRecord[]> {
      return db.query.orders.findMany({
        where: ordersOf(customer),
        orderBy: [desc(orders.createdAt), desc(orders.id)],
        limit: CUSTOMER_ORDERS_SHOWN,
        with: {
          items: { orderBy: [orderItems.createdAt, orderItems.id] },
          refunds: { orderBy: [orderRefunds.createdAt] },
          disputes: { orderBy: [orderDisputes.openedAt] },
        },
      })
    },

    /** What the customer's orders add up to, over all of them (not only the ones shown), in two grouped queries. */
    async customerTotals(customer: CustomerOrdersOf): Promise<CustomerTotals> {
      const [[all], [paidRow]] = await Promise.all([
        db
          .select({
            orders: count(),
            firstOrderAt: sql<Date | null>`min(${orders.createdAt})`,
            checkoutName: sql<string>`coalesce((array_agg(${checkoutName} order by ${orders.createdAt} desc) filter (where ${checkoutName} <> ''))[1], '')`,
          })
          .from(orders)
          .where(ordersOf(customer)),
        db
          .select({ paidOrders: count(), paidCents: keptNetCents, refundedCents: sql<number>`coalesce(sum(${orders.refundedCents}), 0)::int` })
          .from(orders)
          .where(and(paid, ordersOf(customer))),
      ])
      return {
        orders: all?.orders ?? 0,
        firstOrderAt: all?.firstOrderAt ? new Date(all.firstOrderAt) : null,
        checkoutName: all?.checkoutName ?? '',
        paidOrders: paidRow?.paidOrders ?? 0,
        paidCents: paidRow?.paidCents ?? 0,
        refundedCents: paidRow?.refundedCents ?? 0,
      }
    },

    /**
     * Moves the customer's orders at `from` (any case) to `to`, in the caller's transaction: a
     * guest's orders, or an account's own and the guest orders at its address. An order's private
     * links name the order, not the address, so they keep working. Answers how many moved.
     */
    async moveOrdersToEmail(tx: Executor, customer: CustomerOrdersOf, from: string, to: string): Promise<number> {
      const moved = await tx
        .update(orders)
        .set({ customerEmail: to, updatedAt: sql`now()` })
        .where(
          and(
            sql`${lowerEmail} = ${from.toLowerCase()}`,
            customer.userId === null ? isNull(orders.userId) : or(isNull(orders.userId), eq(orders.userId, customer.userId)),
          ),
        )
        .returning({ id: orders.id })
      return moved.length
    },

    /** Locks a guest's orders at this address (any case) for an email change; answers how many there are (none: no such guest). */
    async lockGuestOrders(tx: Executor, email: string): Promise<number> {
      const rows = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(isNull(orders.userId), sql`${lowerEmail} = ${email.toLowerCase()}`))
        .for('update')
      return rows.length
    },
  }
}

export type CustomersService = ReturnType<typeof createCustomersService>
