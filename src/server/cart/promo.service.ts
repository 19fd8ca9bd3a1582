/**
 * Promo codes: looks a shopper's code up case-insensitively and answers its discount when the
 * code is usable now (active, inside its start/end window, uses left, minimum subtotal met).
 * Checkout calls findUsablePromo with the real subtotal; the cart's Apply button calls validate.
 */
import { and, eq, gt, isNull, lt, lte, or, type SQL } from 'drizzle-orm'
import { normalizePromoCode } from '../../shared/cart-rules.ts'
import { CART_ERROR_MESSAGES, type ValidatedPromo } from '../../shared/contract/cart.ts'
import type { Database } from '../db/client.ts'
import { promoCodes, type PromoCodeRow } from '../db/schema.ts'
import { AppError, badRequest } from '../http/errors.ts'

export interface PromoLookup {
  now?: Date
  /** When given, the code's minimum subtotal must be met. */
  subtotalCents?: number
}

export function createPromoService(db: Database) {
  async function findUsablePromo(rawCode: string, { now = new Date(), subtotalCents }: PromoLookup = {}): Promise<PromoCodeRow | null> {
    const code = normalizePromoCode(rawCode)
    if (!code) return null
    const conditions: SQL[] = [
      eq(promoCodes.code, code),
      eq(promoCodes.active, true),
      or(isNull(promoCodes.startsAt), lte(promoCodes.startsAt, now))!,
      or(isNull(promoCodes.endsAt), gt(promoCodes.endsAt, now))!,
      or(isNull(promoCodes.maxUses), lt(promoCodes.uses, promoCodes.maxUses))!,
    ]
    if (subtotalCents !== undefined) conditions.push(lte(promoCodes.minSubtotalCents, subtotalCents))
    const [row] = await db.select().from(promoCodes).where(and(...conditions)).limit(1)
    return row ?? null
  }

  return {
    findUsablePromo,

    /** The code as stored and its discount fraction; "Invalid promo code" (404) for any unusable code. */
    async validate(rawCode: string, now = new Date()): Promise<ValidatedPromo> {
      if (!normalizePromoCode(rawCode)) throw badRequest(CART_ERROR_MESSAGES.promoRequired)
      const promo = await findUsablePromo(rawCode, { now })
      if (!promo) throw new AppError(404, 'INVALID_PROMO_CODE', CART_ERROR_MESSAGES.invalidPromo)
      return { code: promo.code, discount: promo.percentOff / 100 }
    },
  }
}

export type PromoService = ReturnType<typeof createPromoService>
