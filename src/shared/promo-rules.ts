/**
 * The one rule for whether a promo code can be used, with the reason a shopper reads when it
 * cannot: the Apply button (server), checkout (server, the authority) and the cart's own display
 * (browser, which drops the discount as soon as the cart falls below the code's minimum) all
 * call it, so every screen gives the same reason with the same code.
 *
 * Order of the checks: a code the owner switched off reads as unknown (saying it exists would
 * help guessing and helps no shopper), then its dates, then its uses, then its budget, then the
 * cart's subtotal; last (promoScopeRefusal), whether it covers any of the cart's lines.
 */
import type { CodeDiscount } from './contract/selling.ts'
import { formatDate } from './dates.ts'
import { formatPrice } from './money.ts'
import { codeCoversLine, type PricedLine } from './pricing.ts'

/** The `code` of each refusal; the API answers it beside the sentence. */
export const PROMO_ERROR_CODES = {
  unknown: 'INVALID_PROMO_CODE',
  minimumNotMet: 'PROMO_MINIMUM_NOT_MET',
  usedUp: 'PROMO_USED_UP',
  notStarted: 'PROMO_NOT_STARTED',
  expired: 'PROMO_EXPIRED',
  /** A once-per-customer code this buyer already paid with (known only at checkout). */
  alreadyUsed: 'PROMO_ALREADY_USED',
  /** The code's budget (the total discount it may give) is spent, or too little is left for this order at checkout. */
  budgetSpent: 'PROMO_BUDGET_SPENT',
  /** A code limited to products or categories (or not on sale items) covers none of the cart's lines. */
  notApplicable: 'PROMO_NOT_APPLICABLE',
} as const
export type PromoErrorCode = (typeof PROMO_ERROR_CODES)[keyof typeof PROMO_ERROR_CODES]

const REFUSAL_CODES: ReadonlySet<string> = new Set(Object.values(PROMO_ERROR_CODES))

/** True for an error code that refuses a promo code (its message is the sentence to show). */
export function isPromoRefusal(code: string | null | undefined): boolean {
  return code ? REFUSAL_CODES.has(code) : false
}

export const PROMO_MESSAGES = {
  /** The Apply button's text for a code the store does not have (the spec's wording). */
  unknown: 'Invalid promo code',
  /** Checkout's text for the same (the spec's checkout catalogue). */
  unknownAtCheckout: 'Invalid or expired promo code',
  minimumNotMet: (code: string, minimumCents: number, shortCents: number) =>
    `${code} needs a subtotal of ${formatPrice(minimumCents)}: add ${formatPrice(shortCents)} more`,
  usedUp: (code: string) => `${code} has been used up`,
  notStarted: (code: string, startsAt: Date | string) => `${code} starts on ${formatDate(startsAt)}`,
  expired: (code: string, endsAt: Date | string) => `${code} expired on ${formatDate(endsAt)}`,
  budgetSpent: (code: string) => `${code} has reached its budget`,
  /** "SPRING applies to Drum Kits only", "…only, not to items on sale", "SPRING does not apply to items on sale". */
  notApplicable: (code: string, scopeNames: readonly string[], excludeSaleItems: boolean) => {
    if (scopeNames.length === 0) return `${code} does not apply to ${excludeSaleItems ? 'items on sale' : 'the items in your cart'}`
    return `${code} applies to ${listOfNames(scopeNames)} only${excludeSaleItems ? ', not to items on sale' : ''}`
  },
} as const

