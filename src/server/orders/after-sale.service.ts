/**
 * After the sale: refunds and disputes as they affect an order. The provider's events are
 * applied as facts (one row per refund, one per dispute: after-sale-facts.ts) under the order's
 * row lock, and the order's status and each item's download access are derived again from all
 * the facts (order-settlement.ts), so events may arrive in any order, several times, or before
 * the order is even marked paid.
 *
 * Refund events are not trusted for what they carry: the payment's refunds are read from the
 * provider each time, so a late `charge.refunded` cannot undo a later `refund.updated`.
 *
 * A refund the owner starts is claimed first (refund-requests.ts: one request per refund, its
 * items held while the provider is asked), so no item is paid back twice however refunds of
 * one order interleave.
 */
import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { isUuid } from '../../shared/ids.ts'
import type { CatalogReadsService } from '../catalog/catalog-reads.service.ts'
import type { Database, Executor } from '../db/client.ts'
import { recordProcessedEvent } from '../payments/payments.service.ts'
import type { PaymentDispute, PaymentProvider, PaymentRefund } from '../payments/provider.ts'
import { storeDispute, storeProviderRefunds, storeRequestedRefund } from './after-sale-facts.ts'
import type { EventRef } from './fulfilment.types.ts'
import type { OrderLicenceKeys, OrderTaxDocuments } from './order-dependents.types.ts'
import { createOrderSettlement } from './order-settlement.ts'
import { orders, type OrderRow } from './orders.schema.ts'
import { createRefundRequests, type ClaimedRefund } from './refund-requests.ts'

/** Stripe keeps metadata values to 500 characters: past that a refund names no items and covers by amount. */
const METADATA_VALUE_MAX = 500

export type AfterSaleOutcome = 'applied' | 'duplicate-event' | 'unknown-order'

export interface AfterSaleResult {
  outcome: AfterSaleOutcome
  order: OrderRow | null
}

export interface RefundOrderInput {
  orderId: string
  /** The items to refund; all items not refunded nor being refunded when absent. */
  orderItemIds?: readonly string[] | undefined
  /** Why, in the shop owner's words. */
  reason: string
  /** The admin who asked (kept on the refund request). */
  requestedBy?: string | undefined
  /** Records who refunded, in the transaction that stores the refund. */
  audit?: (tx: Executor, change: { before: Record<string, unknown>; after: Record<string, unknown> }) => Promise<void>
}

export interface AfterSaleServiceDeps {
  db: Database
  log: FastifyBaseLogger
  payments: () => PaymentProvider
  /** Names the products of items a refund refuses. */
  catalog: Pick<CatalogReadsService, 'productSummariesByIds'>
  /** A refund that succeeded gets its credit note when the order is settled. */
  taxDocuments: Pick<OrderTaxDocuments, 'issueCreditNotes'>
  /** Each item's licence keys follow its access: revoked, suspended, or active again. */
  licenceKeys: Pick<OrderLicenceKeys, 'followItemAccess'>
}

