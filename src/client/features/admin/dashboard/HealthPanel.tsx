/**
 * The dashboard's "Store health": the mail outbox, payment events and each periodic job with a
 * coloured state (named in words too, not by colour alone) and, when not green, what to do.
 */
import type { HealthCheck, HealthLevel } from '../../../../shared/contract/admin-health.ts'
import { useStoreHealth } from './api/get-health.ts'

const LEVEL_STYLE: Record<HealthLevel, { dot: string; word: string }> = {
  green: { dot: 'bg-emerald-400', word: 'OK' },
  amber: { dot: 'bg-amber-400', word: 'Slow' },
  red: { dot: 'bg-red-500', word: 'Needs you' },
}

const JOB_NAMES: Record<string, string> = { 'expire-sessions': 'Expired sessions clean-up', 'cart-reminders': 'Cart reminders' }

function HealthRow({ name, check }: { name: string; check: HealthCheck }) {
  const style = LEVEL_STYLE[check.level]
  return (
    <li className="py-3" aria-label={name}>
      <div className="flex flex-wrap items-baseline gap-x-2">
        <span aria-hidden="true" className={`inline-block h-2.5 w-2.5 shrink-0 rounded-full ${style.dot}`} />
        <span className="font-medium text-zinc-100">{name}</span>
        <span className="text-xs text-zinc-400">{style.word}</span>
        <span className="basis-full text-zinc-300 sm:basis-auto">{check.summary}</span>
      </div>
      {check.action ? <p className="mt-1 text-xs text-zinc-400">{check.action}</p> : null}
    </li>
  )
}

export function HealthPanel() {
  const health = useStoreHealth()
  return (
    <section aria-labelledby="store-health" className="mt-6 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-4">
      <h2 id="store-health" className="text-sm font-semibold text-zinc-200">
        Store health
      </h2>
      {health.isPending ? (
        <p className="mt-3 text-sm text-zinc-400">Checking…</p>
      ) : health.isError ? (
        <p className="mt-3 text-sm text-red-300">{health.error.message}</p>
      ) : (
        <ul className="mt-1 divide-y divide-zinc-800 text-sm">
          <HealthRow name="Emails" check={health.data.outbox} />
          <HealthRow name="Payment events" check={health.data.webhooks} />
          {health.data.jobs.map((job) => (
            <HealthRow key={job.job} name={JOB_NAMES[job.job] ?? job.job} check={job} />
          ))}
        </ul>
      )}
    </section>
  )
}
