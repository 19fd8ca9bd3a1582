/** Dates as the store shows them: "March 5, 2025" (en-US, long month). */

const LONG_DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' })

/** "March 5, 2025" for a Date or an ISO string; the raw text when it does not parse. */
export function formatDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value
  if (Number.isNaN(date.getTime())) return String(value)
  return LONG_DATE.format(date)
}