export function createAfterSaleService({ db, log, payments, catalog, taxDocuments, licenceKeys }: AfterSaleServiceDeps) {
  async function lockOrder(tx: Executor, orderId: string): Promise<OrderRow | null> {
    if (!isUuid(orderId)) return null
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
    return order ?? null
  }
  const requests = createRefundRequests({ db, catalog, lockOrder })

  /** Derives the order's status and its items' access from its refunds and disputes (order-settlement.ts); call with the order row locked. */
  const settle = createOrderSettlement({ taxDocuments, licenceKeys })

  /** Our order behind a payment: the one paid with it, else the one the provider's metadata names. */
  async function orderIdOfPayment(paymentIntentId: string, named: string | null): Promise<string | null> {
    const [paid] = await db.select({ id: orders.id }).from(orders).where(eq(orders.paymentIntentId, paymentIntentId)).limit(1)
    if (paid) return paid.id
    if (named && isUuid(named)) return named
    return (await payments().paymentRecord(paymentIntentId))?.orderId ?? null
  }

  /** Runs `apply` on the locked order in one transaction with the event's id, unless the event was processed before. */
  async function applyToOrder(
    orderId: string | null,
    { eventId, eventType = 'after-sale' }: EventRef,
    apply: (tx: Executor, order: OrderRow) => Promise<void>,
    afterSettle?: (tx: Executor, before: OrderRow, after: OrderRow) => Promise<void>,
  ): Promise<AfterSaleResult> {
    return db.transaction(async (tx): Promise<AfterSaleResult> => {
      const order = orderId ? await lockOrder(tx, orderId) : null
      if (!order) return { outcome: 'unknown-order', order: null }
      if (eventId && !(await recordProcessedEvent(tx, eventId, eventType))) return { outcome: 'duplicate-event', order }
      await apply(tx, order)
      const settled = await settle(tx, order)
      await afterSettle?.(tx, order, settled)
      return { outcome: 'applied', order: settled }
    })
  }

  /** The refund the provider made for a request (its id is in the metadata); null if none, undefined if the provider cannot be asked. */
  async function refundMadeFor(paymentIntentId: string, requestId: string): Promise<PaymentRefund | null | undefined> {
    try {
      const record = await payments().paymentRecord(paymentIntentId)
      return record?.refunds.find((refund) => refund.metadata.refundRequestId === requestId) ?? null
    } catch {
      return undefined
    }
  }

  /**
   * Asks the provider for a claimed refund, outside any transaction, and stores its answer with
   * the order settled; when the provider throws, the request fails and its items are free again.
   */
  async function sendRefund({ request, paymentIntentId }: ClaimedRefund, audit: RefundOrderInput['audit']): Promise<OrderRow> {
    const named = request.orderItemIds.join(',')
    const reason = request.reason ?? ''
    let refund: PaymentRefund
    try {
      refund = await payments().refund({
        paymentIntentId,
        amountCents: request.amountCents,
        reason,
        metadata: {
          orderId: request.orderId,
          refundRequestId: request.id,
          ...(named.length <= METADATA_VALUE_MAX ? { orderItemIds: named } : {}),
          ...(reason ? { reason: reason.slice(0, METADATA_VALUE_MAX) } : {}),
        },
        // The request's own key: sending it again (a request left pending) answers the same refund.
        idempotencyKey: request.idempotencyKey,
      })
    } catch (error) {
      // A call that failed may still have refunded (a timeout after the provider acted): ask it.
      // Only a refund the provider surely did not make frees the items; when it cannot be asked,
      // the request stays pending and is sent again, under its own key, once it is stale.
      const made = await refundMadeFor(paymentIntentId, request.id)
      if (made === undefined) throw error
      if (made === null) {
        await requests.markFailed(request.id)
        throw error
      }
      log.warn({ orderId: request.orderId, refundId: made.id }, 'the refund call failed but the provider made the refund')
      refund = made
    }
    log.info({ orderId: request.orderId, refundId: refund.id, amountCents: request.amountCents, items: request.orderItemIds.length }, 'order refunded')
    const result = await applyToOrder(
      request.orderId,
      {},
      async (tx) => {
        await storeRequestedRefund(tx, request, refund, reason)
        await requests.markSucceeded(tx, request.id, refund.id)
      },
      (tx, before, after) =>
        audit?.(tx, {
          before: { status: before.status, refundedCents: before.refundedCents },
          after: { status: after.status, refundedCents: after.refundedCents, refund: refund.id, items: request.orderItemIds.length, reason: reason || null },
        }) ?? Promise.resolve(),
    )
    return result.order!
  }

  return {
    settle,

    /** A refund event (`charge.refunded`, `refund.*`): the payment's refunds are read from the provider and applied. */
    async syncRefunds(paymentIntentId: string, namedOrderId: string | null, ref: EventRef): Promise<AfterSaleResult> {
      const record = await payments().paymentRecord(paymentIntentId)
      if (!record) {
        log.warn({ paymentIntentId, eventId: ref.eventId }, 'refund event for a payment the provider does not know')
        return { outcome: 'unknown-order', order: null }
      }
      const orderId = await orderIdOfPayment(paymentIntentId, namedOrderId ?? record.orderId)
      return applyToOrder(orderId, ref, async (tx, order) => {
        await storeProviderRefunds(tx, order.id, record.refunds)
        await requests.completeFromProvider(tx, order.id, record.refunds)
      })
    },

    /** A dispute event (`charge.dispute.*`): the dispute's status is stored, except that a closed dispute never reopens. */
    async recordDispute(dispute: PaymentDispute, ref: EventRef): Promise<AfterSaleResult> {
      const orderId = await orderIdOfPayment(dispute.paymentIntentId, null)
      return applyToOrder(orderId, ref, (tx, order) => storeDispute(tx, order.id, dispute))
    },

    /**
     * A refund the store starts (the owner's console): claimed first, then the items' share of
     * what was paid goes back through the provider, named in its metadata, and their downloads
     * end at once; the provider's own event later finds the refund already applied. A request
     * of the order left pending by a stopped process is sent again first.
     */
    async refundOrder({ orderId, orderItemIds, reason, requestedBy, audit }: RefundOrderInput): Promise<OrderRow> {
      const stale = await requests.takeStale(orderId)
      let finished: OrderRow | null = null
      for (const claimed of stale) finished = await sendRefund(claimed, audit)
      // Asked again for what a stuck request covered: that refund, now done, is the answer.
      const covered = new Set(stale.flatMap(({ request }) => request.orderItemIds))
      if (finished && orderItemIds?.length && orderItemIds.every((id) => covered.has(id))) return finished
      return sendRefund(await requests.claim({ orderId, orderItemIds, reason, requestedBy }), audit)
    },
  }
}

export type AfterSaleService = ReturnType<typeof createAfterSaleService>
