/**
 * Fulfil a paid order: the one idempotent flow that turns a paid payment session into a
 * COMPLETED order, called by the payment webhook, by checkout and by the success page's lookup,
 * in any order and any number of times. Before the paying transaction it reads (an order's items
 * never change):
 *
 *   1. readPayingOrder      – the order the session pays, and the card's details the provider adds while it waits
 *   2. readPaidItems        – its items with their products' names: the receipt's lines and the cart lines it ends
 *
 * then, in one transaction, so a retry can change nothing twice and a crash can lose nothing:
 *
 *   3. recordEventOnce      – the provider event's id: a redelivered event stops here
 *   4. lockPayingOrder      – the order row locked, its state checked again under the lock
 *   5. refuseWrongAmount    – the paid amount must equal the order total: otherwise the order FAILS, logged
 *   6. completeOrder        – COMPLETED, with the card, the payment and the tax it was charged
 *   7. redeemPromo          – the promo use checkout reserved is spent (promo.service.ts)
 *   8. issueInvoice         – numbered with the payment (tax-documents.service.ts)
 *   9. assignLicenceKeys    – each item's key: generated, its reserved serial, or owed (licence-keys.service.ts)
 *  10. clearBoughtFromCart  – the buyer's server cart loses what was bought (cart.service.ts)
 *  11. queueReceipt         – in the mail outbox under the order's own key: sent once, whatever retries happen
 *  12. joinBuyerAccount     – a guest order joins the confirmed account of its address (guest-orders.service.ts)
 *  13. settleAfterSale      – refunds and disputes that arrived first leave the order in their state (after-sale.service.ts)
 *
 * and once it commits, 14. wakeOutbox. The statements and their locks run in this order on
 * purpose: the races on PostgreSQL (src/server/orders/*races*.test.ts) hold it to that.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { CartService } from '../cart/cart.service.ts'
import type { Database, Executor } from '../db/client.ts'
import type { Mailer } from '../email/mailer.ts'
import type { LicenceKeysService } from '../licence-keys/licence-keys.service.ts'
import type { AfterSaleService } from '../orders/after-sale.service.ts'
import type { FulfilmentService, PaidItem, PayingOrder } from '../orders/fulfilment.service.ts'
import type { EventRef, FulfilResult, PaidOrderFulfilment } from '../orders/fulfilment.types.ts'
import type { GuestOrdersService } from '../orders/guest-orders.service.ts'
import type { OrderRow } from '../orders/orders.types.ts'
import type { PendingOrdersService } from '../orders/pending-orders.service.ts'
import { recordProcessedEvent } from '../payments/payments.service.ts'
import type { PaymentCheckoutSession } from '../payments/provider.ts'
import type { PromoService } from '../promo/promo.service.ts'
import type { TaxDocumentsService } from '../tax/tax-documents.service.ts'

export interface FulfilPaidOrderDeps {
  db: Database
  log: FastifyBaseLogger
  /** Wakes the outbox worker once the receipt is committed. */
  mailer: Pick<Mailer, 'nudge'>
  /** The order's own reads and writes: its row, what it was charged, its receipt. */
  fulfilment: Pick<
    FulfilmentService,
    | 'orderOfSession'
    | 'withPaymentDetails'
    | 'itemsWithProducts'
    | 'lockOrderBySession'
    | 'chargeOf'
    | 'completeOrder'
    | 'productsLeavingCart'
    | 'queuePaidReceipt'
  >
  /** Fails an order paid the wrong amount; lists the items that get licence keys. */
  pendingOrders: Pick<PendingOrdersService, 'endPendingOrder' | 'itemRefsOf'>
  promo: Pick<PromoService, 'redeem'>
  /** Each paid order's invoice, numbered in the paying transaction; the receipt links to it. */
  taxDocuments: Pick<TaxDocumentsService, 'issueInvoice'>
  /** Each item's licence key (generated, its reserved serial, or owed) is handed out in the paying transaction. */
  licenceKeys: Pick<LicenceKeysService, 'assignKeys'>
  cart: Pick<CartService, 'removeProducts'>
  /** A guest order paid with a confirmed account's address joins that account at once. */
  guestOrders: Pick<GuestOrdersService, 'joinPaidGuestOrder'>
  /** Applies refunds and disputes that arrived before the payment was confirmed. */
  afterSale: Pick<AfterSaleService, 'settle'>
}

