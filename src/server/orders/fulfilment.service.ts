/**
 * Fulfilment: the one idempotent step that turns a paid payment session into a COMPLETED
 * order, called by the webhook and by the success page's lookup, in any order and any number
 * of times. The event id is recorded and the order row locked in the same transaction, the
 * state is re-checked under the lock, the paid amount must equal the order total, and the
 * receipt is queued in the mail outbox in that same transaction under a key of its own, so a
 * retry can never send a second one and a crash can never lose it. The receipt of a paid
 * order goes out again when its buyer, or the owner, asks.
 */
import { and, asc, eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { CHECKOUT_SERVER_MESSAGES as MESSAGES } from '../../shared/contract/checkout.ts'
import { isUuid } from '../../shared/ids.ts'
import { taxEvidenceOf } from '../../shared/tax/tax-rules.ts'
import type { OrderTaxDetails } from '../../shared/tax/tax-types.ts'
import type { CartService } from '../cart/cart.service.ts'
import type { CatalogService } from '../catalog/catalog.service.ts'
import type { Database, Executor } from '../db/client.ts'
import type { Mailer } from '../email/mailer.ts'
import { AppError, notFound } from '../http/errors.ts'
import type { LicenceKeysService } from '../licence-keys/licence-keys.service.ts'
import type { PromoService } from '../promo/promo.service.ts'
import { recordProcessedEvent } from '../payments/payments.service.ts'
import type { PaymentCheckoutSession, PaymentProvider } from '../payments/provider.ts'
import type { AfterSaleService } from './after-sale.service.ts'
import type { GuestOrdersService } from './guest-orders.service.ts'
import type { OrderLinksService } from './order-links.service.ts'
import { chargedTaxOf } from './charged-tax.ts'
import { licenceCodeOf } from './licence.ts'
import { bundleNameOf } from './order-views.ts'
import { orderItems, orders, PAID_ORDER_STATUSES, type OrderRow, type OrderStatus } from './orders.schema.ts'
import type { PendingOrdersService } from './pending-orders.service.ts'
import type { SettingsService } from '../settings/settings.service.ts'
import type { TaxDocumentsService } from '../tax/tax-documents.service.ts'
import { receiptEmail } from './receipt-email.ts'

export const RECEIPT_MESSAGES = {
  notPaid: 'This order was not paid, so it has no receipt',
  tooMany: 'Too many receipt requests for this order. Please try again later.',
  failed: 'Failed to send the receipt',
} as const

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

/** The receipt of an order goes out once, whatever retries and redeliveries happen. */
const receiptKeyOf = (orderId: string) => `receipt:${orderId}`

export interface FulfilmentServiceDeps {
  db: Database
  licenceSecret: string
  catalog: Pick<CatalogService, 'productSummariesByIds'>
  cart: Pick<CartService, 'removeProducts'>
  promo: Pick<PromoService, 'redeem'>
  pendingOrders: Pick<PendingOrdersService, 'endPendingOrder'>
  mailer: Mailer
  publicUrl: string
  log: FastifyBaseLogger
  /** Asked for the paying card when an event's session does not carry it (Stripe's events do not). */
  payments: () => PaymentProvider
  /** Applies refunds and disputes that arrived before the payment was confirmed (after-sale.service.ts). */
  afterSale: Pick<AfterSaleService, 'settle'>
  /** A guest order paid with a confirmed account's address joins that account at once (guest-orders.service.ts). */
  guestOrders: Pick<GuestOrdersService, 'joinPaidGuestOrder'>
  /** A guest's receipt carries a private link to the order (order-links.service.ts). */
  orderLinks: Pick<OrderLinksService, 'downloadLinkFor'>
  /** The owner's texts of the receipt (store name, thank-you line, footnote). */
  settings: Pick<SettingsService, 'settings'>
  /** Each paid order's invoice, numbered in the paying transaction; the receipt links to it. */
  taxDocuments: Pick<TaxDocumentsService, 'issueInvoice' | 'invoiceOf'>
  /** Each item's licence key (generated, its reserved serial, or owed) is handed out in the paying transaction. */
  licenceKeys: Pick<LicenceKeysService, 'assignKeys' | 'keyTextsOfItems'>
}

async function lockOrderBySession(tx: Executor, sessionId: string): Promise<OrderRow | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.paymentSessionId, sessionId)).for('update')
  return order ?? null
}

