/**
 * Pay what you want: the buyer names the unit price, at least the product's minimum. One rule for
 * the product page's field (browser) and checkout (server, the authority), so both refuse the
 * same amounts with the same sentence.
 */
import { formatPrice } from './money.ts'

/** The most a buyer may type for one unit: keeps a slip of the keyboard from charging thousands. */
export const PWYW_MAX_CENTS = 100_000

export const PWYW_MESSAGES = {
  belowMinimum: (name: string, minimumCents: number) => `Enter at least ${formatPrice(minimumCents)} for ${name}`,
  tooHigh: (name: string) => `Enter at most ${formatPrice(PWYW_MAX_CENTS)} for ${name}`,
} as const

/** What the rule reads of a product. */
export interface PwywTerms {
  name: string
  priceModel: 'fixed' | 'pwyw'
  /** The least a buyer may pay, integer cents (null reads as 0). */
  minPriceCents: number | null
}

/** Why `chosenCents` cannot be paid for the product, or null when it can (a fixed-price product ignores it). */
export function pwywRefusal(product: PwywTerms, chosenCents: number | null | undefined): string | null {
  if (product.priceModel !== 'pwyw') return null
  const minimum = product.minPriceCents ?? 0
  if (chosenCents === null || chosenCents === undefined || !Number.isInteger(chosenCents) || chosenCents < minimum) {
    return PWYW_MESSAGES.belowMinimum(product.name, minimum)
  }
  if (chosenCents > PWYW_MAX_CENTS) return PWYW_MESSAGES.tooHigh(product.name)
  return null
}
