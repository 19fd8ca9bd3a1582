/**
 * Delivery of the built-in provider's events to our webhook endpoint, as Stripe delivers them:
 * an HTTP POST of the event with a `Stripe-Signature` header made by the stripe SDK, retried
 * with exponential back-off until a 2xx answer, for up to three days. Events are rows written
 * in the same transaction as the state change they announce, so a restart loses none; each
 * attempt is claimed with FOR UPDATE SKIP LOCKED (a claim-with-lease queue, jobs/lease-queue.ts),
 * so two processes never send the same attempt.
 */
import { stripeSdk } from '../stripe-sdk.ts'
import type { Database } from '../../db/client.ts'
import { createLeaseQueue } from '../../jobs/lease-queue.ts'
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

type FetchLike = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string; signal?: AbortSignal },
) => Promise<{ ok: boolean; status: number; text: () => Promise<string> }>

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

/** The deliveries as a claim-with-lease queue: all claimed events posted at once, a failure to record the 2xx retried like a failed post. */
const deliveryQueue = createLeaseQueue({
  table: paymentWebhookDeliveries,
  columns: {
    id: paymentWebhookDeliveries.id,
    attempts: paymentWebhookDeliveries.attempts,
    nextAttemptAt: paymentWebhookDeliveries.nextAttemptAt,
    doneAt: paymentWebhookDeliveries.deliveredAt,
    lastError: paymentWebhookDeliveries.lastError,
    createdAt: paymentWebhookDeliveries.createdAt,
  },
  batchSize: DELIVERY_BATCH_SIZE,
  leaseMs: CLAIM_LEASE_MS,
  firstRetryMs: FIRST_RETRY_MS,
  maxRetryMs: MAX_RETRY_MS,
  giveUpAfterMs: GIVE_UP_AFTER_MS,
  handling: 'all-at-once',
  retryWhenMarkingDoneFails: true,
})

/** Milliseconds to wait after the given failed attempt (1-based): 1 s, 2 s, 4 s, ... capped at 5 min. */
export const retryDelayMs = deliveryQueue.retryDelayMs

/** Sends every due event once; returns what happened. Safe to run from several processes at once. */
export async function deliverDueWebhooks(options: DeliverDueWebhooksOptions): Promise<DeliveryRunResult> {
  const run = await deliveryQueue.runDue({
    db: options.db,
    now: options.now ?? new Date(),
    handle: (delivery) => postDelivery(delivery, options),
    onFailure: ({ row, attempt, message, givingUp, retryInMs }) => {
      const what = `${row.type} ${row.eventId} (attempt ${attempt})`
      if (givingUp) options.log?.warn(`Webhook ${what} failed; giving up after three days: ${message}`)
      else options.log?.warn(`Webhook ${what} failed, retrying in ${Math.round(retryInMs / 1000)} s: ${message}`)
    },
  })
  return { attempted: run.attempted, delivered: run.done, failed: run.failed }
}

/** Posts one event; throws unless the endpoint answered 2xx. */
async function postDelivery(delivery: PaymentWebhookDeliveryRow, options: DeliverDueWebhooksOptions): Promise<void> {
  const send = options.fetch ?? (globalThis.fetch as unknown as FetchLike)
  const body = JSON.stringify(delivery.payload)
  // Signed at the moment of sending (real time): the receiver checks the age against its own clock.
  const signature = stripeSdk().webhooks.generateTestHeaderString({ payload: body, secret: options.webhookSecret })
  const response = await send(options.targetUrl, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Stripe-Signature': signature,
      'User-Agent': 'ALS-BuiltinPayments/1.0 (+Stripe webhook format)',
    },
    body,
    signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
  })
  const answer = await response.text().catch(() => '')
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${answer.slice(0, 300)}`)
}
