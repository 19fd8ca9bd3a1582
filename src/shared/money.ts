/**
 * Money helpers. Inside the store every amount is an integer number of cents; dollars with
 * two decimals appear only at the edges (screens, emails, payment provider display).
 */

/** "$1,234.50" for 123450 cents. */
export function formatPrice(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(Math.round(cents))
  // Grouped by hand: toLocaleString builds an ICU formatter on every call, which on a phone costs
  // tens of milliseconds on the first card a page renders.
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',')
  const rest = String(abs % 100).padStart(2, '0')
  return `${sign}$${dollars}.${rest}`
}

/** "$1,234.50", "-€8.00": an amount in its own currency (documents and reports may hold any); two decimals and no sign for a code Intl does not know. */
export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100)
  } catch {
    return new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100)
  }
}

/** Dollars with two decimals and no currency sign: "49.00". */
export function centsToDollarString(cents: number): string {
  return (Math.round(cents) / 100).toFixed(2)
}

/** Parses a dollar amount ("49.99", 49.99) into integer cents without float drift. */
export function dollarsToCents(dollars: number | string): number {
  const value = typeof dollars === 'string' ? Number(dollars) : dollars
  if (!Number.isFinite(value)) throw new RangeError(`Not a money amount: ${String(dollars)}`)
  return Math.round(value * 100)
}
