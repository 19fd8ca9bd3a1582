/**
 * A bar per day for one daily figure (revenue, orders, downloads), drawn as SVG with the values
 * also in a table for screen readers; the tallest bar fills the height.
 */
import type { DailyFigure } from '../../../../shared/contract/admin-reports.ts'
import { formatDate } from '../../../../shared/dates.ts'

interface DailyBarsProps {
  title: string
  days: DailyFigure[]
  value: (day: DailyFigure) => number
  format: (value: number) => string
}

const WIDTH = 600
const HEIGHT = 140

export function DailyBars({ title, days, value, format }: DailyBarsProps) {
  const max = Math.max(1, ...days.map(value))
  const slot = WIDTH / days.length
  return (
    <figure className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-4">
      <figcaption className="text-sm font-semibold text-zinc-200">{title}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="mt-3 h-36 w-full" preserveAspectRatio="none" aria-hidden="true">
        {days.map((day, index) => {
          const height = (value(day) / max) * (HEIGHT - 4)
          return (
            <rect
              key={day.day}
              x={index * slot + slot * 0.15}
              y={HEIGHT - height}
              width={slot * 0.7}
              height={Math.max(height, value(day) > 0 ? 2 : 0)}
              rx={2}
              className="fill-brand-400"
            >
              <title>{`${formatDate(`${day.day}T12:00:00Z`)}: ${format(value(day))}`}</title>
            </rect>
          )
        })}
        <line x1={0} x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="stroke-zinc-700" />
      </svg>
      <div className="mt-1 flex justify-between text-xs text-zinc-400">
        <span>{formatDate(`${days[0]?.day}T12:00:00Z`)}</span>
        <span>{formatDate(`${days.at(-1)?.day}T12:00:00Z`)}</span>
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{day.day}</th>
              <td>{format(value(day))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
