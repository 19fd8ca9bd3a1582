/**
 * "Sale ends in 2 days" under a price a timed sale makes (the wording is saleEndsText's). The time
 * left is read from the browser's clock and kept current each minute. A page rendered on the
 * server is kept until the sale's next boundary, so the note is left out of it (its clock would
 * be hours old) and appears once the page runs in the browser.
 */
import { useSyncExternalStore } from 'react'
import { saleEndsText } from '../../../shared/sales.ts'

const MINUTE_MS = 60_000

function subscribeToMinutes(onChange: () => void): () => void {
  const timer = setInterval(onChange, MINUTE_MS)
  return () => clearInterval(timer)
}

/** The browser's time, to the minute (the same value between ticks, as useSyncExternalStore needs); null while rendering on the server or hydrating. */
function useMinuteClock(): number | null {
  return useSyncExternalStore(
    subscribeToMinutes,
    () => Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS,
    () => null,
  )
}

export function SaleEndsNote({ endsAt, className = '' }: { endsAt: string; className?: string }) {
  const now = useMinuteClock()
  const text = now === null ? null : saleEndsText(endsAt, new Date(now))
  if (!text) return null
  return <p className={`text-xs font-semibold text-rose-300 ${className}`}>{text}</p>
}
