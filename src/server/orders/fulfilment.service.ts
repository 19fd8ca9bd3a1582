/**
 * Fulfilment, the orders' side of it: what the fulfil-paid-order flow
 * (src/server/flows/fulfil-paid-order.ts) reads and writes of the order being paid (its row
 * locked by session, marked COMPLETED with what was charged, its receipt queued in the mail
 * outbox under a key of its own, in the flow's transaction), the end of a session that expired
 * or failed, and the receipt of a paid order sent again when its buyer, or the owner, asks.
 */
import { and, asc, eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { CHECKOUT_SERVER_MESSAGES as MESSAGES } from '../../shared/contract/checkout.ts'
import { isUuid } from '../../shared/ids.ts'
import { taxEvidenceOf } from '../../shared/tax/tax-rules.ts'
import type { OrderTaxDetails } from '../../shared/tax/tax-types.ts'
import type { CatalogReadsService } from '../catalog/catalog-reads.service.ts'
import type { Database, Executor } from '../db/client.ts'
import type { Mailer } from '../email/mailer.ts'
import { AppError, notFound } from '../http/errors.ts'
import { recordProcessedEvent } from '../payments/payments.service.ts'
import type { PaymentCheckoutSession, PaymentProvider } from '../payments/provider.ts'
import type { OrderLicenceKeys, OrderTaxDocuments } from './order-dependents.types.ts'
import type { OrderLinksService } from './order-links.service.ts'
import { chargedTaxOf, type ChargedTax } from './charged-tax.ts'
import type { EventRef, FulfilResult } from './fulfilment.types.ts'
import { licenceCodeOf } from './licence.ts'
import { bundleNameOf } from './order-views.ts'
import { orderItems, orders, PAID_ORDER_STATUSES, type OrderRow, type OrderStatus } from './orders.schema.ts'
import type { PendingOrdersService } from './pending-orders.service.ts'
import type { SettingsService } from '../settings/settings.service.ts'
import { receiptEmail } from './receipt-email.ts'

export const RECEIPT_MESSAGES = {
  notPaid: 'This order was not paid, so it has no receipt',
  tooMany: 'Too many receipt requests for this order. Please try again later.',
  failed: 'Failed to send the receipt',
} as const

/** The receipt of an order goes out once, whatever retries and redeliveries happen. */
const receiptKeyOf = (orderId: string) => `receipt:${orderId}`

/** The order a payment session pays, as read before the paying transaction. */
export type PayingOrder = Pick<OrderRow, 'id' | 'status' | 'userId' | 'checkoutType'>

/** An order's item with its product's name and digital flag: a line of the receipt and of the invoice. */
export interface PaidItem {
  id: string
  productId: string
  quantity: number
  priceCents: number
  parentItemId: string | null
  name: string
  isDigital: boolean
  /** For an item a bundle granted, the bundle's name. */
  includedIn: string | undefined
}

export interface FulfilmentServiceDeps {
  db: Database
  licenceSecret: string
  catalog: Pick<CatalogReadsService, 'productSummariesByIds'>
  pendingOrders: Pick<PendingOrdersService, 'endPendingOrder'>
  mailer: Mailer
  publicUrl: string
  log: FastifyBaseLogger
  /** Asked for the paying card when an event's session does not carry it (Stripe's events do not). */
  payments: () => PaymentProvider
  /** A guest's receipt carries a private link to the order (order-links.service.ts). */
  orderLinks: Pick<OrderLinksService, 'downloadLinkFor'>
  /** The owner's texts of the receipt (store name, thank-you line, footnote). */
  settings: Pick<SettingsService, 'settings'>
  /** The receipt links to the order's invoice, numbered in the paying transaction. */
  taxDocuments: Pick<OrderTaxDocuments, 'invoiceOf'>
  /** The receipt lists each item's licence keys, handed out in the paying transaction. */
  licenceKeys: Pick<OrderLicenceKeys, 'keyTextsOfItems'>
}

async function lockOrderBySession(tx: Executor, sessionId: string): Promise<OrderRow | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.paymentSessionId, sessionId)).for('update')
  return order ?? null
}

