/**
 * What happens to a built-in payment after the sale, as Stripe would do it: refunds (full or
 * partial, never more than was paid) and disputes that a test or a demo opens and closes. Each
 * change is written in the same transaction as the signed event that announces it
 * (`charge.refunded`, `charge.dispute.created`, `charge.dispute.closed`), so the store hears of
 * it exactly as it hears of a Stripe refund.
 */
import { createHash, randomUUID } from 'node:crypto'
import { and, asc, eq, notInArray, sql } from 'drizzle-orm'
import { CLOSED_DISPUTE_STATUSES, refundedCentsOf } from '../../../shared/after-sale.ts'
import type { Database } from '../../db/client.ts'
import { AppError, notFound } from '../../http/errors.ts'
import { paymentDisputes, paymentRefunds, paymentSessions, type PaymentDisputeRow, type PaymentRefundRow, type PaymentSessionRow } from '../payments.schema.ts'
import type { PaymentDispute, PaymentRecord, PaymentRefund, RefundInput } from '../provider.ts'
import { newDisputeId, newEventId } from './ids.ts'
import { chargeObject, disputeObject, stripeEvent } from './stripe-objects.ts'
import { enqueueWebhookEvent } from './webhook-deliveries.ts'

export const AFTER_SALE_MESSAGES = {
  noSuchPayment: 'No such payment.',
  notPaid: 'This checkout session has not been paid.',
  tooMuch: 'Refund amount is greater than what is left of the charge.',
  alreadyRefunded: 'This charge has already been refunded.',
  disputed: 'This charge has been disputed and cannot be refunded.',
  alreadyDisputed: 'This charge already has a dispute.',
  noSuchDispute: 'No such dispute.',
  disputeClosed: 'This dispute is already closed.',
} as const

export interface AfterSaleStoreDeps {
  db: Database
  /** Told after a transaction that queued an event commits, so delivery starts at once. */
  onEventQueued: () => void
}

const toRefund = (row: PaymentRefundRow): PaymentRefund => ({
  id: row.id,
  paymentIntentId: row.paymentIntentId,
  amountCents: row.amountCents,
  status: row.status,
  reason: row.reason,
  metadata: { ...row.metadata },
})

const toDispute = (row: PaymentDisputeRow): PaymentDispute => ({
  id: row.id,
  paymentIntentId: row.paymentIntentId,
  amountCents: row.amountCents,
  status: row.status,
  reason: row.reason,
})

/** One idempotency key, one refund: its id is derived from the key, so a retry finds the first. */
const refundIdOf = (idempotencyKey: string) => `re_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`

