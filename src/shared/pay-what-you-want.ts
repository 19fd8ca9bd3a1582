/**
 * Pay what you want: the buyer names the unit price, at least the product's minimum. One rule for
 * the product page's field (browser) and checkout (server, the authority), so both refuse the
 * same amounts with the same sentence.
 */
import { formatPrice } from './money.ts'

/** The least any pay-what-you-want amount may be, whatever the owner's minimum: the least a card payment can be. A product for $0 is free ("Get it free"). */
export const PWYW_LEAST_CENTS = 50

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

/** The least a buyer may pay: the owner's minimum, and never under PWYW_LEAST_CENTS. */
export function pwywMinimumCents(ownerMinimumCents: number | null): number {
  return Math.max(ownerMinimumCents ?? 0, PWYW_LEAST_CENTS)
}

/** Why `chosenCents` cannot be paid for the product, or null when it can (a fixed-price product ignores it). */
export function pwywRefusal(product: PwywTerms, chosenCents: number | null | undefined): string | null {
  if (product.priceModel !== 'pwyw') return null
  const minimum = pwywMinimumCents(product.minPriceCents)
  if (chosenCents === null || chosenCents === undefined || !Number.isInteger(chosenCents) || chosenCents < minimum) {
    return PWYW_MESSAGES.belowMinimum(product.name, minimum)
  }
  if (chosenCents > PWYW_MAX_CENTS) return PWYW_MESSAGES.tooHigh(product.name)
  return null
}

/**
 * What a buyer or the owner typed as an amount, in integer cents: "7.5", "$7.50", "0" (a
 * minimum of $0.00 is allowed); null for anything else (negative, three decimals, words).
 */
export function amountToCents(text: string): number | null {
  const match = /^\$?\s*(\d{0,7})(?:\.(\d{1,2}))?$/.exec(text.trim())
  if (!match || (match[1] === '' && match[2] === undefined)) return null
  return Number(match[1] || '0') * 100 + Number((match[2] ?? '0').padEnd(2, '0'))
}