/** What the payment must equal, and the tax the order records (charged-tax.ts). */
type Charge = ReturnType<FulfilmentService['chargeOf']>

/** 1. The order the session pays (undefined when none holds it), and the session with the card's details filled in while the order waits for them. */
export async function readPayingOrder(
  { fulfilment }: FulfilPaidOrderDeps,
  received: PaymentCheckoutSession,
): Promise<{ before: PayingOrder | undefined; session: PaymentCheckoutSession }> {
  const before = await fulfilment.orderOfSession(received.id)
  return { before, session: await fulfilment.withPaymentDetails(received, before) }
}

/** 2. The items of an order still to be paid by a paid session; none otherwise (nothing is to be written then). */
export async function readPaidItems(
  { fulfilment }: FulfilPaidOrderDeps,
  before: PayingOrder | undefined,
  session: PaymentCheckoutSession,
): Promise<PaidItem[]> {
  return before?.status === 'PENDING' && session.paymentStatus === 'paid' ? fulfilment.itemsWithProducts(before.id) : []
}

/** 3. Records the provider event's id; false when it was processed before (an event without an id always goes on). */
export async function recordEventOnce(tx: Executor, { eventId, eventType = 'checkout.session.completed' }: EventRef): Promise<boolean> {
  return !eventId || recordProcessedEvent(tx, eventId, eventType)
}

/** 4. The session's order row, locked for the rest of the transaction; a session of no order is logged (an error once it is paid). */
export async function lockPayingOrder({ fulfilment, log }: FulfilPaidOrderDeps, tx: Executor, session: PaymentCheckoutSession): Promise<OrderRow | null> {
  const order = await fulfilment.lockOrderBySession(tx, session.id)
  if (!order) {
    const paid = session.paymentStatus === 'paid'
    log[paid ? 'error' : 'warn']({ sessionId: session.id, orderId: session.metadata.orderId, paid }, 'payment session belongs to no order')
  }
  return order
}

/** 5. A payment whose amount or currency differs from the order's total is not fulfilled: the order FAILS and the mismatch is logged. Null when it matches. */
export async function refuseWrongAmount(
  { pendingOrders, log }: FulfilPaidOrderDeps,
  tx: Executor,
  order: OrderRow,
  session: PaymentCheckoutSession,
  charged: Charge,
): Promise<FulfilResult | null> {
  if (session.amountTotalCents === charged.totalAmountCents && session.currency.toLowerCase() === order.currency.toLowerCase()) return null
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
  const failed = await pendingOrders.endPendingOrder(tx, order.id, 'FAILED')
  return { outcome: 'amount-mismatch', order: failed ?? order }
}

/** 6. The order COMPLETED, with the card, the payment and what it was charged. */
export function completeOrder(
  { fulfilment }: FulfilPaidOrderDeps,
  tx: Executor,
  order: OrderRow,
  session: PaymentCheckoutSession,
  charged: Charge,
): Promise<OrderRow> {
  return fulfilment.completeOrder(tx, order, session, charged)
}

/** 7. The promo use checkout reserved counts now that the order is paid. */
export function redeemPromo({ promo }: FulfilPaidOrderDeps, tx: Executor, order: OrderRow): Promise<void> {
  return promo.redeem(tx, order.id)
}

/** 8. The invoice, numbered with the payment: a payment rolled back gives its number back, and no two payments share one. */
export async function issueInvoice({ taxDocuments }: FulfilPaidOrderDeps, tx: Executor, completed: OrderRow, items: readonly PaidItem[]): Promise<void> {
  await taxDocuments.issueInvoice(tx, {
    order: completed,
    // What was charged for: the items a bundle granted are billed on the bundle's line.
    lines: items
      .filter((item) => item.parentItemId === null)
      .map((item) => ({ orderItemId: item.id, name: item.name, quantity: item.quantity, priceCents: item.priceCents })),
  })
}