/** "A", "A and B", "A, B and C", "A, B, C and 2 more": a scope's names in a sentence. */
export function listOfNames(names: readonly string[], shown = 3): string {
  if (names.length <= 1) return names[0] ?? ''
  if (names.length > shown + 1) return `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

/** What a code takes off, as the cart and the console show it: "10% off" or "$5.00 off". */
export function codeDiscountLabel(code: Pick<CodeDiscount, 'percentOff' | 'amountOffCents'>): string {
  return code.percentOff !== null ? `${code.percentOff}% off` : `${formatPrice(code.amountOffCents ?? 0)} off`
}

/** True when the code is limited: to products or categories, or away from sale lines. */
export function isScopedCode(code: Pick<CodeDiscount, 'productIds' | 'categoryIds' | 'excludeSaleItems'>): boolean {
  return code.productIds.length > 0 || code.categoryIds.length > 0 || code.excludeSaleItems
}

/** A refused code: what the API answers as `code`, and the sentence the shopper reads. */
export interface PromoRefusal {
  code: PromoErrorCode
  message: string
}

/** What the rule reads of a promo code. */
export interface PromoTerms {
  /** As stored: trimmed and uppercase. */
  code: string
  active: boolean
  startsAt: Date | null
  endsAt: Date | null
  /** Null: unlimited. */
  maxUses: number | null
  uses: number
  minSubtotalCents: number
  /** The most discount the code may give, in cents; null or absent: no budget. */
  budgetCents?: number | null
  /** The discount its reserved and paid orders hold, in cents. */
  discountGivenCents?: number
}

/** The cart's subtotal is below the code's minimum: the sentence says how much more to add. */
export function promoMinimumRefusal(code: string, minSubtotalCents: number, subtotalCents: number): PromoRefusal | null {
  if (subtotalCents >= minSubtotalCents) return null
  return { code: PROMO_ERROR_CODES.minimumNotMet, message: PROMO_MESSAGES.minimumNotMet(code, minSubtotalCents, minSubtotalCents - subtotalCents) }
}

/**
 * Why the code cannot be used at `now` on a cart of `subtotalCents`, or null when it can.
 * `unknownMessage` is the text for an unknown or switched-off code (the Apply button and
 * checkout word it differently).
 */
export function promoRefusal(
  terms: PromoTerms | null,
  { now, subtotalCents, unknownMessage = PROMO_MESSAGES.unknown }: { now: Date; subtotalCents: number; unknownMessage?: string },
): PromoRefusal | null {
  if (!terms || !terms.active) return { code: PROMO_ERROR_CODES.unknown, message: unknownMessage }
  if (terms.startsAt && terms.startsAt.getTime() > now.getTime()) {
    return { code: PROMO_ERROR_CODES.notStarted, message: PROMO_MESSAGES.notStarted(terms.code, terms.startsAt) }
  }
  if (terms.endsAt && terms.endsAt.getTime() <= now.getTime()) {
    return { code: PROMO_ERROR_CODES.expired, message: PROMO_MESSAGES.expired(terms.code, terms.endsAt) }
  }
  if (terms.maxUses !== null && terms.uses >= terms.maxUses) return { code: PROMO_ERROR_CODES.usedUp, message: PROMO_MESSAGES.usedUp(terms.code) }
  if (terms.budgetCents != null && (terms.discountGivenCents ?? 0) >= terms.budgetCents) {
    return { code: PROMO_ERROR_CODES.budgetSpent, message: PROMO_MESSAGES.budgetSpent(terms.code) }
  }
  return promoMinimumRefusal(terms.code, terms.minSubtotalCents, subtotalCents)
}

/**
 * A limited code that covers none of the cart's lines takes nothing off: refused with the
 * sentence naming what it applies to (`scopeNames`: its products' and categories' names), so the
 * shopper is not left with a code that silently gives $0.00. A whole-cart code is never refused here.
 */
export function promoScopeRefusal(code: string, terms: CodeDiscount, lines: readonly PricedLine[], scopeNames: readonly string[]): PromoRefusal | null {
  if (!isScopedCode(terms) || lines.some((line) => line.quantity > 0 && codeCoversLine(terms, line))) return null
  return { code: PROMO_ERROR_CODES.notApplicable, message: PROMO_MESSAGES.notApplicable(code, scopeNames, terms.excludeSaleItems) }
}
