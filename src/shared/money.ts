/**
 * Money helpers. Inside the store every amount is an integer number of cents; dollars with
 * two decimals appear only at the edges (screens, emails, payment provider display).
 */

/** "$1,234.50" for 123450 cents. */
export function formatPrice(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(Math.round(cents))
  const dollars = Math.floor(abs / 100).toLocaleString('en-US')
  const rest = String(abs % 100).padStart(2, '0')
  return `${sign}$${dollars}.${rest}`
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
