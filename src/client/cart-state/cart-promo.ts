/**
 * The applied promo code as the cart uses it: the terms it prices the lines with now, or, once
 * the cart has fallen below the code's minimum (a line removed), no discount and the sentence
 * saying how much more to add; a code limited to products or categories that covers none of the
 * lines left says what it applies to instead. The minimum and the lines a code covers are the
 * shared rules checkout applies on the server, so the figures the cart shows are the ones
 * checkout charges.
 */
import type { CodeDiscount } from '../../shared/contract/selling.ts'
import { codeCoversLine, lineTotalCents, percentCode, type PricedLine } from '../../shared/pricing.ts'
import { promoMinimumRefusal } from '../../shared/promo-rules.ts'
import type { CartItem } from './cart-item.ts'
import type { CartState } from './cart-store.ts'

type PromoState = Pick<CartState, 'items' | 'promoCode' | 'discount' | 'promoMinSubtotalCents'> & Partial<Pick<CartState, 'promoTerms' | 'promoScope'>>

export interface CartPromo {
  /** The applied code, whether or not it gives a discount now. */
  code: string | null
  /** The discount fraction the cart gets now: 0 without a code, below its minimum, or for a fixed-amount code. */
  discount: number
  /** What the code takes off which lines now (priceCart's argument); null when it gives nothing. */
  terms: CodeDiscount | null
  /** Why the applied code gives no discount now ("SPRING needs a subtotal of $40.00: add $20.01 more", "SPRING applies to Drum Kits only"), else null. */
  shortfall: string | null
}

/** A cart line as pricing reads it: its price, and what a limited code looks at (product, category, sale). */
export function pricedLineOf(item: CartItem): PricedLine {
  return {
    priceCents: item.priceCents,
    originalPriceCents: item.originalPriceCents,
    quantity: item.quantity,
    productId: item.id,
    categoryId: item.categoryId ?? null,
    onSale: item.onSale ?? false,
  }
}

export function cartPromoOf({ items, promoCode, discount, promoMinSubtotalCents, promoTerms = null, promoScope = null }: PromoState): CartPromo {
  if (!promoCode) return { code: null, discount: 0, terms: null, shortfall: null }
  const subtotalCents = items.reduce((sum, item) => sum + lineTotalCents(item), 0)
  const refusal = promoMinimumRefusal(promoCode, promoMinSubtotalCents, subtotalCents)
  if (refusal) return { code: promoCode, discount: 0, terms: null, shortfall: refusal.message }
  // A code applied before codes had terms (or by a test) is a whole-cart percent code.
  const terms: CodeDiscount | null = promoTerms ?? (discount > 0 ? percentCode(discount) : null)
  if (terms && promoScope && !items.some((item) => codeCoversLine(terms, pricedLineOf(item)))) {
    return { code: promoCode, discount: 0, terms: null, shortfall: promoScope }
  }
  return { code: promoCode, discount, terms, shortfall: null }
}

/** The code a checkout sends: the applied one while it gives its discount, so the charge is the summary's total. */
export function selectPayablePromoCode(state: PromoState): string | null {
  const promo = cartPromoOf(state)
  return promo.shortfall ? null : promo.code
}
