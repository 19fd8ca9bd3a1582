/**
 * Delivery of the built-in provider's events to our webhook endpoint, as Stripe delivers them:
 * an HTTP POST of the event with a `Stripe-Signature` header made by the stripe SDK, retried
 * with exponential back-off until a 2xx answer, for up to three days. Events are rows written
 * in the same transaction as the state change they announce, so a restart loses none; each
 * attempt is claimed with FOR UPDATE SKIP LOCKED, so two processes never send the same attempt.
 */
import Stripe from 'stripe'
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { paymentWebhookDeliveries, type PaymentWebhookDeliveryRow } from '../payments.schema.ts'
import { newDeliveryId } from './ids.ts'
import type { StripeEventObject } from './stripe-objects.ts'

/** First retry after 1 s, doubling each time, never more than 5 minutes apart. */
export const FIRST_RETRY_MS = 1000
export const MAX_RETRY_MS = 5 * 60_000
/** Stripe keeps retrying for up to three days. */
export const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60_000
/** One attempt may take this long before it counts as failed. */
export const ATTEMPT_TIMEOUT_MS = 30_000
/** A claimed attempt that never reported back (the process died) is retried after this. */
const CLAIM_LEASE_MS = ATTEMPT_TIMEOUT_MS + 30_000
/** Deliveries claimed per run. */
export const DELIVERY_BATCH_SIZE = 20

type FetchLike = (url: string, init: { method: 'POST'; headers: Record<string, string>; body: string; signal?: AbortSignal }) => Promise<{ ok: boolean; status: number; text: () => Promise<string> }>

export interface WebhookLogger {
  info: (message: string) => void
  warn: (message: string) => void
}

export interface DeliverDueWebhooksOptions {
  db: Database
  /** The signing secret (`whsec_…`) the webhook endpoint verifies with. */
  webhookSecret: string
  /** Where events are posted, e.g. http://127.0.0.1:3000/api/webhooks/payments. */
  targetUrl: string
  /** Tests pass one that routes into `app.inject`. */
  fetch?: FetchLike
  /** The clock deciding what is due and when the next attempt is; tests move it forward. */
  now?: Date
  log?: WebhookLogger
}

export interface DeliveryRunResult {
  attempted: number
  delivered: number
  failed: number
}

/** Stores an event for delivery; call inside the transaction that makes the change it announces. */
export async function enqueueWebhookEvent(tx: Pick<Database, 'insert'>, event: StripeEventObject, now: Date): Promise<void> {
  await tx.insert(paymentWebhookDeliveries).values({
    id: newDeliveryId(),
    eventId: event.id,
    type: event.type,
    payload: event as unknown as Record<string, unknown>,
    nextAttemptAt: now,
    createdAt: now,
  })
}

/** Milliseconds to wait after the given failed attempt (1-based): 1 s, 2 s, 4 s, ... capped at 5 min. */
export function retryDelayMs(attempt: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1), MAX_RETRY_MS)
}

/** Sends every due event once; returns what happened. Safe to run from several processes at once. */
export async function deliverDueWebhooks(options: DeliverDueWebhooksOptions): Promise<DeliveryRunResult> {
  const now = options.now ?? new Date()
  const claimed = await claimDueDeliveries(options.db, now)
  const outcomes = await Promise.all(claimed.map((delivery) => attemptDelivery(delivery, options, now)))
  const delivered = outcomes.filter(Boolean).length
  return { attempted: claimed.length, delivered, failed: claimed.length - delivered }
}

/** Takes due rows no other process holds and pushes their next attempt past the lease, in one short transaction. */
async function claimDueDeliveries(db: Database, now: Date): Promise<PaymentWebhookDeliveryRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: paymentWebhookDeliveries.id })
      .from(paymentWebhookDeliveries)
      .where(and(isNull(paymentWebhookDeliveries.deliveredAt), lte(paymentWebhookDeliveries.nextAttemptAt, now)))
      .orderBy(asc(paymentWebhookDeliveries.nextAttemptAt))
      .limit(DELIVERY_BATCH_SIZE)
      .for('update', { skipLocked: true })
    if (due.length === 0) return []
    return tx
      .update(paymentWebhookDeliveries)
      .set({ attempts: sql`${paymentWebhookDeliveries.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
      .where(inArray(paymentWebhookDeliveries.id, due.map((row) => row.id)))
      .returning()
  })
}

async function attemptDelivery(delivery: PaymentWebhookDeliveryRow, options: DeliverDueWebhooksOptions, now: Date): Promise<boolean> {
  const send = options.fetch ?? (globalThis.fetch as unknown as FetchLike)
  const body = JSON.stringify(delivery.payload)
  // Signed at the moment of sending (real time): the receiver checks the age against its own clock.
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: options.webhookSecret })
  let failure: string
  try {
    const response = await send(options.targetUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signature, 'User-Agent': 'ALS-BuiltinPayments/1.0 (+Stripe webhook format)' },
      body,
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    })
    const answer = await response.text().catch(() => '')
    if (response.ok) {
      await options.db
        .update(paymentWebhookDeliveries)
        .set({ deliveredAt: new Date(), nextAttemptAt: null, lastError: null })
        .where(eq(paymentWebhookDeliveries.id, delivery.id))
      return true
    }
    failure = `HTTP ${response.status}: ${answer.slice(0, 300)}`
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error)
  }
  await scheduleRetry(delivery, failure, options, now)
  return false
}

async function scheduleRetry(delivery: PaymentWebhookDeliveryRow, failure: string, options: DeliverDueWebhooksOptions, now: Date): Promise<void> {
  const next = new Date(now.getTime() + retryDelayMs(delivery.attempts))
  const givingUp = next.getTime() - delivery.createdAt.getTime() > GIVE_UP_AFTER_MS
  await options.db
    .update(paymentWebhookDeliveries)
    .set({ nextAttemptAt: givingUp ? null : next, lastError: givingUp ? `Gave up after ${delivery.attempts} attempts: ${failure}` : failure })
    .where(and(eq(paymentWebhookDeliveries.id, delivery.id), isNull(paymentWebhookDeliveries.deliveredAt)))
  const what = `${delivery.type} ${delivery.eventId} (attempt ${delivery.attempts})`
  if (givingUp) options.log?.warn(`Webhook ${what} failed; giving up after three days: ${failure}`)
  else options.log?.warn(`Webhook ${what} failed, retrying in ${Math.round(retryDelayMs(delivery.attempts) / 1000)} s: ${failure}`)
}
