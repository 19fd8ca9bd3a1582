/**
 * Promo codes. The one rule for whether a code can be used now: active, inside its start/end
 * window, uses left (and, when a subtotal is given, the code's minimum subtotal met). Used by
 * the cart's Apply button (validate), by checkout's pricing (requireUsable) and by the order
 * that holds a use of a code: reserved at checkout in one atomic statement, redeemed when the
 * order is paid, released when it is not.
 */
import { and, eq, gt, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import { normalizePromoCode } from '../../shared/cart-rules.ts'
import { CART_ERROR_MESSAGES, type ValidatedPromo } from '../../shared/contract/cart.ts'
import { CHECKOUT_ERROR_CODES as CODES, CHECKOUT_SERVER_MESSAGES as MESSAGES } from '../../shared/contract/checkout.ts'
import { formatPrice } from '../../shared/money.ts'
import type { Database, Executor } from '../db/client.ts'
import type { RateLimitRule } from '../http/rate-limit.ts'
import { AppError, badRequest } from '../http/errors.ts'
import { createPromoAdmin } from './promo-admin.ts'
import { promoCodes, promoRedemptions, type PromoCodeRow } from './promo.schema.ts'

export type { PromoCodeRow }

/**
 * Refused codes count against a per-address limit so codes cannot be guessed by trying
 * thousands of them. The Apply button and checkout (which also answers whether a code works)
 * share it; a code that works takes its hit back.
 */
export const PROMO_GUESS_LIMIT: RateLimitRule = {
  name: 'promo-validate-ip',
  max: 20,
  windowMs: 15 * 60 * 1000,
  message: 'Too many promo code attempts. Please try again later.',
}

/** Usable at `now` (a time, or the database's `now()` inside a write): active, in its window, uses left. */
function usableAt(now: Date | SQL): SQL {
  return and(
    eq(promoCodes.active, true),
    or(isNull(promoCodes.startsAt), lte(promoCodes.startsAt, now)),
    or(isNull(promoCodes.endsAt), gt(promoCodes.endsAt, now)),
    or(isNull(promoCodes.maxUses), lt(promoCodes.uses, promoCodes.maxUses)),
  )!
}

export interface PromoLookup {
  now?: Date
  /** When given, the code's minimum subtotal must be met. */
  subtotalCents?: number
}

const invalidPromo = (message: string) => badRequest(message, CODES.invalidPromo)

export function createPromoService(db: Database) {
  /** The code when usable (case-insensitive, trimmed), else null. */
  async function findUsable(rawCode: string, { now = new Date(), subtotalCents }: PromoLookup = {}): Promise<PromoCodeRow | null> {
    const code = normalizePromoCode(rawCode)
    if (!code) return null
    const conditions = [eq(promoCodes.code, code), usableAt(now)]
    if (subtotalCents !== undefined) conditions.push(lte(promoCodes.minSubtotalCents, subtotalCents))
    const [row] = await db
      .select()
      .from(promoCodes)
      .where(and(...conditions))
      .limit(1)
    return row ?? null
  }

  return {
    ...createPromoAdmin(db),
    findUsable,

    /** The cart's Apply button: the code as stored and its discount fraction; 404 "Invalid promo code" for any unusable code. */
    async validate(rawCode: string, now = new Date()): Promise<ValidatedPromo> {
      if (!normalizePromoCode(rawCode)) throw badRequest(CART_ERROR_MESSAGES.promoRequired)
      const promo = await findUsable(rawCode, { now })
      if (!promo) throw new AppError(404, CODES.invalidPromo, CART_ERROR_MESSAGES.invalidPromo)
      return { code: promo.code, discount: promo.percentOff / 100 }
    },

    /**
     * Checkout: the code when usable for this subtotal, else a 400 saying why. Only a code that
     * would otherwise work earns the minimum-subtotal message, and only an active code that ran
     * out of uses says so; anything else is "Invalid or expired promo code".
     */
    async requireUsable(rawCode: string, subtotalCents: number): Promise<PromoCodeRow> {
      const usable = await findUsable(rawCode, { subtotalCents })
      if (usable) return usable
      const withoutMinimum = await findUsable(rawCode)
      if (withoutMinimum) throw invalidPromo(MESSAGES.promoMinimum(formatPrice(withoutMinimum.minSubtotalCents)))
      const [row] = await db
        .select()
        .from(promoCodes)
        .where(eq(promoCodes.code, normalizePromoCode(rawCode)))
        .limit(1)
      if (row && row.active && row.maxUses !== null && row.uses >= row.maxUses) throw invalidPromo(MESSAGES.promoUsedUp)
      throw invalidPromo(MESSAGES.invalidPromo)
    },

    /**
     * Takes one use of the code for the order if it still has one, in a single statement (with
     * max uses 1 and ten buyers at once, exactly one update returns a row), and records the
     * order's reservation with its buyer. A once-per-customer code is refused to a buyer who
     * already paid an order with it. Anything but `reserved` must end the transaction, which
     * gives the use back.
     */
    async reserve(tx: Executor, promoCodeId: string, orderId: string, buyerKey: string): Promise<'reserved' | 'used-up' | 'already-used'> {
      const [taken] = await tx
        .update(promoCodes)
        .set({ uses: sql`${promoCodes.uses} + 1`, updatedAt: sql`now()` })
        .where(and(eq(promoCodes.id, promoCodeId), usableAt(sql`now()`)))
        .returning({ oncePerCustomer: promoCodes.oncePerCustomer })
      if (!taken) return 'used-up'
      if (taken.oncePerCustomer) {
        const [used] = await tx
          .select({ orderId: promoRedemptions.orderId })
          .from(promoRedemptions)
          .where(and(eq(promoRedemptions.promoCodeId, promoCodeId), eq(promoRedemptions.buyerKey, buyerKey), eq(promoRedemptions.status, 'redeemed')))
          .limit(1)
        if (used) return 'already-used'
      }
      await tx.insert(promoRedemptions).values({ orderId, promoCodeId, buyerKey })
      return 'reserved'
    },

    /** The order was paid: its reserved use becomes redeemed. */
    async redeem(tx: Executor, orderId: string): Promise<void> {
      await tx
        .update(promoRedemptions)
        .set({ status: 'redeemed', updatedAt: sql`now()` })
        .where(and(eq(promoRedemptions.orderId, orderId), eq(promoRedemptions.status, 'reserved')))
    },

    /** The order will not be paid: its reserved use is given back. A no-op when none is reserved. */
    async release(tx: Executor, orderId: string): Promise<void> {
      const released = await tx
        .update(promoRedemptions)
        .set({ status: 'released', updatedAt: sql`now()` })
        .where(and(eq(promoRedemptions.orderId, orderId), eq(promoRedemptions.status, 'reserved')))
        .returning({ promoCodeId: promoRedemptions.promoCodeId })
      for (const { promoCodeId } of released) {
        await tx
          .update(promoCodes)
          .set({ uses: sql`greatest(${promoCodes.uses} - 1, 0)`, updatedAt: sql`now()` })
          .where(eq(promoCodes.id, promoCodeId))
      }
    },
  }
}

export type PromoService = ReturnType<typeof createPromoService>
