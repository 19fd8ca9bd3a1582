/**
 * Promo codes. Whether a code can be used now, and why not, is the shared rule
 * (src/shared/promo-rules.ts): active, inside its start/end window, uses left, budget left, the
 * cart's subtotal at least the code's minimum, and (for a code limited to products, categories or
 * not on sale items) at least one of the cart's lines covered. Used by the cart's Apply button
 * (validate), by checkout's pricing (requireUsable) and by the order that holds a use of a code
 * and its discount: reserved at checkout in one atomic statement, redeemed when the order is
 * paid, released when it is not.
 */
import { and, eq, gt, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import { normalizePromoCode } from '../../shared/cart-rules.ts'
import { CART_ERROR_MESSAGES, type ValidatedPromo } from '../../shared/contract/cart.ts'
import { isScopedCode, PROMO_ERROR_CODES, PROMO_MESSAGES, promoRefusal, promoScopeRefusal, type PromoRefusal } from '../../shared/promo-rules.ts'
import type { CodeDiscount } from '../../shared/contract/selling.ts'
import { lineTotalCents, type PricedLine } from '../../shared/pricing.ts'
import type { Database, Executor } from '../db/client.ts'
import type { RateLimitRule } from '../http/rate-limit.ts'
import { AppError, badRequest } from '../http/errors.ts'
import { createPromoAdmin } from './promo-admin.ts'
import { createPromoScopes, type PromoCatalog } from './promo-scope.ts'
import { promoCodes, promoRedemptions, type PromoCodeRow } from './promo.schema.ts'

export type { PromoCodeRow }

/**
 * Refused codes count against a per-address limit so codes cannot be guessed by trying
 * thousands of them. The Apply button and checkout (which also answers whether a code works)
 * share it; a code the store has takes its hit back, whether it works or says why it does not,
 * so only unknown codes (the guesses) are counted.
 */
export const PROMO_GUESS_LIMIT: RateLimitRule = {
  name: 'promo-validate-ip',
  max: 20,
  windowMs: 15 * 60 * 1000,
  message: 'Too many promo code attempts. Please try again later.',
}

/** True when a thrown error is a refusal of a code the store does not have: a guess to count. */
export function isUnknownPromoError(error: unknown): boolean {
  return error instanceof AppError && error.code === PROMO_ERROR_CODES.unknown
}

/** Usable at `now` (the database's `now()` inside a write): active, in its window, uses left. */
function usableAt(now: Date | SQL): SQL {
  return and(
    eq(promoCodes.active, true),
    or(isNull(promoCodes.startsAt), lte(promoCodes.startsAt, now)),
    or(isNull(promoCodes.endsAt), gt(promoCodes.endsAt, now)),
    or(isNull(promoCodes.maxUses), lt(promoCodes.uses, promoCodes.maxUses)),
  )!
}

const refused = (refusal: PromoRefusal) => badRequest(refusal.message, refusal.code)

/** The code's discount as pricing applies it (src/shared/pricing.ts), with what is left of its budget. */
export function codeDiscountOf(row: PromoCodeRow): CodeDiscount {
  return {
    percentOff: row.percentOff,
    amountOffCents: row.amountOffCents,
    productIds: row.productIds,
    categoryIds: row.categoryIds,
    excludeSaleItems: row.excludeSaleItems,
    budgetLeftCents: row.budgetCents === null ? null : Math.max(0, row.budgetCents - row.discountGivenCents),
  }
}

/** Why a reservation was refused: each ends the checkout's transaction, which gives the use back. */
export type Reservation = 'reserved' | 'used-up' | 'already-used' | 'budget-spent'

const subtotalOf = (lines: readonly PricedLine[]) => lines.reduce((sum, line) => sum + lineTotalCents(line), 0)

/** `catalog` names what a limited code applies to (the shopper's refusal, the console's list). */
export function createPromoService(db: Database, catalog: PromoCatalog) {
  const scopes = createPromoScopes(catalog)

  /** The refusal of a code that covers none of the lines, naming what it applies to; null when it covers one (or every line). */
  async function scopeRefusal(promo: PromoCodeRow, lines: readonly PricedLine[]): Promise<PromoRefusal | null> {
    const terms = codeDiscountOf(promo)
    if (!promoScopeRefusal(promo.code, terms, lines, [])) return null
    return promoScopeRefusal(promo.code, terms, lines, await scopes.scopeNamesOf(promo))
  }

  /** The code as stored (case-insensitive, trimmed), usable or not; null when the store has none. */
  async function findByCode(rawCode: string): Promise<PromoCodeRow | null> {
    const code = normalizePromoCode(rawCode)
    if (!code) return null
    const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code)).limit(1)
    return row ?? null
  }

  return {
    ...createPromoAdmin(db, scopes),

    /**
     * The cart's Apply button, for the cart's `lines` (priced by the server): the code as stored,
     * its discount fraction, its minimum and its terms (so the cart prices the lines as checkout
     * will); else why not: 404 "Invalid promo code" for a code the store does not have (or has
     * switched off), 400 with the reason's code and sentence for one that has not started, has
     * expired, is used up, has spent its budget, needs a bigger cart or covers none of its lines.
     */
    async validate(rawCode: string, lines: readonly PricedLine[], now = new Date()): Promise<ValidatedPromo> {
      if (!normalizePromoCode(rawCode)) throw badRequest(CART_ERROR_MESSAGES.promoRequired)
      const promo = await findByCode(rawCode)
      const refusal = promoRefusal(promo, { now, subtotalCents: subtotalOf(lines) })
      if (refusal?.code === PROMO_ERROR_CODES.unknown) throw new AppError(404, refusal.code, refusal.message)
      if (refusal) throw refused(refusal)
      // The rule refuses a missing code, so here there is one.
      const found = promo!
      const outOfScope = await scopeRefusal(found, lines)
      if (outOfScope) throw refused(outOfScope)
      const terms = codeDiscountOf(found)
      const scope = isScopedCode(terms) ? PROMO_MESSAGES.notApplicable(found.code, await scopes.scopeNamesOf(found), terms.excludeSaleItems) : null
      return {
        code: found.code,
        discount: (found.percentOff ?? 0) / 100,
        minSubtotalCents: found.minSubtotalCents,
        terms: { ...terms, productIds: [...terms.productIds], categoryIds: [...terms.categoryIds] },
        scope,
      }
    },

    /** Checkout: the code when usable for these lines, else a 400 with the same reason as the Apply button. */
    async requireUsable(rawCode: string, lines: readonly PricedLine[], now = new Date()): Promise<PromoCodeRow> {
      const promo = await findByCode(rawCode)
      const refusal = promoRefusal(promo, { now, subtotalCents: subtotalOf(lines), unknownMessage: PROMO_MESSAGES.unknownAtCheckout })
      if (refusal) throw refused(refusal)
      const outOfScope = await scopeRefusal(promo!, lines)
      if (outOfScope) throw refused(outOfScope)
      return promo!
    },

    /**
     * Takes one use of the code for the order and adds the order's discount to what the code has
     * given, in a single statement that holds only while the code has a use and enough budget
     * left (with max uses 1, or a budget for three orders, and ten buyers at once, the row lock
     * lets exactly as many updates through as fit), and records the order's reservation with
     * its buyer and discount. A once-per-customer code is refused to a buyer who already paid an
     * order with it. Anything but `reserved` must end the transaction, which gives both back.
     */
    async reserve(tx: Executor, promoCodeId: string, orderId: string, buyerKey: string, discountCents: number): Promise<Reservation> {
      const [taken] = await tx
        .update(promoCodes)
        .set({ uses: sql`${promoCodes.uses} + 1`, discountGivenCents: sql`${promoCodes.discountGivenCents} + ${discountCents}`, updatedAt: sql`now()` })
        .where(
          and(
            eq(promoCodes.id, promoCodeId),
            usableAt(sql`now()`),
            or(isNull(promoCodes.budgetCents), sql`${promoCodes.discountGivenCents} + ${discountCents} <= ${promoCodes.budgetCents}`),
          ),
        )
        .returning({ oncePerCustomer: promoCodes.oncePerCustomer })
      if (!taken) {
        // Why the statement took nothing: a budget too small for this discount, else no use left (or the code ended).
        const [code] = await tx
          .select({ budgetCents: promoCodes.budgetCents, discountGivenCents: promoCodes.discountGivenCents })
          .from(promoCodes)
          .where(eq(promoCodes.id, promoCodeId))
        const overBudget = code?.budgetCents != null && code.discountGivenCents + discountCents > code.budgetCents
        return overBudget ? 'budget-spent' : 'used-up'
      }
      if (taken.oncePerCustomer) {
        const [used] = await tx
          .select({ orderId: promoRedemptions.orderId })
          .from(promoRedemptions)
          .where(and(eq(promoRedemptions.promoCodeId, promoCodeId), eq(promoRedemptions.buyerKey, buyerKey), eq(promoRedemptions.status, 'redeemed')))
          .limit(1)
        if (used) return 'already-used'
      }
      await tx.insert(promoRedemptions).values({ orderId, promoCodeId, buyerKey, discountCents })
      return 'reserved'
    },

    /** The order was paid: its reserved use becomes redeemed. */
    async redeem(tx: Executor, orderId: string): Promise<void> {
      await tx
        .update(promoRedemptions)
        .set({ status: 'redeemed', updatedAt: sql`now()` })
        .where(and(eq(promoRedemptions.orderId, orderId), eq(promoRedemptions.status, 'reserved')))
    },

    /** The order will not be paid: its reserved use and the discount it held of the budget are given back. A no-op when none is reserved. */
    async release(tx: Executor, orderId: string): Promise<void> {
      const released = await tx
        .update(promoRedemptions)
        .set({ status: 'released', updatedAt: sql`now()` })
        .where(and(eq(promoRedemptions.orderId, orderId), eq(promoRedemptions.status, 'reserved')))
        .returning({ promoCodeId: promoRedemptions.promoCodeId, discountCents: promoRedemptions.discountCents })
      for (const { promoCodeId, discountCents } of released) {
        await tx
          .update(promoCodes)
          .set({
            uses: sql`greatest(${promoCodes.uses} - 1, 0)`,
            discountGivenCents: sql`greatest(${promoCodes.discountGivenCents} - ${discountCents}, 0)`,
            updatedAt: sql`now()`,
          })
          .where(eq(promoCodes.id, promoCodeId))
      }
    },
  }
}

export type PromoService = ReturnType<typeof createPromoService>