export function createAfterSaleStore({ db, onEventQueued }: AfterSaleStoreDeps) {
  const refundsOf = (tx: Pick<Database, 'select'>, paymentIntentId: string) =>
    tx.select().from(paymentRefunds).where(eq(paymentRefunds.paymentIntentId, paymentIntentId)).orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id))

  async function paidSession(tx: Pick<Database, 'select'>, where: { paymentIntentId: string } | { sessionId: string }): Promise<PaymentSessionRow> {
    const condition = 'sessionId' in where ? eq(paymentSessions.id, where.sessionId) : eq(paymentSessions.paymentIntentId, where.paymentIntentId)
    const [session] = await tx.select().from(paymentSessions).where(condition).for('update')
    if (!session) throw notFound(AFTER_SALE_MESSAGES.noSuchPayment, 'resource_missing')
    if (session.paymentStatus !== 'paid' || !session.paymentIntentId) throw new AppError(400, 'charge_not_paid', AFTER_SALE_MESSAGES.notPaid)
    return session
  }

  async function disputeOf(tx: Pick<Database, 'select'>, paymentIntentId: string): Promise<PaymentDisputeRow | null> {
    const [dispute] = await tx.select().from(paymentDisputes).where(eq(paymentDisputes.paymentIntentId, paymentIntentId)).limit(1)
    return dispute ?? null
  }

  async function queued<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    const result = await db.transaction(async (tx) => work(tx as unknown as Database))
    onEventQueued()
    return result
  }

  /** Refunds part or all of a paid payment and announces `charge.refunded`; the same idempotency key answers the first refund. */
  function refund({ paymentIntentId, amountCents, reason, metadata, idempotencyKey }: RefundInput): Promise<PaymentRefund> {
    const id = refundIdOf(idempotencyKey)
    return queued(async (tx) => {
      // The session row lock queues concurrent refunds of one payment, so together they never pass the amount paid.
      const session = await paidSession(tx, { paymentIntentId })
      const refunds = await refundsOf(tx, paymentIntentId)
      const existing = refunds.find((row) => row.id === id)
      if (existing) return toRefund(existing)
      const refunded = refundedCentsOf(refunds)
      // As Stripe: a disputed charge is settled by its dispute, and a fully refunded one has nothing left.
      if (await disputeOf(tx, paymentIntentId)) throw new AppError(400, 'charge_disputed', AFTER_SALE_MESSAGES.disputed)
      if (refunded >= session.amountTotalCents) throw new AppError(400, 'charge_already_refunded', AFTER_SALE_MESSAGES.alreadyRefunded)
      if (!Number.isInteger(amountCents) || amountCents <= 0 || refunded + amountCents > session.amountTotalCents) {
        throw new AppError(400, 'amount_too_large', AFTER_SALE_MESSAGES.tooMuch)
      }
      const [row] = await tx
        .insert(paymentRefunds)
        .values({
          id,
          paymentIntentId,
          amountCents,
          currency: session.currency,
          reason: 'requested_by_customer',
          metadata: { ...metadata, ...(reason ? { reason } : {}) },
        })
        .returning()
      const now = new Date()
      await enqueueWebhookEvent(tx, stripeEvent(newEventId(), 'charge.refunded', chargeObject(session, [...refunds, row!]), now), now)
      return toRefund(row!)
    })
  }

  return {
    refund,

    /** A refund made at the provider, not by the store (Stripe's dashboard): no metadata of ours; the whole rest when no amount is given. */
    async refundFromDashboard(sessionId: string, amountCents?: number): Promise<PaymentRefund> {
      const [session] = await db.select().from(paymentSessions).where(eq(paymentSessions.id, sessionId))
      if (!session) throw notFound(AFTER_SALE_MESSAGES.noSuchPayment, 'resource_missing')
      if (!session.paymentIntentId) throw new AppError(400, 'charge_not_paid', AFTER_SALE_MESSAGES.notPaid)
      const refunded = refundedCentsOf(await refundsOf(db, session.paymentIntentId))
      return refund({
        paymentIntentId: session.paymentIntentId,
        amountCents: amountCents ?? session.amountTotalCents - refunded,
        reason: '',
        metadata: {},
        idempotencyKey: `dashboard:${randomUUID()}`,
      })
    },

    /** The payment's order and refunds as this provider knows them now; null for an unknown payment. */
    async paymentRecord(paymentIntentId: string): Promise<PaymentRecord | null> {
      const [session] = await db
        .select({ metadata: paymentSessions.metadata })
        .from(paymentSessions)
        .where(eq(paymentSessions.paymentIntentId, paymentIntentId))
      if (!session) return null
      return { orderId: session.metadata.orderId ?? null, refunds: (await refundsOf(db, paymentIntentId)).map(toRefund) }
    },

    /** The shopper's bank disputes a paid session's payment: `charge.dispute.created` (for tests and demos). */
    openDispute(sessionId: string, reason = 'fraudulent'): Promise<PaymentDispute> {
      return queued(async (tx) => {
        const session = await paidSession(tx, { sessionId })
        // Stripe allows one dispute per charge.
        if (await disputeOf(tx, session.paymentIntentId!)) throw new AppError(400, 'charge_already_disputed', AFTER_SALE_MESSAGES.alreadyDisputed)
        const [row] = await tx
          .insert(paymentDisputes)
          .values({ id: newDisputeId(), paymentIntentId: session.paymentIntentId!, amountCents: session.amountTotalCents, currency: session.currency, reason })
          .returning()
        const now = new Date()
        await enqueueWebhookEvent(tx, stripeEvent(newEventId(), 'charge.dispute.created', disputeObject(row!), now), now)
        return toDispute(row!)
      })
    },

    /** The bank decides an open dispute: `charge.dispute.closed` with status won or lost. */
    closeDispute(disputeId: string, outcome: 'won' | 'lost'): Promise<PaymentDispute> {
      return queued(async (tx) => {
        const [closed] = await tx
          .update(paymentDisputes)
          .set({ status: outcome, closedAt: sql`now()` })
          .where(and(eq(paymentDisputes.id, disputeId), notInArray(paymentDisputes.status, [...CLOSED_DISPUTE_STATUSES])))
          .returning()
        if (!closed) {
          const [found] = await tx.select({ id: paymentDisputes.id }).from(paymentDisputes).where(eq(paymentDisputes.id, disputeId))
          throw found ? new AppError(400, 'dispute_closed', AFTER_SALE_MESSAGES.disputeClosed) : notFound(AFTER_SALE_MESSAGES.noSuchDispute, 'resource_missing')
        }
        const now = new Date()
        await enqueueWebhookEvent(tx, stripeEvent(newEventId(), 'charge.dispute.closed', disputeObject(closed), now), now)
        return toDispute(closed)
      })
    },
  }
}

export type AfterSaleStore = ReturnType<typeof createAfterSaleStore>
