/**
 * The cart's figures for the current lines, promo and the buyer's tax, from the one pricing
 * function; a code below its minimum takes nothing off. The drawer and the cart page tax the
 * cart for this browser's last billing address; checkout passes the place its form names.
 */
import { useMemo } from 'react'
import { priceCart, type CartTotals } from '../../../shared/pricing.ts'
import type { TaxBuyerPlace } from '../../../shared/tax/tax-types.ts'
import { cartPromoOf, type CartPromo } from './cart-promo.ts'
import { useCartStore } from './cart-store.ts'
import { useTaxTreatment } from './use-tax-treatment.ts'

/** The applied promo as the cart uses it now (cart-promo.ts). */
export function useCartPromo(): CartPromo {
  const items = useCartStore((state) => state.items)
  const promoCode = useCartStore((state) => state.promoCode)
  const discount = useCartStore((state) => state.discount)
  const promoMinSubtotalCents = useCartStore((state) => state.promoMinSubtotalCents)
  return useMemo(() => cartPromoOf({ items, promoCode, discount, promoMinSubtotalCents }), [items, promoCode, discount, promoMinSubtotalCents])
}

export function useCartTotals(place?: TaxBuyerPlace): CartTotals {
  const items = useCartStore((state) => state.items)
  const { discount } = useCartPromo()
  const treatment = useTaxTreatment(place)
  return useMemo(() => priceCart(items, discount, treatment), [items, discount, treatment])
}
