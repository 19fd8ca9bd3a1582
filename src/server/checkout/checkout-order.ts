/**
 * Checkout's steps from a price to a payable order: claim the order (and reserve the promo
 * use) under the buyer's lock, then start the payment: end the buyer's older orders, create
 * the provider session and attach it under the same lock.
 *
 * One cart, one payable order: a buyer's checkouts are serialised by a lock that both the
 * claim and the attach take. A claim therefore sees every older order either without a
 * session (it ends it, and that order's attach then finds it gone) or with one (it is
 * replaced: its session expired, then the order cancelled). The new order gets its session
 * only after every older session is provably dead; otherwise the new order fails.
 */
import { createHash } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { CHECKOUT_ERROR_CODES as CODES, CHECKOUT_SERVER_MESSAGES as MESSAGES } from '../../shared/contract/checkout.ts'
import { LICENCE_KEY_ERROR_CODES, LICENCE_KEY_MESSAGES } from '../../shared/contract/licence-keys.ts'
import { PROMO_ERROR_CODES, PROMO_MESSAGES } from '../../shared/promo-rules.ts'
import type { Database } from '../db/client.ts'
import { AppError, badRequest } from '../http/errors.ts'
import type { LicenceKeysService } from '../licence-keys/licence-keys.service.ts'
import type { PaidOrderFulfilment } from '../orders/fulfilment.types.ts'
import type { OrderRow } from '../orders/orders.types.ts'
import { buyerKey, buyerOf, type PendingOrdersService } from '../orders/pending-orders.service.ts'
import type { CheckoutLineItem, PaymentCheckoutSession, PaymentProvider } from '../payments/provider.ts'
import type { PromoService } from '../promo/promo.service.ts'
import type { PricedCheckout } from './checkout-lines.ts'
import type { CheckoutRequest } from './checkout-request.ts'

/** An order still without a session after this long was abandoned by a crashed request. */
const ABANDONED_AFTER_MS = 60_000

export type Claim =
  /** The buyer's open order for this very checkout (a retry or a double click): its session is answered again. */
  | { kind: 'reuse'; order: OrderRow }
  /** The same checkout's order is being given its session by a concurrent request. */
  | { kind: 'wait' }
  /** A new PENDING order, and the buyer's older orders that have a session and must be replaced. */
  | { kind: 'created'; order: OrderRow; replaced: OrderRow[] }

export interface CheckoutOrderDeps {
  db: Database
  pendingOrders: Pick<
    PendingOrdersService,
    'lockBuyer' | 'pendingOrdersOf' | 'endPendingOrder' | 'endPendingOrderNow' | 'createPendingOrder' | 'attachPaymentSession' | 'itemRefsOf'
  >
  /** Completes an order whose session turns out to be paid. */
  fulfilment: PaidOrderFulfilment
  promo: Pick<PromoService, 'reserve'>
  /** Serials are reserved with the order: a sold-out product is refused before any payment starts. */
  licenceKeys: Pick<LicenceKeysService, 'reserveSerials'>
  payments: () => PaymentProvider
  log: FastifyBaseLogger
}

export interface PaymentUrls {
  successUrl: string
  cancelUrl: string
}

export const providerFailed = () => new AppError(502, CODES.providerFailed, MESSAGES.createFailed)
const replacedError = () => new AppError(409, CODES.replaced, MESSAGES.replaced)
const busyError = () => new AppError(409, CODES.busy, MESSAGES.busy)

/**
 * Same buyer, lines, prices, promo, return settings, billing details and tax → same fingerprint.
 * A changed address, VAT number or tax (a new country, the owner's new rate) makes a new order
 * (replacing the old one), so the order keeps the country the buyer last chose and is charged the
 * tax it shows.
 */
export function fingerprintOf(request: CheckoutRequest, priced: PricedCheckout): string {
  const lines = priced.lines.map((line) => [line.productId, line.quantity, line.unitPriceCents]).sort((a, b) => String(a[0]).localeCompare(String(b[0])))
  const material = JSON.stringify([
    buyerKey(request.buyer),
    request.buyer.email,
    request.checkoutType,
    request.uiMode,
    request.successUrl,
    request.cancelUrl,
    priced.promo?.code ?? null,
    priced.totals.totalCents,
    lines,
    request.billingDetails,
    taxFingerprint(priced),
  ])
  return createHash('sha256').update(material).digest('hex')
}

