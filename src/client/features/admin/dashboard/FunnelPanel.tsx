/**
 * The dashboard's funnel: how many product pages were seen, how many times a product went into a
 * cart, how many checkouts began and how many orders were paid, for a period the owner picks;
 * each step says what share of the step before it reached it.
 */
import { useState } from 'react'
import { formatDate } from '../../../../shared/dates.ts'
import { FUNNEL_PERIODS, type Funnel, type FunnelPeriod } from '../../../../shared/contract/store-events.ts'
import { useFunnel } from './api/get-funnel.ts'

const PERIOD_NAMES: Record<FunnelPeriod, string> = { 1: 'Today', 7: '7 days', 30: '30 days', 90: '90 days' }

const STEPS: { label: string; value: (funnel: Funnel) => number }[] = [
  { label: 'Product views', value: (funnel) => funnel.productViews },
  { label: 'Added to cart', value: (funnel) => funnel.cartAdds },
  { label: 'Checkout started', value: (funnel) => funnel.checkoutsStarted },
  { label: 'Paid', value: (funnel) => funnel.paidOrders },
]

/** The share of the step before, as people read it: "12%", "0.4%", or a dash when there was nothing before. */
export function stepRate(count: number, previous: number): string {
  if (previous <= 0) return '–'
  const percent = (count / previous) * 100
  return `${percent >= 10 || percent === 0 ? Math.round(percent) : percent.toFixed(1)}%`
}

/** The period in words: "November 28, 2026" for one day, "October 30, 2026 to November 28, 2026" for more. */
function periodText({ from, to }: Funnel): string {
  const day = (date: string) => formatDate(`${date}T12:00:00Z`)
  return from === to ? day(to) : `${day(from)} to ${day(to)}`
}

export function FunnelPanel() {
  const [days, setDays] = useState<FunnelPeriod>(30)
  const funnel = useFunnel(days)
  return (
    <section aria-labelledby="funnel" className="mt-6 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="funnel" className="text-sm font-semibold text-zinc-200">
          Funnel
        </h2>
        <div role="group" aria-label="Period" className="flex rounded-lg border border-zinc-700 p-0.5 text-xs">
          {FUNNEL_PERIODS.map((period) => (
            <button
              key={period}
              type="button"
              aria-pressed={period === days}
              onClick={() => setDays(period)}
              className={`rounded-md px-2.5 py-1.5 font-medium ${period === days ? 'bg-zinc-700 text-white' : 'text-zinc-400 hover:text-zinc-100'}`}
            >
              {PERIOD_NAMES[period]}
            </button>
          ))}
        </div>
      </div>
      {funnel.isPending ? (
        <p className="mt-3 text-sm text-zinc-400">Loading the funnel…</p>
      ) : funnel.isError ? (
        <p className="mt-3 text-sm text-red-300">{funnel.error.message}</p>
      ) : (
        <FunnelSteps funnel={funnel.data} />
      )}
      <p className="mt-3 text-xs text-zinc-400">Counted by the store itself: no tracking script, nothing about who the visitors are.</p>
    </section>
  )
}

function FunnelSteps({ funnel }: { funnel: Funnel }) {
  const counts = STEPS.map((step) => step.value(funnel))
  const widest = Math.max(1, ...counts)
  return (
    <ol className="mt-3 grid grid-cols-2 gap-2 text-sm lg:grid-cols-4">
      {STEPS.map((step, index) => (
        <li key={step.label} aria-label={step.label} className="rounded-xl bg-zinc-950/60 p-3">
          <p className="text-xs text-zinc-400">{step.label}</p>
          <p className="mt-1 text-xl font-bold text-white tabular-nums">{counts[index]!.toLocaleString('en-US')}</p>
          <div aria-hidden="true" className="mt-2 h-1.5 rounded-full bg-zinc-800">
            <div className="h-1.5 rounded-full bg-violet-400" style={{ width: `${(counts[index]! / widest) * 100}%` }} />
          </div>
          <p className="mt-1.5 text-xs text-zinc-400">
            {index === 0 ? periodText(funnel) : `${stepRate(counts[index]!, counts[index - 1]!)} of the step before`}
          </p>
        </li>
      ))}
    </ol>
  )
}