/** 9. With the payment: a rolled-back payment hands out no key, and the order's reserved serials become its items' keys. */
export async function assignLicenceKeys({ pendingOrders, licenceKeys }: FulfilPaidOrderDeps, tx: Executor, order: OrderRow): Promise<void> {
  await licenceKeys.assignKeys(tx, order.id, await pendingOrders.itemRefsOf(tx, order.id))
}

/** 10. The signed-in buyer's server cart loses what they now own (cart.service.ts). */
export async function clearBoughtFromCart({ fulfilment, cart }: FulfilPaidOrderDeps, tx: Executor, order: OrderRow, items: readonly PaidItem[]): Promise<void> {
  if (order.userId) await cart.removeProducts(order.userId, fulfilment.productsLeavingCart(order, items), tx)
}

/** 11. Queued with the payment itself: a crash after this commit cannot lose it, a redelivery cannot double it. */
export async function queueReceipt({ fulfilment }: FulfilPaidOrderDeps, tx: Executor, completed: OrderRow, items: readonly PaidItem[]): Promise<void> {
  await fulfilment.queuePaidReceipt(tx, completed, items)
}

/** 12. After the receipt, which goes out as the checkout was made: then a guest order joins the confirmed account of its address. */
export function joinBuyerAccount({ guestOrders }: FulfilPaidOrderDeps, tx: Executor, completed: OrderRow): Promise<OrderRow> {
  return guestOrders.joinPaidGuestOrder(tx, completed)
}

/** 13. A refund or dispute event may have come first: the paid order starts in the state they leave it. */
export function settleAfterSale({ afterSale }: FulfilPaidOrderDeps, tx: Executor, owned: OrderRow): Promise<OrderRow> {
  return afterSale.settle(tx, owned)
}

/** Marks the order of a paid session COMPLETED once; every later call (or redelivered event) leaves it as it is. */
export async function fulfilPaidOrder(deps: FulfilPaidOrderDeps, received: PaymentCheckoutSession, event: EventRef = {}): Promise<FulfilResult> {
  const { before, session } = await readPayingOrder(deps, received)
  const items = await readPaidItems(deps, before, session)
  const result = await deps.db.transaction(async (tx): Promise<FulfilResult> => {
    if (!(await recordEventOnce(tx, event))) return { outcome: 'duplicate-event', order: null }
    const order = await lockPayingOrder(deps, tx, session)
    if (!order) return { outcome: 'unknown-order', order: null }
    if (order.status !== 'PENDING') return { outcome: 'not-pending', order }
    if (session.status !== 'complete' || session.paymentStatus !== 'paid') return { outcome: 'unpaid', order }
    // Stripe Tax computed the tax at payment: the order is paid with the provider's tax and total on checkout's amount before tax.
    const charged = deps.fulfilment.chargeOf(order, session)
    const refused = await refuseWrongAmount(deps, tx, order, session, charged)
    if (refused) return refused
    const completed = await completeOrder(deps, tx, order, session, charged)
    await redeemPromo(deps, tx, order)
    await issueInvoice(deps, tx, completed, items)
    await assignLicenceKeys(deps, tx, order)
    // The items read before the transaction are this order's only when the session still named it then.
    if (order.id === before?.id) {
      await clearBoughtFromCart(deps, tx, order, items)
      await queueReceipt(deps, tx, completed, items)
    }
    const owned = await joinBuyerAccount(deps, tx, completed)
    return { outcome: 'completed', order: await settleAfterSale(deps, tx, owned) }
  })
  // 14. The outbox worker sends the receipt now rather than at its next round.
  if (result.outcome === 'completed') deps.mailer.nudge()
  return result
}

/** The flow bound to its services: what app.ts hands the payment webhook, checkout and the success page's lookup. */
export function paidOrderFulfilment(deps: FulfilPaidOrderDeps): PaidOrderFulfilment {
  return { fulfilCheckoutSession: (session, event) => fulfilPaidOrder(deps, session, event) }
}