export function createFulfilmentService({
  db,
  licenceSecret,
  catalog,
  pendingOrders,
  mailer,
  publicUrl,
  log,
  payments,
  orderLinks,
  settings,
  taxDocuments,
  licenceKeys,
}: FulfilmentServiceDeps) {
  const { endPendingOrder } = pendingOrders

  /** The order's items with their products' names and digital flags, in item order. */
  async function itemsWithProducts(orderId: string): Promise<PaidItem[]> {
    const items = await db
      .select({
        id: orderItems.id,
        productId: orderItems.productId,
        quantity: orderItems.quantity,
        priceCents: orderItems.priceCents,
        parentItemId: orderItems.parentItemId,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.createdAt), asc(orderItems.id))
    const products = await catalog.productSummariesByIds(items.map((item) => item.productId))
    return items.map((item) => ({
      ...item,
      name: products.get(item.productId)?.name ?? 'Product',
      isDigital: products.get(item.productId)?.isDigital ?? true,
      includedIn: bundleNameOf(item, items, products),
    }))
  }

  /**
   * Queues the order's receipt in the caller's transaction; a dedupe key makes it once only. A
   * guest's receipt links to the order's private page (a live link, or one issued in this transaction).
   */
  async function queueReceipt(tx: Executor, order: OrderRow, items: readonly PaidItem[], dedupeKey?: string): Promise<boolean> {
    const downloadLink = await orderLinks.downloadLinkFor(tx, order)
    const texts = await settings.settings(tx)
    const invoice = await taxDocuments.invoiceOf(tx, order.id)
    const keys = await licenceKeys.keyTextsOfItems(
      tx,
      items.map((item) => item.id),
    )
    const lines = items.map((item) => ({ ...item, licenceKeys: keys.get(item.id) }))
    const receipt = receiptEmail(order, lines, { publicUrl, licenceCode: licenceCodeOf(order.id, licenceSecret), downloadLink, texts, invoice })
    return mailer.enqueue(tx, receipt, dedupeKey ? { dedupeKey } : {})
  }

  /** Queues the receipt of a paid order again, outside any other change, to the email the order was placed with; 404 for no order, 409 for one never paid. */
  async function queueReceiptAgain(order: OrderRow | undefined): Promise<{ email: string }> {
    if (!order) throw notFound(MESSAGES.orderNotFound)
    if (!(PAID_ORDER_STATUSES as readonly OrderStatus[]).includes(order.status)) throw new AppError(409, 'ORDER_NOT_PAID', RECEIPT_MESSAGES.notPaid)
    const items = await itemsWithProducts(order.id)
    await db.transaction((tx) => queueReceipt(tx, order, items))
    mailer.nudge()
    return { email: order.customerEmail }
  }

  return {
    /** The order a session pays, read before the paying transaction (undefined when none holds it). */
    async orderOfSession(sessionId: string): Promise<PayingOrder | undefined> {
      const [order] = await db
        .select({ id: orders.id, status: orders.status, userId: orders.userId, checkoutType: orders.checkoutType })
        .from(orders)
        .where(eq(orders.paymentSessionId, sessionId))
      return order
    },

    /** The session with the card's last four and the payment intent filled in from the provider, while the order still waits for them. */
    async withPaymentDetails(session: PaymentCheckoutSession, order: Pick<OrderRow, 'status'> | undefined): Promise<PaymentCheckoutSession> {
      if (session.paymentStatus !== 'paid' || (session.cardLast4 !== null && session.paymentIntentId !== null)) return session
      if (order?.status !== 'PENDING') return session
      const fresh = await payments()
        .retrieveCheckoutSession(session.id)
        .catch((error: unknown) => {
          log.warn({ err: error, sessionId: session.id }, 'could not read the payment details of a paid session')
          return null
        })
      if (fresh?.id !== session.id) return session
      return {
        ...session,
        cardLast4: session.cardLast4 ?? fresh.cardLast4,
        cardCountry: session.cardCountry ?? fresh.cardCountry ?? null,
        paymentIntentId: session.paymentIntentId ?? fresh.paymentIntentId,
        // Stripe Tax's rate is in the breakdown, which only a retrieved session carries.
        ...(fresh.computedTax ? { computedTax: fresh.computedTax } : {}),
      }
    },

    itemsWithProducts,
    lockOrderBySession,

    /** What the payment must equal: checkout's figures, or in the `stripe` tax mode the tax and total the provider charged (charged-tax.ts). */
    chargeOf(order: OrderRow, session: PaymentCheckoutSession): ChargedTax {
      return chargedTaxOf(order, session)
    },

    /** Marks the locked PENDING order COMPLETED with the card, the payment and the tax it was charged, in the caller's transaction. */
    async completeOrder(tx: Executor, order: OrderRow, session: PaymentCheckoutSession, charged: ChargedTax): Promise<OrderRow> {
      const [completed] = await tx
        .update(orders)
        .set({
          status: 'COMPLETED',
          completedAt: sql`now()`,
          updatedAt: sql`now()`,
          cardLast4: session.cardLast4,
          paymentIntentId: session.paymentIntentId,
          ...(charged.fromProvider ? { taxCents: charged.taxCents, totalAmountCents: charged.totalAmountCents } : {}),
          taxDetails: withCardCountry(charged.taxDetails, session.cardCountry ?? null),
        })
        .where(eq(orders.id, order.id))
        .returning()
      return completed!
    },

    /**
     * What leaves the buyer's server cart when the order is paid: every bought product for a cart
     * checkout; for Buy Now only digital downloads (now owned), so the rest of the cart stays.
     */
    productsLeavingCart(order: Pick<OrderRow, 'userId' | 'checkoutType'>, items: readonly PaidItem[]): string[] {
      if (!order.userId) return []
      return items.filter((item) => order.checkoutType === 'cart' || item.isDigital).map((item) => item.productId)
    },

    /** Queues a just-paid order's receipt in the paying transaction, under the order's own key: a crash after the commit cannot lose it, a redelivery cannot double it. */
    queuePaidReceipt(tx: Executor, order: OrderRow, items: readonly PaidItem[]): Promise<boolean> {
      return queueReceipt(tx, order, items, receiptKeyOf(order.id))
    },

    /** An expired (CANCELLED) or failed (FAILED) session: the PENDING order ends and its promo use is released. */
    async endCheckoutSession(
      session: PaymentCheckoutSession,
      status: 'CANCELLED' | 'FAILED',
      { eventId, eventType = 'checkout.session.expired' }: EventRef = {},
    ): Promise<FulfilResult> {
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
    },

    /**
     * The buyer asks for the receipt of their own paid order again. Another user's order, or an
     * unknown id, is the same 404; an order never paid has no receipt.
     */
    async resendReceiptForBuyer(userId: string, orderId: string): Promise<{ email: string }> {
      const [order] = isUuid(orderId)
        ? await db
            .select()
            .from(orders)
            .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
        : []
      return queueReceiptAgain(order)
    },

    /** The owner queues any paid order's receipt again, to the email the order was placed with. */
    async resendReceiptForOwner(orderId: string): Promise<{ email: string }> {
      const [order] = isUuid(orderId) ? await db.select().from(orders).where(eq(orders.id, orderId)) : []
      return queueReceiptAgain(order)
    },
  }
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>

/** The order's tax evidence with the card's issuing country, the second piece the EU asks for when no GeoIP database gives the address's. */
function withCardCountry(details: OrderTaxDetails | null, cardCountry: string | null): OrderTaxDetails | null {
  if (!details || !cardCountry) return details
  return { ...details, evidence: taxEvidenceOf(details.evidence.billingCountry, details.evidence.ipCountry, cardCountry) }
}
