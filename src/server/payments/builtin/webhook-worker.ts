/**
 * The built-in provider's background work in a running server: deliver due webhook events
 * (at once when this process queues one, and by polling for retries and for events queued by
 * other processes) and expire sessions past their deadline. Started by main.ts, never by tests,
 * which call deliverDueWebhooks themselves.
 */
import type { FastifyInstance } from 'fastify'
import { startPollingWorker } from '../../jobs/polling-worker.ts'
import { isBuiltinProvider } from './builtin-provider.ts'
import { DELIVERY_BATCH_SIZE } from './webhook-deliveries.ts'

/** How often due deliveries are looked for when nothing nudged the worker. */
export const DELIVERY_POLL_MS = 2000
/** How often open sessions past their deadline are expired. */
export const EXPIRY_SWEEP_MS = 60_000

/** Starts the worker when the built-in provider is in use; returns a function that stops it (awaiting work in flight). */
export function startWebhookWorker(app: FastifyInstance): () => Promise<void> {
  const provider = app.payments
  if (!isBuiltinProvider(provider)) return async () => {}
  const log = { info: (message: string) => app.log.info(message), warn: (message: string) => app.log.warn(message) }
  let lastSweep = 0
  return startPollingWorker({
    async runOnce() {
      if (Date.now() - lastSweep >= EXPIRY_SWEEP_MS) {
        lastSweep = Date.now()
        const expired = await provider.expireDueSessions()
        if (expired > 0) log.info(`Expired ${expired} checkout session(s) past their deadline`)
      }
      // A full batch means more may be waiting.
      return (await provider.deliverDueWebhooks({ log })).attempted >= DELIVERY_BATCH_SIZE
    },
    pollMs: DELIVERY_POLL_MS,
    subscribe: provider.onEventQueued,
    onError: (error) => app.log.error({ err: error }, 'Payment webhook worker run failed'),
  })
}