/** What of the tax decides the charge: the treatment and the VAT number (not the evidence, which the same buyer's retry may change). */
function taxFingerprint({ taxDetails }: PricedCheckout) {
  const { mode, rateBasisPoints, pricesIncludeTax, label, reverseCharge, country, region, vatNumber } = taxDetails
  return [mode, rateBasisPoints, pricesIncludeTax, label, reverseCharge, country, region, vatNumber]
}

/**
 * Claims the order under the buyer's lock, in one transaction: the buyer's open order for this
 * same checkout, or a new PENDING order with its items, its promo use and its serials reserved. Older orders
 * without a session are ended here (nobody can be paying them); those with one are returned to
 * be replaced.
 */
export function claimOrder(
  { db, pendingOrders, promo, licenceKeys, payments }: CheckoutOrderDeps,
  request: CheckoutRequest,
  priced: PricedCheckout,
  fingerprint: string,
): Promise<Claim> {
  return db.transaction(async (tx): Promise<Claim> => {
    await pendingOrders.lockBuyer(tx, request.buyer)
    const pending = await pendingOrders.pendingOrdersOf(tx, request.buyer)
    const same = pending.find((order) => order.cartFingerprint === fingerprint)
    if (same?.paymentSessionId) return { kind: 'reuse', order: same }
    if (same && Date.now() - same.createdAt.getTime() < ABANDONED_AFTER_MS) return { kind: 'wait' }
    const replaced: OrderRow[] = []
    for (const order of pending) {
      if (order.paymentSessionId) replaced.push(order)
      // Session-less under the lock: no attach can land before this commits, so the end always applies.
      else await pendingOrders.endPendingOrder(tx, order.id, order === same ? 'FAILED' : 'CANCELLED', null)
    }
    const order = await pendingOrders.createPendingOrder(tx, {
      buyer: request.buyer,
      checkoutType: request.checkoutType,
      subtotalCents: priced.totals.subtotalCents,
      discountCents: priced.totals.discountCents,
      taxCents: priced.totals.taxCents,
      totalCents: priced.totals.totalCents,
      promo: priced.promo ? { id: priced.promo.id, code: priced.promo.code } : null,
      billingDetails: request.billingDetails,
      taxDetails: priced.taxDetails,
      paymentProvider: payments().kind,
      cartFingerprint: fingerprint,
      items: priced.lines,
    })
    if (priced.promo) {
      // The use and the order's discount are taken together: two processes can never give more than the code's budget.
      const reserved = await promo.reserve(tx, priced.promo.id, order.id, buyerKey(request.buyer), priced.totals.discountCents)
      if (reserved === 'used-up') throw badRequest(PROMO_MESSAGES.usedUp(priced.promo.code), PROMO_ERROR_CODES.usedUp)
      if (reserved === 'budget-spent') throw badRequest(PROMO_MESSAGES.budgetSpent(priced.promo.code), PROMO_ERROR_CODES.budgetSpent)
      if (reserved === 'already-used') throw badRequest(MESSAGES.promoAlreadyUsed, CODES.promoAlreadyUsed)
    }
    // One serial per unit, taken with the order: two processes never reserve the same one, and a refusal rolls the order back.
    const soldOut = await licenceKeys.reserveSerials(tx, order.id, await pendingOrders.itemRefsOf(tx, order.id))
    if (soldOut) throw new AppError(409, LICENCE_KEY_ERROR_CODES.soldOut, LICENCE_KEY_MESSAGES.soldOut(lineNameOf(priced, soldOut.productId)))
    return { kind: 'created', order, replaced }
  })
}

/** The name the shopper knows a product by: its line, or the bundle line that grants it. */
function lineNameOf({ lines }: PricedCheckout, productId: string): string {
  const line =
    lines.find((candidate) => candidate.productId === productId) ??
    lines.find((candidate) => candidate.bundle?.items.some((item) => item.productId === productId))
  return line?.name ?? 'This product'
}

