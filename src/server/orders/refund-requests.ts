/**
 * Refund requests: a refund the owner starts is claimed before the payment provider is asked,
 * so two refunds of one order, however close together (two tabs, a double click), never pay an
 * item back twice nor give back an item nobody chose.
 *
 *  1. claim: one short transaction under the order's row lock reads the order's refunds and its
 *     pending requests. An item already refunded, or in a pending request, is refused (409
 *     naming the product); the amount counts pending requests as refunded; the request is
 *     stored pending under its own idempotency key, `refund:<orderId>:<refunds + requests so
 *     far>`, which the lock makes unique and which no later request of the order reuses.
 *  2. the provider is asked outside any transaction (PGlite has one connection and the
 *     built-in provider writes to the database), with that key and the request's id in the
 *     refund's metadata.
 *  3. the refund row is stored and the request marked succeeded in the transaction that
 *     settles the order (after-sale.service.ts). If the provider throws and then says it made
 *     no refund for the request, it is marked failed and its items may be refunded again under
 *     a new key; if the provider cannot be asked, the request stays pending.
 *
 * A request left pending by a process that stopped between 1 and 3 holds its items until the
 * provider's refund event names it (`completeFromProvider`, called by syncRefunds), or, once
 * it is STALE_AFTER_MINUTES old, until the owner refunds the order again: it is then sent
 * again first, under its own key, so the provider answers the refund it may already have made
 * instead of making a second one.
 */
import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm'
import { isUuid } from '../../shared/ids.ts'
import type { CatalogReadsService } from '../catalog/catalog-reads.service.ts'
import type { Database, Executor } from '../db/client.ts'
import { AppError, notFound } from '../http/errors.ts'
import type { PaymentRefund } from '../payments/provider.ts'
import { isRefundableOrder } from './order-views.ts'
import { orderItems, orderRefunds, orders, refundRequests, type OrderRow, type RefundRequestRow } from './orders.schema.ts'
import { coveredItemIds, refundAmountFor, refundedOrPendingCents } from './refund-allocation.ts'

/** How long a request may stay pending before the owner's next refund of the order sends it again. */
export const STALE_AFTER_MINUTES = 10

/** `"Drum Pack"`, `"Drum Pack" and "Keys"`, `"Drum Pack", "Keys" and "Bass"`. */
function quoted(names: readonly string[]): string {
  const all = names.map((name) => `"${name}"`)
  return all.length > 1 ? `${all.slice(0, -1).join(', ')} and ${all.at(-1)}` : (all[0] ?? '')
}

export const REFUND_MESSAGES = {
  orderNotFound: 'Order not found',
  notRefundable: 'Only a paid order that is not disputed can be refunded',
  itemNotInOrder: 'This item is not part of the order',
  cameWithBundle: 'This item came with a bundle: refund the bundle, which takes back every item it gave',
  nothingToRefund: 'Nothing is left to refund on this order',
  alreadyRefunded: (names: readonly string[]) => `${quoted(names)} ${names.length > 1 ? 'are' : 'is'} already refunded`,
  beingRefunded: (names: readonly string[]) => `${quoted(names)} ${names.length > 1 ? 'are' : 'is'} being refunded`,
} as const

interface ClaimInput {
  orderId: string
  /** The items to refund; every item not refunded nor being refunded when absent. */
  orderItemIds?: readonly string[] | undefined
  reason: string
  /** The admin who asked. */
  requestedBy?: string | undefined
}

/** A request to send to the provider, with the payment it refunds. */
export interface ClaimedRefund {
  request: RefundRequestRow
  paymentIntentId: string
}

type ItemsRefusal = { code: 'ITEM_NOT_REFUNDABLE' | 'REFUND_IN_PROGRESS'; productIds: string[]; message: (names: readonly string[]) => string }
type ClaimOutcome = { claimed: ClaimedRefund } | { refused: AppError } | { refusedItems: ItemsRefusal }

export interface RefundRequestsDeps {
  db: Database
  /** Names the products of refused items. */
  catalog: Pick<CatalogReadsService, 'productSummariesByIds'>
  /** Locks the order's row for the transaction (after-sale.service.ts): every change to its refunds queues on it. */
  lockOrder: (tx: Executor, orderId: string) => Promise<OrderRow | null>
}

