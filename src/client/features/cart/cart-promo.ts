/**
 * The applied promo code as the cart uses it: the discount it gives now, or, once the cart has
 * fallen below the code's minimum (a line removed), no discount and the sentence saying how much
 * more to add. The minimum is the shared rule checkout applies on the server, so the figures the
 * cart shows are the ones checkout charges.
 */
import { promoMinimumRefusal } from '../../../shared/promo-rules.ts'
import { lineTotalCents } from '../../../shared/pricing.ts'
import type { CartState } from './cart-store.ts'

type PromoState = Pick<CartState, 'items' | 'promoCode' | 'discount' | 'promoMinSubtotalCents'>

export interface CartPromo {
  /** The applied code, whether or not it gives a discount now. */
  code: string | null
  /** The discount fraction the cart gets now: 0 without a code or below its minimum. */
  discount: number
  /** Why the applied code gives no discount now ("SPRING needs a subtotal of $40.00: add $20.01 more"), else null. */
  shortfall: string | null
}

export function cartPromoOf({ items, promoCode, discount, promoMinSubtotalCents }: PromoState): CartPromo {
  if (!promoCode) return { code: null, discount: 0, shortfall: null }
  const subtotalCents = items.reduce((sum, item) => sum + lineTotalCents(item), 0)
  const refusal = promoMinimumRefusal(promoCode, promoMinSubtotalCents, subtotalCents)
  return refusal ? { code: promoCode, discount: 0, shortfall: refusal.message } : { code: promoCode, discount, shortfall: null }
}

/** The code a checkout sends: the applied one while it gives its discount, so the charge is the summary's total. */
export function selectPayablePromoCode(state: PromoState): string | null {
  const promo = cartPromoOf(state)
  return promo.shortfall ? null : promo.code
}
