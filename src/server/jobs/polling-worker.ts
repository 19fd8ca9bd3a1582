/**
 * A background loop for work kept in the database (webhook deliveries, the mail outbox): it
 * runs at once when this process queued work, polls for retries and for work other processes
 * queued, never runs twice at the same time in one process, and stops cleanly, awaiting the
 * run in flight. Several processes may each run one: the work itself must be claimed with
 * SKIP LOCKED so no two take the same row.
 */
export interface PollingWorkerOptions {
  /** Does one batch; answers true when more may be waiting (then it runs again at once). */
  runOnce: () => Promise<boolean>
  /** How often to look when nothing nudged the worker. */
  pollMs: number
  /** Registers the nudge; answers a function that unregisters it. */
  subscribe?: (nudge: () => void) => () => void
  onError: (error: unknown) => void
}

export function startPollingWorker({ runOnce, pollMs, subscribe, onError }: PollingWorkerOptions): () => Promise<void> {
  let stopped = false
  let running: Promise<void> | null = null
  let again = false
  let timer: NodeJS.Timeout | undefined

  const run = () => {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    clearTimeout(timer)
    running = (async () => {
      try {
        while (!stopped && (await runOnce())) {}
      } catch (error) {
        onError(error)
      }
    })().finally(() => {
      running = null
      if (stopped) return
      if (again) {
        again = false
        setImmediate(run)
      } else {
        timer = setTimeout(run, pollMs)
        timer.unref()
      }
    })
  }

  const unsubscribe = subscribe?.(run) ?? (() => {})
  run()
  return async () => {
    stopped = true
    unsubscribe()
    clearTimeout(timer)
    await running
  }
}