/**
 * Ends a session so it can no longer be paid, then reads what became of it: `expired`, or
 * `paid` (the shopper paid first; it is fulfilled here), or `open` when the provider refused.
 */
export async function expireSession({ fulfilment, payments, log }: CheckoutOrderDeps, sessionId: string): Promise<'expired' | 'paid' | 'open'> {
  try {
    await payments().expireCheckoutSession(sessionId)
  } catch (error) {
    log.warn({ err: error, sessionId }, 'payment provider refused to expire a session')
  }
  const session = await payments().retrieveCheckoutSession(sessionId)
  if (session?.paymentStatus === 'paid') {
    await fulfilment.fulfilCheckoutSession(session)
    return 'paid'
  }
  return session?.status === 'open' ? 'open' : 'expired'
}

/**
 * Replaces the buyer's older orders: each session is expired, then its order CANCELLED. When
 * one cannot be ended (the provider refused, or the shopper paid it meanwhile), the new order
 * must not become payable too: it ends and the shopper is asked to try again.
 */
export async function replaceOlderOrders(deps: CheckoutOrderDeps, order: OrderRow, older: OrderRow[]): Promise<void> {
  for (const old of older) {
    const outcome = await expireSession(deps, old.paymentSessionId!)
    if (outcome === 'expired') {
      await deps.pendingOrders.endPendingOrderNow(old.id, 'CANCELLED', old.paymentSessionId)
      continue
    }
    deps.log.warn({ orderId: old.id, outcome }, 'an older checkout could not be replaced')
    await deps.pendingOrders.endPendingOrderNow(order.id, outcome === 'open' ? 'FAILED' : 'CANCELLED', null)
    throw outcome === 'open' ? providerFailed() : busyError()
  }
}

/**
 * Creates the provider session for a PENDING order and attaches it under the buyer's lock. A
 * provider failure leaves a new order FAILED (promo released); an order that was ended or
 * replaced meanwhile gets no session (the one just made is expired) and answers 409.
 */
export async function startPayment(
  { pendingOrders, payments, log }: CheckoutOrderDeps,
  order: OrderRow,
  lineItems: CheckoutLineItem[],
  uiMode: 'hosted' | 'embedded',
  urls: PaymentUrls,
): Promise<PaymentCheckoutSession> {
  const previousSessionId = order.paymentSessionId
  let session: PaymentCheckoutSession
  try {
    session = await payments().createCheckoutSession({
      orderId: order.id,
      uiMode,
      lineItems,
      discountCents: order.discountCents,
      taxCents: order.taxCents,
      totalCents: order.totalAmountCents,
      // How the order was taxed: its own tax line, prices that include it, or (stripe mode) Stripe Tax computing it.
      taxTreatment: order.taxDetails,
      currency: 'usd',
      customerEmail: order.customerEmail,
      successUrl: urls.successUrl,
      cancelUrl: urls.cancelUrl,
      returnUrl: urls.successUrl,
      metadata: { orderId: order.id },
    })
  } catch (error) {
    log.error({ err: error, orderId: order.id }, 'payment provider could not create a checkout session')
    if (previousSessionId === null) await pendingOrders.endPendingOrderNow(order.id, 'FAILED', null)
    throw providerFailed()
  }
  if (!(await pendingOrders.attachPaymentSession({ id: order.id, buyer: buyerOf(order) }, session.id, previousSessionId))) {
    await payments()
      .expireCheckoutSession(session.id)
      .catch((error) => log.warn({ err: error, sessionId: session.id }, 'could not expire an orphaned session'))
    throw replacedError()
  }
  return session
}

/** The order's session when it can still be paid; a paid one is fulfilled and an expired one ends the order. */
export async function openSessionOf({ pendingOrders, fulfilment, payments }: CheckoutOrderDeps, order: OrderRow): Promise<PaymentCheckoutSession | null> {
  const session = await payments().retrieveCheckoutSession(order.paymentSessionId!)
  if (session?.status === 'open') return session
  if (session?.paymentStatus === 'paid') await fulfilment.fulfilCheckoutSession(session)
  else await pendingOrders.endPendingOrderNow(order.id, 'CANCELLED', order.paymentSessionId)
  return null
}