export function createFulfilmentService({
  db,
  licenceSecret,
  catalog,
  cart,
  promo,
  pendingOrders,
  mailer,
  publicUrl,
  log,
  payments,
  afterSale,
  guestOrders,
  orderLinks,
  settings,
  taxDocuments,
  licenceKeys,
}: FulfilmentServiceDeps) {
  const { endPendingOrder } = pendingOrders

  /** The order's items with their products' names and digital flags, in item order. */
  async function itemsWithProducts(orderId: string) {
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
   * What leaves the buyer's server cart when the order is paid: every bought product for a cart
   * checkout; for Buy Now only digital downloads (now owned), so the rest of the cart stays.
   */
  function productsLeavingCart(order: Pick<OrderRow, 'userId' | 'checkoutType'>, items: Awaited<ReturnType<typeof itemsWithProducts>>): string[] {
    if (!order.userId) return []
    return items.filter((item) => order.checkoutType === 'cart' || item.isDigital).map((item) => item.productId)
  }

  /**
   * Queues the order's receipt in the caller's transaction; a dedupe key makes it once only. A
   * guest's receipt links to the order's private page (a live link, or one issued in this transaction).
   */
  async function queueReceipt(tx: Executor, order: OrderRow, items: Awaited<ReturnType<typeof itemsWithProducts>>, dedupeKey?: string): Promise<boolean> {
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

  /** The session with the card's last four and the payment intent filled in from the provider, while the order still waits for them. */
  async function withPaymentDetails(session: PaymentCheckoutSession, order: Pick<OrderRow, 'status'> | undefined): Promise<PaymentCheckoutSession> {
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
  }

  /** Marks the order COMPLETED once; every later call (or redelivered event) leaves it as it is. */
  async function fulfilCheckoutSession(
    received: PaymentCheckoutSession,
    { eventId, eventType = 'checkout.session.completed' }: EventRef = {},
  ): Promise<FulfilResult> {
    const [before] = await db
      .select({ id: orders.id, status: orders.status, userId: orders.userId, checkoutType: orders.checkoutType })
      .from(orders)
      .where(eq(orders.paymentSessionId, received.id))
    const session = await withPaymentDetails(received, before)
    // Read before the paying transaction (an order's items never change): the receipt's lines and the cart lines it ends.
    const items = before?.status === 'PENDING' && session.paymentStatus === 'paid' ? await itemsWithProducts(before.id) : []
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
      // Stripe Tax computed the tax at payment: the order is paid with the provider's tax and total on checkout's amount before tax.
      const charged = chargedTaxOf(order, session)
      if (session.amountTotalCents !== charged.totalAmountCents || session.currency.toLowerCase() !== order.currency.toLowerCase()) {
        log.error(
          {
            orderId: order.id,
            sessionId: session.id,
            paidCents: session.amountTotalCents,
            orderTotalCents: charged.totalAmountCents,
            paidCurrency: session.currency,
            orderCurrency: order.currency,
          },
          `payment amount ${session.amountTotalCents} ${session.currency} does not match order total ${charged.totalAmountCents} ${order.currency}: order not fulfilled`,
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
          ...(charged.fromProvider ? { taxCents: charged.taxCents, totalAmountCents: charged.totalAmountCents } : {}),
          taxDetails: withCardCountry(charged.taxDetails, session.cardCountry ?? null),
        })
        .where(eq(orders.id, order.id))
        .returning()
      await promo.redeem(tx, order.id)
      // Numbered with the payment: a payment rolled back gives its number back, and no two payments share one.
      await taxDocuments.issueInvoice(tx, {
        order: completed!,
        // What was charged for: the items a bundle granted are billed on the bundle's line.
        lines: items
          .filter((item) => item.parentItemId === null)
          .map((item) => ({ orderItemId: item.id, name: item.name, quantity: item.quantity, priceCents: item.priceCents })),
      })
      // With the payment: a rolled-back payment hands out no key, and the order's reserved serials become its items' keys.
      const itemRefs = await tx
        .select({ id: orderItems.id, productId: orderItems.productId, quantity: orderItems.quantity })
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id))
        .orderBy(asc(orderItems.createdAt), asc(orderItems.id))
      await licenceKeys.assignKeys(tx, order.id, itemRefs)
      if (order.id === before?.id) {
        if (order.userId) await cart.removeProducts(order.userId, productsLeavingCart(order, items), tx)
        // Queued with the payment itself: a crash after this commit cannot lose it, a redelivery cannot double it.
        await queueReceipt(tx, completed!, items, receiptKeyOf(order.id))
      }
      // After the receipt, which goes out as the checkout was made: then a guest order joins the confirmed account of its address.
      const owned = await guestOrders.joinPaidGuestOrder(tx, completed!)
      // A refund or dispute event may have come first: the paid order starts in the state they leave it.
      return { outcome: 'completed', order: await afterSale.settle(tx, owned) }
    })
    if (result.outcome === 'completed') mailer.nudge()
    return result
  }

  /** An expired (CANCELLED) or failed (FAILED) session: the PENDING order ends and its promo use is released. */
  async function endCheckoutSession(
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
    fulfilCheckoutSession,
    endCheckoutSession,

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
