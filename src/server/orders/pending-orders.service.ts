/**
 * Orders before they are paid, as checkout asks for them: the per-buyer lock that serialises a
 * buyer's checkouts, the buyer's PENDING orders, writing a new PENDING order with its items,
 * ending one (CANCELLED or FAILED, its promo use and reserved serials given back), attaching its payment session,
 * and, to pay an order again, the buyer's own order and its lines. Every state change is a
 * conditional update, so two processes ending or attaching the same order do it once.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { isUuid } from '../../shared/ids.ts'
import type { OrderTaxDetails } from '../../shared/tax/tax-types.ts'
import type { CatalogReadsService } from '../catalog/catalog-reads.service.ts'
import type { Database, Executor } from '../db/client.ts'
import type { CheckoutLineItem } from '../payments/provider.ts'
import type { PromoService } from '../promo/promo.service.ts'
import type { OrderLicenceKeys } from './order-dependents.types.ts'
import { orderItems, orders, type BillingDetails, type CheckoutType, type OrderRow, type OrderStatus } from './orders.schema.ts'
import type { Buyer } from './orders.types.ts'

/** One key per buyer: the user id, or a guest's email. */
export const buyerKey = (buyer: Buyer) => (buyer.kind === 'user' ? `user:${buyer.userId}` : `guest:${buyer.email}`)

const buyerCondition = (buyer: Buyer) =>
  buyer.kind === 'user' ? eq(orders.userId, buyer.userId) : and(isNull(orders.userId), eq(orders.customerEmail, buyer.email))

/** First key of our advisory locks, so they never collide with another feature's. */
const CHECKOUT_LOCK_NAMESPACE = 5_307_311

export interface NewOrderItem {
  productId: string
  quantity: number
  /** What one unit costs the buyer (the sale price, their amount, a bundle's completion price), in cents. */
  unitPriceCents: number
  /** The regular unit price before a sale or a bundle's completion, in cents. */
  regularPriceCents?: number | null
  /** The automatic sale that priced it. */
  saleId?: string | null
  downloadLimit: number
  /** A bundle: the items it grants, each written as an order item of its own (price 0) under this one. */
  bundle?: { items: { productId: string; downloadLimit: number }[] } | null
}

export interface NewPendingOrder {
  buyer: Buyer
  checkoutType: CheckoutType
  subtotalCents: number
  discountCents: number
  taxCents: number
  totalCents: number
  promo: { id: string; code: string } | null
  billingDetails: BillingDetails | null
  /** The tax the order was priced with, the buyer's VAT number and where the buyer is. */
  taxDetails: OrderTaxDetails | null
  paymentProvider: string
  /** Same buyer, lines, prices, promo and return settings → same fingerprint. */
  cartFingerprint: string
  items: NewOrderItem[]
}

export type EndStatus = Extract<OrderStatus, 'CANCELLED' | 'FAILED'>

export interface PendingOrdersServiceDeps {
  db: Database
  promo: Pick<PromoService, 'release'>
  /** Names an order's lines for its payment session. */
  catalog: Pick<CatalogReadsService, 'productSummariesByIds'>
  /** Serials reserved for an order go back to the pool when it ends unpaid. */
  licenceKeys: Pick<OrderLicenceKeys, 'releaseReservations'>
}

