/**
 * Fulfilment: the one idempotent step that turns a paid payment session into a COMPLETED
 * order, called by the webhook and by the success page's lookup, in any order and any number
 * of times. The event id is recorded and the order row locked in the same transaction, the
 * state is re-checked under the lock, the paid amount must equal the order total, and the
 * receipt is claimed by a conditional update so a retry can never send a second one.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { CartService } from '../cart/cart.service.ts'
import type { CatalogService } from '../catalog/catalog.service.ts'
import type { Database, Executor } from '../db/client.ts'
import type { Mailer } from '../email/mailer.ts'
import type { PromoService } from '../promo/promo.service.ts'
import { recordProcessedEvent } from '../payments/payments.service.ts'
import type { PaymentCheckoutSession, PaymentProvider } from '../payments/provider.ts'
import { orderItems, orders, type OrderRow } from './orders.schema.ts'
import type { createPendingOrders } from './pending-orders.ts'
import { licenceCodeOf } from './licence.ts'
import { receiptEmail } from './receipt-email.ts'

export type FulfilOutcome =
  /** This call completed the order. */
  | 'completed'
  /** The event was processed before: nothing was read or changed. */
  | 'duplicate-event'
  /** The order had already left PENDING (completed, cancelled or failed). */
  | 'not-pending'
  /** The session is not paid (yet). */
  | 'unpaid'
  /** Paid amount or currency differs from the order: not fulfilled, order FAILED, logged. */
  | 'amount-mismatch'
  /** No order holds this session. */
  | 'unknown-order'

export interface FulfilResult {
  outcome: FulfilOutcome
  order: OrderRow | null
}

export interface EventRef {
  /** The provider event's id: a second delivery of the same id changes nothing. */
  eventId?: string
  eventType?: string
}

export interface FulfilmentDeps {
  db: Database
  licenceSecret: string
  catalog: Pick<CatalogService, 'productSummariesByIds'>
  cart: Pick<CartService, 'removeProducts'>
  promo: Pick<PromoService, 'redeem'>
  pendingOrders: Pick<ReturnType<typeof createPendingOrders>, 'endPendingOrder'>
  mailer: Mailer
  publicUrl: string
  log: FastifyBaseLogger
  /** Asked for the paying card when an event's session does not carry it (Stripe's events do not). */
  payments: () => PaymentProvider
}

async function lockOrderBySession(tx: Executor, sessionId: string): Promise<OrderRow | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.paymentSessionId, sessionId)).for('update')
  return order ?? null
}

