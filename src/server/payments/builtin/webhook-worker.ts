/**
 * The built-in provider's background work in a running server: deliver due webhook events
 * (at once when this process queues one, and by polling for retries and for events queued by
 * other processes) and expire sessions past their deadline. Started by main.ts, never by tests,
 * which call deliverDueWebhooks themselves.
 */
import type { FastifyInstance } from 'fastify'
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

  let stopped = false
  let running: Promise<void> | null = null
  let again = false
  let timer: NodeJS.Timeout | undefined
  let lastSweep = 0

  const run = () => {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    clearTimeout(timer)
    running = (async () => {
      try {
        if (Date.now() - lastSweep >= EXPIRY_SWEEP_MS) {
          lastSweep = Date.now()
          const expired = await provider.expireDueSessions()
          if (expired > 0) log.info(`Expired ${expired} checkout session(s) past their deadline`)
        }
        // A full batch means more may be waiting: keep going until a run finds little to do.
        while (!stopped && (await provider.deliverDueWebhooks({ log })).attempted >= DELIVERY_BATCH_SIZE) {}
      } catch (error) {
        app.log.error({ err: error }, 'Payment webhook worker run failed')
      }
    })().finally(() => {
      running = null
      if (stopped) return
      if (again) {
        again = false
        setImmediate(run)
      } else {
        timer = setTimeout(run, DELIVERY_POLL_MS)
        timer.unref()
      }
    })
  }

  const unsubscribe = provider.onEventQueued(run)
  run()
  return async () => {
    stopped = true
    unsubscribe()
    clearTimeout(timer)
    await running
  }
}
