/** The cart's figures for the current lines and promo, from the one pricing function; a code below its minimum takes nothing off. */
import { useMemo } from 'react'
import { priceCart, type CartTotals } from '../../../shared/pricing.ts'
import { cartPromoOf, type CartPromo } from './cart-promo.ts'
import { useCartStore } from './cart-store.ts'

/** The applied promo as the cart uses it now (cart-promo.ts). */
export function useCartPromo(): CartPromo {
  const items = useCartStore((state) => state.items)
  const promoCode = useCartStore((state) => state.promoCode)
  const discount = useCartStore((state) => state.discount)
  const promoMinSubtotalCents = useCartStore((state) => state.promoMinSubtotalCents)
  return useMemo(() => cartPromoOf({ items, promoCode, discount, promoMinSubtotalCents }), [items, promoCode, discount, promoMinSubtotalCents])
}

export function useCartTotals(): CartTotals {
  const items = useCartStore((state) => state.items)
  const { discount } = useCartPromo()
  return useMemo(() => priceCart(items, discount), [items, discount])
}