export function createFulfilment({ db, licenceSecret, catalog, cart, promo, pendingOrders, mailer, publicUrl, log, payments }: FulfilmentDeps) {
  const { endPendingOrder } = pendingOrders

  /** The order's items with their products' names and digital flags, in item order. */
  async function itemsWithProducts(orderId: string) {
    const items = await db
      .select({ productId: orderItems.productId, quantity: orderItems.quantity, priceCents: orderItems.priceCents })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.createdAt), asc(orderItems.id))
    const products = await catalog.productSummariesByIds(items.map((item) => item.productId))
    return items.map((item) => ({ ...item, name: products.get(item.productId)?.name ?? 'Product', isDigital: products.get(item.productId)?.isDigital ?? true }))
  }

  /**
   * What leaves the buyer's server cart when the order is paid: every bought product for a cart
   * checkout; for Buy Now only digital downloads (now owned), so the rest of the cart stays.
   * Read before the paying transaction (an order's items never change).
   */
  async function productsLeavingCart(order: Pick<OrderRow, 'id' | 'userId' | 'checkoutType'>): Promise<string[]> {
    if (!order.userId) return []
    const items = await itemsWithProducts(order.id)
    return items.filter((item) => order.checkoutType === 'cart' || item.isDigital).map((item) => item.productId)
  }

  /** The session with the card's last four and the payment intent filled in from the provider, while the order still waits for them. */
  async function withPaymentDetails(session: PaymentCheckoutSession, order: Pick<OrderRow, 'status'> | undefined): Promise<PaymentCheckoutSession> {
    if (session.paymentStatus !== 'paid' || (session.cardLast4 !== null && session.paymentIntentId !== null)) return session
    if (order?.status !== 'PENDING') return session
    const fresh = await payments().retrieveCheckoutSession(session.id).catch((error: unknown) => {
      log.warn({ err: error, sessionId: session.id }, 'could not read the payment details of a paid session')
      return null
    })
    if (fresh?.id !== session.id) return session
    return { ...session, cardLast4: session.cardLast4 ?? fresh.cardLast4, paymentIntentId: session.paymentIntentId ?? fresh.paymentIntentId }
  }

  /** Marks the order COMPLETED once; every later call (or redelivered event) leaves it as it is. */
  async function fulfilCheckoutSession(received: PaymentCheckoutSession, { eventId, eventType = 'checkout.session.completed' }: EventRef = {}): Promise<FulfilResult> {
    const [before] = await db
      .select({ id: orders.id, status: orders.status, userId: orders.userId, checkoutType: orders.checkoutType })
      .from(orders)
      .where(eq(orders.paymentSessionId, received.id))
    const session = await withPaymentDetails(received, before)
    const leavingCart = before?.status === 'PENDING' && session.paymentStatus === 'paid' ? await productsLeavingCart(before) : []
    const result = await db.transaction(async (tx): Promise<FulfilResult> => {
      if (eventId && !(await recordProcessedEvent(tx, eventId, eventType))) return { outcome: 'duplicate-event', order: null }
      const order = await lockOrderBySession(tx, session.id)
      if (!order) {
        const paid = session.paymentStatus === 'paid'
        log[paid ? 'error' : 'warn']({ sessionId: session.id, orderId: session.metadata.orderId, paid }, 'payment session belongs to no order')
        return { outcome: 'unknown-order', order: null }
      }
      if (order.status !== 'PENDING') return { outcome: 'not-pending', order }
      if (session.status !== 'complete' || session.paymentStatus !== 'paid') return { outcome: 'unpaid', order }
      if (session.amountTotalCents !== order.totalAmountCents || session.currency.toLowerCase() !== order.currency.toLowerCase()) {
        log.error(
          {
            orderId: order.id,
            sessionId: session.id,
            paidCents: session.amountTotalCents,
            orderTotalCents: order.totalAmountCents,
            paidCurrency: session.currency,
            orderCurrency: order.currency,
          },
          `payment amount ${session.amountTotalCents} ${session.currency} does not match order total ${order.totalAmountCents} ${order.currency}: order not fulfilled`,
        )
        const failed = await endPendingOrder(tx, order.id, 'FAILED')
        return { outcome: 'amount-mismatch', order: failed ?? order }
      }
      const [completed] = await tx
        .update(orders)
        .set({
          status: 'COMPLETED',
          completedAt: sql`now()`,
          updatedAt: sql`now()`,
          cardLast4: session.cardLast4,
          paymentIntentId: session.paymentIntentId,
        })
        .where(eq(orders.id, order.id))
        .returning()
      await promo.redeem(tx, order.id)
      if (order.userId && order.id === before?.id) await cart.removeProducts(order.userId, leavingCart, tx)
      return { outcome: 'completed', order: completed! }
    })
    if (result.order?.status === 'COMPLETED') await sendReceiptOnce(result.order.id)
    return result
  }

  /** An expired (CANCELLED) or failed (FAILED) session: the PENDING order ends and its promo use is released. */
  async function endCheckoutSession(session: PaymentCheckoutSession, status: 'CANCELLED' | 'FAILED', { eventId, eventType = 'checkout.session.expired' }: EventRef = {}): Promise<FulfilResult> {
    return db.transaction(async (tx): Promise<FulfilResult> => {
      if (eventId && !(await recordProcessedEvent(tx, eventId, eventType))) return { outcome: 'duplicate-event', order: null }
      const order = await lockOrderBySession(tx, session.id)
      if (!order) return { outcome: 'unknown-order', order: null }
      if (order.status !== 'PENDING') return { outcome: 'not-pending', order }
      // A session can be paid while its expiry event is in flight: never cancel a paid order.
      if (session.paymentStatus === 'paid') return { outcome: 'not-pending', order }
      const ended = await endPendingOrder(tx, order.id, status)
      return { outcome: 'not-pending', order: ended ?? order }
    })
  }

  /** Sends the receipt of a COMPLETED order unless it went out already; a failed send can be retried. */
  async function sendReceiptOnce(orderId: string): Promise<void> {
    const [claimed] = await db
      .update(orders)
      .set({ receiptSentAt: sql`now()` })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'COMPLETED'), isNull(orders.receiptSentAt)))
      .returning()
    if (!claimed) return
    try {
      await mailer.send(receiptEmail(claimed, await itemsWithProducts(orderId), publicUrl, licenceCodeOf(orderId, licenceSecret)))
    } catch (error) {
      log.error({ err: error, orderId }, 'receipt email failed; it will be retried on the next lookup')
      await db.update(orders).set({ receiptSentAt: null }).where(eq(orders.id, orderId))
    }
  }

  return { fulfilCheckoutSession, endCheckoutSession, sendReceiptOnce }
}

