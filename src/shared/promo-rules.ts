/**
 * The one rule for whether a promo code can be used, with the reason a shopper reads when it
 * cannot: the Apply button (server), checkout (server, the authority) and the cart's own display
 * (browser, which drops the discount as soon as the cart falls below the code's minimum) all
 * call it, so every screen gives the same reason with the same code.
 *
 * Order of the checks: a code the owner switched off reads as unknown (saying it exists would
 * help guessing and helps no shopper), then its dates, then its uses, then the cart's subtotal.
 */
import { formatDate } from './dates.ts'
import { formatPrice } from './money.ts'

/** The `code` of each refusal; the API answers it beside the sentence. */
export const PROMO_ERROR_CODES = {
  unknown: 'INVALID_PROMO_CODE',
  minimumNotMet: 'PROMO_MINIMUM_NOT_MET',
  usedUp: 'PROMO_USED_UP',
  notStarted: 'PROMO_NOT_STARTED',
  expired: 'PROMO_EXPIRED',
  /** A once-per-customer code this buyer already paid with (known only at checkout). */
  alreadyUsed: 'PROMO_ALREADY_USED',
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
} as const

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
  return promoMinimumRefusal(terms.code, terms.minSubtotalCents, subtotalCents)
}
