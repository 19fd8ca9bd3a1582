/**
 * Fulfilment: the one idempotent step that turns a paid payment session into a COMPLETED
 * order, called by the webhook and by the success page's lookup, in any order and any number
 * of times. The event id is recorded and the order row locked in the same transaction, the
 * state is re-checked under the lock, the paid amount must equal the order total, and the
 * receipt is claimed by a conditional update so a retry can never send a second one.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { isDigitalProduct } from '../../shared/product-view.ts'
import type { Database } from '../db/client.ts'
import { cartItems, orderItems, orders, processedPaymentEvents, products, promoRedemptions, type OrderRow } from '../db/schema.ts'
import type { Mailer } from '../email/mailer.ts'
import type { PaymentCheckoutSession, PaymentProvider } from '../payments/provider.ts'
import { endPendingOrder, type Executor } from './order-records.ts'
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
  mailer: Mailer
  publicUrl: string
  log: FastifyBaseLogger
  /** Asked for the paying card when an event's session does not carry it (Stripe's events do not). */
  payments: () => PaymentProvider
}

/** Records the event; false when it was recorded before (a redelivery). */
async function recordEvent(tx: Executor, eventId: string, type: string): Promise<boolean> {
  const inserted = await tx.insert(processedPaymentEvents).values({ eventId, type }).onConflictDoNothing().returning({ eventId: processedPaymentEvents.eventId })
  return inserted.length > 0
}

async function lockOrderBySession(tx: Executor, sessionId: string): Promise<OrderRow | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.paymentSessionId, sessionId)).for('update')
  return order ?? null
}

export function createFulfilment({ db, mailer, publicUrl, log, payments }: FulfilmentDeps) {
  /** The session with the card's last four and the payment intent filled in from the provider, while the order still waits for them. */
  async function withPaymentDetails(session: PaymentCheckoutSession): Promise<PaymentCheckoutSession> {
    if (session.paymentStatus !== 'paid' || (session.cardLast4 !== null && session.paymentIntentId !== null)) return session
    const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.paymentSessionId, session.id))
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
    const session = await withPaymentDetails(received)
    const result = await db.transaction(async (tx): Promise<FulfilResult> => {
      if (eventId && !(await recordEvent(tx, eventId, eventType))) return { outcome: 'duplicate-event', order: null }
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
      await tx
        .update(promoRedemptions)
        .set({ status: 'redeemed', updatedAt: sql`now()` })
        .where(and(eq(promoRedemptions.orderId, order.id), eq(promoRedemptions.status, 'reserved')))
      if (order.userId) await removeBoughtFromCart(tx, order)
      return { outcome: 'completed', order: completed! }
    })
    if (result.order?.status === 'COMPLETED') await sendReceiptOnce(result.order.id)
    return result
  }

  /** An expired (CANCELLED) or failed (FAILED) session: the PENDING order ends and its promo use is released. */
  async function endCheckoutSession(session: PaymentCheckoutSession, status: 'CANCELLED' | 'FAILED', { eventId, eventType = 'checkout.session.expired' }: EventRef = {}): Promise<FulfilResult> {
    return db.transaction(async (tx): Promise<FulfilResult> => {
      if (eventId && !(await recordEvent(tx, eventId, eventType))) return { outcome: 'duplicate-event', order: null }
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
      const lines = await db
        .select({ name: products.name, quantity: orderItems.quantity, priceCents: orderItems.priceCents })
        .from(orderItems)
        .innerJoin(products, eq(orderItems.productId, products.id))
        .where(eq(orderItems.orderId, orderId))
        .orderBy(orderItems.createdAt, orderItems.id)
      await mailer.send(receiptEmail(claimed, lines, publicUrl))
    } catch (error) {
      log.error({ err: error, orderId }, 'receipt email failed; it will be retried on the next lookup')
      await db.update(orders).set({ receiptSentAt: null }).where(eq(orders.id, orderId))
    }
  }

  return { fulfilCheckoutSession, endCheckoutSession, sendReceiptOnce }
}

/**
 * The bought products leave the buyer's server cart: every bought line for a cart checkout;
 * for Buy Now only digital downloads (now owned), so the rest of the cart stays as it was.
 */
async function removeBoughtFromCart(tx: Executor, order: OrderRow): Promise<void> {
  const bought = await tx
    .select({ productId: orderItems.productId, metadata: products.metadata })
    .from(orderItems)
    .innerJoin(products, eq(orderItems.productId, products.id))
    .where(eq(orderItems.orderId, order.id))
  const ids = bought.filter((line) => order.checkoutType === 'cart' || isDigitalProduct(line.metadata)).map((line) => line.productId)
  if (ids.length > 0) await tx.delete(cartItems).where(and(eq(cartItems.userId, order.userId!), inArray(cartItems.productId, ids)))
}

export type Fulfilment = ReturnType<typeof createFulfilment>