export function createPendingOrdersService({ db, promo, catalog, licenceKeys }: PendingOrdersServiceDeps) {
  /** Serialises the buyer's checkouts until the transaction ends (harmless on PGlite, which has one connection). */
  async function lockBuyer(tx: Executor, buyer: Buyer): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${CHECKOUT_LOCK_NAMESPACE}, hashtext(${buyerKey(buyer)}))`)
  }

  /**
   * Ends a PENDING order as CANCELLED or FAILED and gives its promo use back. Answers the order
   * when this call ended it, null when it was no longer PENDING (or, with `sessionId`, no longer
   * on that payment session).
   */
  async function endPendingOrder(tx: Executor, orderId: string, status: EndStatus, sessionId?: string | null): Promise<OrderRow | null> {
    const conditions = [eq(orders.id, orderId), eq(orders.status, 'PENDING')]
    if (sessionId !== undefined) conditions.push(sessionId === null ? isNull(orders.paymentSessionId) : eq(orders.paymentSessionId, sessionId))
    const [ended] = await tx
      .update(orders)
      .set({ status, updatedAt: sql`now()` })
      .where(and(...conditions))
      .returning()
    if (!ended) return null
    await promo.release(tx, orderId)
    await licenceKeys.releaseReservations(tx, orderId)
    return ended
  }

  return {
    lockBuyer,
    endPendingOrder,

    /** Ends a PENDING order in a transaction of its own. */
    endPendingOrderNow(orderId: string, status: EndStatus, sessionId?: string | null): Promise<OrderRow | null> {
      return db.transaction((tx) => endPendingOrder(tx, orderId, status, sessionId))
    },

    /** The buyer's PENDING orders, locked until the transaction ends; call under lockBuyer. */
    pendingOrdersOf(tx: Executor, buyer: Buyer): Promise<OrderRow[]> {
      return tx
        .select()
        .from(orders)
        .where(and(buyerCondition(buyer), eq(orders.status, 'PENDING')))
        .for('update')
    },

    /** Writes a PENDING order, without a payment session yet, and its items. */
    async createPendingOrder(tx: Executor, order: NewPendingOrder): Promise<OrderRow> {
      const [row] = await tx
        .insert(orders)
        .values({
          userId: order.buyer.kind === 'user' ? order.buyer.userId : null,
          customerEmail: order.buyer.email,
          checkoutType: order.checkoutType,
          subtotalCents: order.subtotalCents,
          discountCents: order.discountCents,
          taxCents: order.taxCents,
          totalAmountCents: order.totalCents,
          currency: 'usd',
          promoCodeId: order.promo?.id ?? null,
          promoCode: order.promo?.code ?? null,
          billingDetails: order.billingDetails,
          taxDetails: order.taxDetails,
          paymentProvider: order.paymentProvider,
          cartFingerprint: order.cartFingerprint,
        })
        .returning()
      const written = await tx
        .insert(orderItems)
        .values(
          order.items.map((item) => ({
            orderId: row!.id,
            productId: item.productId,
            quantity: item.quantity,
            priceCents: item.unitPriceCents,
            regularPriceCents: item.regularPriceCents ?? null,
            saleId: item.saleId ?? null,
            downloadLimit: item.downloadLimit,
            downloadsRemaining: item.downloadLimit * item.quantity,
          })),
        )
        .returning({ id: orderItems.id, productId: orderItems.productId })
      const granted = order.items.flatMap((item) => {
        const parentItemId = written.find((line) => line.productId === item.productId)!.id
        return (item.bundle?.items ?? []).map((child) => ({
          orderId: row!.id,
          productId: child.productId,
          quantity: 1,
          priceCents: 0,
          parentItemId,
          downloadLimit: child.downloadLimit,
          downloadsRemaining: child.downloadLimit,
        }))
      })
      if (granted.length > 0) await tx.insert(orderItems).values(granted)
      return row!
    },

    /** Who placed each order: its receipt address and account (licence keys email a serial sent later). */
    async buyersOf(tx: Executor, orderIds: readonly string[]): Promise<Map<string, { email: string; userId: string | null }>> {
      const ids = [...new Set(orderIds)]
      if (ids.length === 0) return new Map()
      const rows = await tx.select({ id: orders.id, email: orders.customerEmail, userId: orders.userId }).from(orders).where(inArray(orders.id, ids))
      return new Map(rows.map((row) => [row.id, { email: row.email, userId: row.userId }]))
    },

    /** The order's items (a bundle's granted ones too), as checkout reserves their serials. */
    itemRefsOf(tx: Executor, orderId: string): Promise<{ id: string; productId: string; quantity: number }[]> {
      return tx
        .select({ id: orderItems.id, productId: orderItems.productId, quantity: orderItems.quantity })
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.createdAt), asc(orderItems.id))
    },

    /**
     * Points a PENDING order at its payment session, under the buyer's lock: a checkout claiming
     * the buyer's orders holds the same lock, so it sees this order either without a session
     * (and ends it, so this call finds it gone) or with one (and replaces it). False when the
     * order is no longer PENDING on `previousSessionId` (null: no session yet).
     */
    attachPaymentSession(order: { id: string; buyer: Buyer }, sessionId: string, previousSessionId: string | null): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockBuyer(tx, order.buyer)
        const previous = previousSessionId === null ? isNull(orders.paymentSessionId) : eq(orders.paymentSessionId, previousSessionId)
        const attached = await tx
          .update(orders)
          .set({ paymentSessionId: sessionId, updatedAt: sql`now()` })
          .where(and(eq(orders.id, order.id), eq(orders.status, 'PENDING'), previous))
          .returning({ id: orders.id })
        return attached.length > 0
      })
    },

    /** The signed-in user's own order, or null (another user's order does not exist for them). */
    async findOwnOrder(userId: string, orderId: string): Promise<OrderRow | null> {
      if (!isUuid(orderId)) return null
      const [order] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      return order ?? null
    },

    /** An order's lines as a payment session lists them: product name, unit price paid, quantity. */
    async paymentLinesOf(orderId: string): Promise<CheckoutLineItem[]> {
      const [order] = await db.query.orders.findMany({
        where: eq(orders.id, orderId),
        with: { items: { orderBy: [asc(orderItems.createdAt), asc(orderItems.id)] } },
      })
      if (!order) return []
      // The items a bundle granted are paid for by the bundle's line.
      const paid = order.items.filter((item) => item.parentItemId === null)
      const products = await catalog.productSummariesByIds(paid.map((item) => item.productId))
      return paid.map((item) => ({
        productId: item.productId,
        name: products.get(item.productId)?.name ?? 'Product',
        unitAmountCents: item.priceCents,
        quantity: item.quantity,
      }))
    },
  }
}

export type PendingOrdersService = ReturnType<typeof createPendingOrdersService>

/** The buyer an order was placed by. */
export function buyerOf(order: Pick<OrderRow, 'userId' | 'customerEmail'>): Buyer {
  return order.userId ? { kind: 'user', userId: order.userId, email: order.customerEmail } : { kind: 'guest', email: order.customerEmail }
}
