/**
 * Checkout: turns a priced cart into one payable PENDING order with a payment session.
 *
 * Under a per-buyer lock, a transaction either finds the buyer's open order for the very same
 * checkout (a retry or a double click: its session is answered again) or reserves the promo
 * use and writes the new order with its items; the buyer's other PENDING orders are then
 * cancelled and their sessions expired, so only one can be paid. The provider is called
 * outside any transaction (the built-in provider writes to this same database, and PGlite
 * has one connection); concurrent requests for the same checkout wait for the session the
 * first one is creating. A provider failure leaves the order FAILED with its promo released.
 */
import { createHash } from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { CHECKOUT_SERVER_MESSAGES as MESSAGES, type CheckoutSessionBody, type CheckoutSessionResponse } from '../../shared/contract/checkout.ts'
import type { SessionUser } from '../auth/session.ts'
import type { PromoService } from '../cart/promo.service.ts'
import type { Database } from '../db/client.ts'
import { orderItems, orders, products, promoRedemptions, type OrderRow } from '../db/schema.ts'
import { AppError, badRequest, notFound } from '../http/errors.ts'
import type { PaymentCheckoutSession, PaymentProvider } from '../payments/provider.ts'
import { priceCheckout, type PricedCheckout } from './checkout-pricing.ts'
import { defaultCancelUrl, defaultSuccessUrl, readCheckoutRequest, type Buyer, type CheckoutRequest } from './checkout-request.ts'
import type { Fulfilment } from './fulfil-order.ts'
import { endPendingOrder, endPendingOrderNow, lockBuyer, reservePromoUse, type Executor } from './order-records.ts'

/** How long a request waits for the session a concurrent identical request is creating. */
const WAIT_FOR_SESSION_MS = 15_000
/** An order still without a session after this long was abandoned by a crashed request. */
const ABANDONED_AFTER_MS = 60_000
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface CheckoutServiceDeps {
  db: Database
  promo: PromoService
  fulfilment: Fulfilment
  /** Read at call time: the provider is configured when the app is built. */
  payments: () => PaymentProvider
  publicUrl: string
  log: FastifyBaseLogger
}

type Claim =
  | { kind: 'reuse'; order: OrderRow }
  | { kind: 'wait' }
  | { kind: 'created'; order: OrderRow; replaced: OrderRow[] }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const buyerKey = (buyer: Buyer) => (buyer.kind === 'user' ? `user:${buyer.userId}` : `guest:${buyer.email}`)

const buyerCondition = (buyer: Buyer) =>
  buyer.kind === 'user' ? eq(orders.userId, buyer.userId) : and(isNull(orders.userId), eq(orders.customerEmail, buyer.email))

/** Same buyer, lines, prices, promo and return settings → same fingerprint. */
function fingerprintOf(request: CheckoutRequest, priced: PricedCheckout): string {
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
  ])
  return createHash('sha256').update(material).digest('hex')
}

function sessionResponse(order: Pick<OrderRow, 'id'>, session: PaymentCheckoutSession): CheckoutSessionResponse {
  return { sessionId: session.id, url: session.url, client_secret: session.clientSecret, orderId: order.id }
}

const providerFailed = () => new AppError(502, 'PAYMENT_PROVIDER_ERROR', MESSAGES.createFailed)

