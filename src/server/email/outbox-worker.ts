/**
 * The mail outbox's worker in a running server: delivers due email at once when this process
 * queued some, and by polling for retries and for mail queued by other processes. Started by
 * main.ts, never by tests, which call `mailer.deliverDue` themselves.
 */
import type { FastifyBaseLogger } from 'fastify'
import { startPollingWorker } from '../jobs/polling-worker.ts'
import type { Mailer } from './mailer.ts'
import { DELIVERY_BATCH_SIZE } from './outbox-delivery.ts'

export const OUTBOX_POLL_MS = 2000

/** Starts the worker; answers a function that stops it, awaiting a delivery in flight. */
export function startOutboxWorker(mailer: Mailer, log: FastifyBaseLogger): () => Promise<void> {
  return startPollingWorker({
    // A full batch means more may be waiting.
    runOnce: async () => (await mailer.deliverDue({ log })).attempted >= DELIVERY_BATCH_SIZE,
    pollMs: OUTBOX_POLL_MS,
    subscribe: mailer.onQueued,
    onError: (error) => log.error({ err: error }, 'Mail outbox worker run failed'),
  })
}