export function createRefundRequests({ db, catalog, lockOrder }: RefundRequestsDeps) {
  /** Step 1, under the order's row lock: refuses what is refunded or being refunded, prices the rest, stores the request pending. */
  async function claimUnderLock(tx: Executor, { orderId, orderItemIds, reason, requestedBy }: ClaimInput): Promise<ClaimOutcome> {
    const order = await lockOrder(tx, orderId)
    if (!order) return { refused: notFound(REFUND_MESSAGES.orderNotFound) }
    // Items named on a fully refunded order go on to the item checks, so a request that lost a race to a whole-order refund names what is already refunded.
    const refundable = isRefundableOrder(order) || (order.status === 'REFUNDED' && orderItemIds !== undefined && orderItemIds !== null)
    if (!refundable || !order.paymentIntentId) return { refused: new AppError(409, 'ORDER_NOT_REFUNDABLE', REFUND_MESSAGES.notRefundable) }
    // One after another: a transaction is one connection, which runs one query at a time.
    const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id))
    // Refunds are of what was paid for: the order's own lines; an item a bundle granted goes back with its bundle.
    const items = lines.filter((item) => item.parentItemId === null)
    const refunds = await tx.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))
    const requests = await tx.select().from(refundRequests).where(eq(refundRequests.orderId, order.id))
    const pending = requests.filter((request) => request.status === 'pending')

    const refunded = coveredItemIds(items, order, refunds)
    const beingRefunded = new Set(pending.flatMap((request) => request.orderItemIds))
    const remaining = new Set(items.filter((item) => !refunded.has(item.id) && !beingRefunded.has(item.id)).map((item) => item.id))
    const chosen = [...new Set(orderItemIds ?? remaining)].sort()
    const productOf = new Map(items.map((item) => [item.id, item.productId]))
    const outside = chosen.filter((id) => !productOf.has(id))
    if (outside.length > 0) {
      const granted = outside.every((id) => lines.some((item) => item.id === id))
      return { refused: new AppError(409, 'ITEM_NOT_REFUNDABLE', granted ? REFUND_MESSAGES.cameWithBundle : REFUND_MESSAGES.itemNotInOrder) }
    }
    const productsOf = (ids: string[]) => ids.map((id) => productOf.get(id)!)
    const done = chosen.filter((id) => refunded.has(id))
    if (done.length > 0) return { refusedItems: { code: 'ITEM_NOT_REFUNDABLE', productIds: productsOf(done), message: REFUND_MESSAGES.alreadyRefunded } }
    const inFlight = chosen.filter((id) => beingRefunded.has(id))
    if (inFlight.length > 0) return { refusedItems: { code: 'REFUND_IN_PROGRESS', productIds: productsOf(inFlight), message: REFUND_MESSAGES.beingRefunded } }

    const amountCents = refundAmountFor(items, order, refundedOrPendingCents(refunds, pending), remaining, chosen)
    if (chosen.length === 0 || amountCents <= 0) return { refused: new AppError(409, 'NOTHING_TO_REFUND', REFUND_MESSAGES.nothingToRefund) }
    const [request] = await tx
      .insert(refundRequests)
      .values({
        orderId: order.id,
        orderItemIds: chosen,
        amountCents,
        idempotencyKey: `refund:${order.id}:${refunds.length + requests.length}`,
        reason,
        requestedBy: requestedBy ?? null,
      })
      .returning()
    return { claimed: { request: request!, paymentIntentId: order.paymentIntentId } }
  }

  return {
    /** Claims the refund of these items, or throws the 404/409 that says why not (naming the products of refused items). */
    async claim(input: ClaimInput): Promise<ClaimedRefund> {
      const outcome = isUuid(input.orderId) ? await db.transaction((tx) => claimUnderLock(tx, input)) : { refused: notFound(REFUND_MESSAGES.orderNotFound) }
      if ('claimed' in outcome) return outcome.claimed
      if ('refused' in outcome) throw outcome.refused
      // Named after the transaction: the catalog reads through its own connection.
      const { code, productIds, message } = outcome.refusedItems
      const products = await catalog.productSummariesByIds(productIds)
      const names = [...new Set(productIds.map((id) => products.get(id)?.name ?? 'Product'))]
      throw new AppError(409, code, message(names))
    },

    /**
     * The order's requests pending for STALE_AFTER_MINUTES, taken to be sent again. Taking one
     * marks it fresh in the same statement, so of two refunds racing here only one sends it.
     */
    async takeStale(orderId: string): Promise<ClaimedRefund[]> {
      if (!isUuid(orderId)) return []
      const stale = await db
        .update(refundRequests)
        .set({ updatedAt: sql`now()` })
        .where(
          and(
            eq(refundRequests.orderId, orderId),
            eq(refundRequests.status, 'pending'),
            lt(refundRequests.updatedAt, sql`now() - make_interval(mins => ${STALE_AFTER_MINUTES})`),
          ),
        )
        .returning()
      if (stale.length === 0) return []
      const [order] = await db.select({ paymentIntentId: orders.paymentIntentId }).from(orders).where(eq(orders.id, orderId))
      const paymentIntentId = order?.paymentIntentId
      return paymentIntentId ? stale.map((request) => ({ request, paymentIntentId })) : []
    },

    /** Step 3, in the transaction that stores the refund. */
    async markSucceeded(tx: Executor, requestId: string, refundId: string): Promise<void> {
      await tx
        .update(refundRequests)
        .set({ status: 'succeeded', refundId, updatedAt: sql`now()` })
        .where(eq(refundRequests.id, requestId))
    },

    /** The provider refused (or could not be reached): the items are free to be refunded again. */
    async markFailed(requestId: string): Promise<void> {
      await db
        .update(refundRequests)
        .set({ status: 'failed', updatedAt: sql`now()` })
        .where(and(eq(refundRequests.id, requestId), eq(refundRequests.status, 'pending')))
    },

    /** The provider's refunds that name a request of the order (its metadata) complete it, whoever was meant to. */
    async completeFromProvider(tx: Executor, orderId: string, refunds: readonly PaymentRefund[]): Promise<void> {
      const named = new Map(
        refunds.filter((refund) => isUuid(refund.metadata.refundRequestId ?? '')).map((refund) => [refund.metadata.refundRequestId!, refund.id]),
      )
      if (named.size === 0) return
      const open = await tx
        .select({ id: refundRequests.id })
        .from(refundRequests)
        .where(and(eq(refundRequests.orderId, orderId), ne(refundRequests.status, 'succeeded'), inArray(refundRequests.id, [...named.keys()])))
      for (const { id } of open)
        await tx
          .update(refundRequests)
          .set({ status: 'succeeded', refundId: named.get(id)!, updatedAt: sql`now()` })
          .where(eq(refundRequests.id, id))
    },
  }
}