export function createCheckoutService({ db, promo, fulfilment, payments, publicUrl, log }: CheckoutServiceDeps) {
  /** Under the buyer's lock: the open order of this same checkout, or a new one (promo reserved). */
  function claimOrder(request: CheckoutRequest, priced: PricedCheckout, fingerprint: string): Promise<Claim> {
    return db.transaction(async (tx): Promise<Claim> => {
      await lockBuyer(tx, buyerKey(request.buyer))
      const pending = await tx.select().from(orders).where(and(buyerCondition(request.buyer), eq(orders.status, 'PENDING')))
      const same = pending.find((order) => order.cartFingerprint === fingerprint)
      if (same?.paymentSessionId) return { kind: 'reuse', order: same }
      if (same && Date.now() - same.createdAt.getTime() < ABANDONED_AFTER_MS) return { kind: 'wait' }
      const replaced: OrderRow[] = []
      for (const order of pending) {
        // No session yet: nobody can be paying it; its creator sees the change and expires what it makes.
        if (!order.paymentSessionId) await endPendingOrder(tx, order.id, order === same ? 'FAILED' : 'CANCELLED', null)
        else replaced.push(order)
      }
      const order = await insertOrder(tx, request, priced, fingerprint)
      return { kind: 'created', order, replaced }
    })
  }

  async function insertOrder(tx: Executor, request: CheckoutRequest, priced: PricedCheckout, fingerprint: string): Promise<OrderRow> {
    if (priced.promo && !(await reservePromoUse(tx, priced.promo.id))) throw badRequest(MESSAGES.promoUsedUp, 'INVALID_PROMO_CODE')
    const { totals } = priced
    const [order] = await tx
      .insert(orders)
      .values({
        userId: request.buyer.kind === 'user' ? request.buyer.userId : null,
        customerEmail: request.buyer.email,
        checkoutType: request.checkoutType,
        subtotalCents: totals.subtotalCents,
        discountCents: totals.discountCents,
        taxCents: totals.taxCents,
        totalAmountCents: totals.totalCents,
        currency: 'usd',
        promoCodeId: priced.promo?.id ?? null,
        promoCode: priced.promo?.code ?? null,
        billingDetails: request.billingDetails,
        paymentProvider: payments().kind,
        cartFingerprint: fingerprint,
      })
      .returning()
    await tx.insert(orderItems).values(
      priced.lines.map((line) => ({
        orderId: order!.id,
        productId: line.productId,
        quantity: line.quantity,
        priceCents: line.unitPriceCents,
        downloadLimit: line.downloadLimit,
        downloadsRemaining: line.downloadLimit * line.quantity,
      })),
    )
    if (priced.promo) await tx.insert(promoRedemptions).values({ orderId: order!.id, promoCodeId: priced.promo.id })
    return order!
  }

  /**
   * Ends a session so it can no longer be paid, then reads what became of it: `expired`, or
   * `paid` (the shopper paid first; it is fulfilled here), or `open` when the provider refused.
   */
  async function expireSession(sessionId: string): Promise<'expired' | 'paid' | 'open'> {
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

  /** A replaced order: its session is expired and the order CANCELLED, unless it was paid meanwhile. */
  async function replaceOrder(order: OrderRow): Promise<void> {
    if ((await expireSession(order.paymentSessionId!)) === 'expired') await endPendingOrderNow(db, order.id, 'CANCELLED', order.paymentSessionId)
  }

  /** The order's session when it can still be paid; a paid one is fulfilled and an expired one ends the order. */
  async function openSessionOf(order: OrderRow): Promise<PaymentCheckoutSession | null> {
    const session = await payments().retrieveCheckoutSession(order.paymentSessionId!)
    if (session?.status === 'open') return session
    if (session?.paymentStatus === 'paid') await fulfilment.fulfilCheckoutSession(session)
    else await endPendingOrderNow(db, order.id, 'CANCELLED', order.paymentSessionId)
    return null
  }

  /** Creates the provider session for a PENDING order and stores its id; FAILED (promo released) when the provider fails. */
  async function startPayment(order: OrderRow, uiMode: 'hosted' | 'embedded', urls: { successUrl: string; cancelUrl: string }, previousSessionId: string | null): Promise<PaymentCheckoutSession> {
    const lines = await db
      .select({ productId: orderItems.productId, name: products.name, unitAmountCents: orderItems.priceCents, quantity: orderItems.quantity })
      .from(orderItems)
      .innerJoin(products, eq(orderItems.productId, products.id))
      .where(eq(orderItems.orderId, order.id))
      .orderBy(orderItems.createdAt, orderItems.id)
    let session: PaymentCheckoutSession
    try {
      session = await payments().createCheckoutSession({
        orderId: order.id,
        uiMode,
        lineItems: lines,
        discountCents: order.discountCents,
        taxCents: order.taxCents,
        totalCents: order.totalAmountCents,
        currency: 'usd',
        customerEmail: order.customerEmail,
        successUrl: urls.successUrl,
        cancelUrl: urls.cancelUrl,
        returnUrl: urls.successUrl,
        metadata: { orderId: order.id },
      })
    } catch (error) {
      log.error({ err: error, orderId: order.id }, 'payment provider could not create a checkout session')
      if (previousSessionId === null) await endPendingOrderNow(db, order.id, 'FAILED', null)
      throw providerFailed()
    }
    const sessionCondition = previousSessionId === null ? isNull(orders.paymentSessionId) : eq(orders.paymentSessionId, previousSessionId)
    const [stored] = await db
      .update(orders)
      .set({ paymentSessionId: session.id, updatedAt: sql`now()` })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'PENDING'), sessionCondition))
      .returning({ id: orders.id })
    if (!stored) {
      // A newer checkout of the same buyer replaced this order while the session was made.
      await payments().expireCheckoutSession(session.id).catch((error) => log.warn({ err: error, sessionId: session.id }, 'could not expire an orphaned session'))
      throw new AppError(409, 'CHECKOUT_REPLACED', MESSAGES.replaced)
    }
    return session
  }

  return {
    /** POST /api/checkout/sessions: validates, prices from the database and answers one payable session. */
    async createCheckoutSession(body: CheckoutSessionBody, sessionUser: SessionUser | null): Promise<CheckoutSessionResponse> {
      const request = readCheckoutRequest(body, sessionUser, publicUrl)
      const priced = await priceCheckout(db, promo, request)
      const fingerprint = fingerprintOf(request, priced)
      const deadline = Date.now() + WAIT_FOR_SESSION_MS
      for (let pause = 25; ; pause = Math.min(pause * 2, 250)) {
        const claim = await claimOrder(request, priced, fingerprint)
        if (claim.kind === 'created') {
          for (const old of claim.replaced) await replaceOrder(old).catch((error) => log.warn({ err: error, orderId: old.id }, 'replacing an older checkout failed'))
          return sessionResponse(claim.order, await startPayment(claim.order, request.uiMode, request, null))
        }
        if (claim.kind === 'reuse') {
          const session = await openSessionOf(claim.order)
          if (session) return sessionResponse(claim.order, session)
          continue
        }
        if (Date.now() > deadline) throw new AppError(409, 'CHECKOUT_BUSY', MESSAGES.busy)
        await sleep(pause)
      }
    },

    /** GET /api/checkout/orders/:orderId/resume: the signed-in user's own PENDING order, payable again. */
    async resumeCheckout(orderId: string, userId: string, uiMode: 'hosted' | 'embedded'): Promise<CheckoutSessionResponse> {
      if (!UUID.test(orderId)) throw notFound(MESSAGES.orderNotFound)
      const [order] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      if (!order) throw notFound(MESSAGES.orderNotFound)
      if (order.status !== 'PENDING' || !order.paymentSessionId) throw new AppError(409, 'ORDER_NOT_PENDING', MESSAGES.notAwaitingPayment)
      const current = await payments().retrieveCheckoutSession(order.paymentSessionId)
      if (current?.paymentStatus === 'paid') {
        await fulfilment.fulfilCheckoutSession(current)
        throw new AppError(409, 'ORDER_NOT_PENDING', MESSAGES.notAwaitingPayment)
      }
      const usable = current?.status === 'open' && (uiMode === 'hosted' ? current.url : current.clientSecret)
      if (usable) return sessionResponse(order, current)
      // The old session must be provably dead before the order points at a new one, or a late payment would find no order.
      if (current && (await expireSession(current.id)) !== 'expired') throw new AppError(409, 'ORDER_NOT_PENDING', MESSAGES.notAwaitingPayment)
      const session = await startPayment(order, uiMode, { successUrl: defaultSuccessUrl(publicUrl), cancelUrl: defaultCancelUrl(publicUrl) }, order.paymentSessionId)
      return sessionResponse(order, session)
    },
  }
}

export type CheckoutService = ReturnType<typeof createCheckoutService>
