/**
 * The cart's figures for the current lines, promo and the buyer's tax, from the one pricing
 * function; a code below its minimum takes nothing off, a limited code only off the lines it covers. The drawer and the cart page tax the
 * cart for this browser's last billing address; checkout passes the place its form names.
 */
import { useMemo } from 'react'
import { priceCart, type CartTotals } from '../../shared/pricing.ts'
import type { TaxBuyerPlace } from '../../shared/tax/tax-types.ts'
import { useTaxTreatment } from '../tax/use-tax-treatment.ts'
import { cartPromoOf, pricedLineOf, type CartPromo } from './cart-promo.ts'
import { useCartStore } from './cart-store.ts'

/** The applied promo as the cart uses it now (cart-promo.ts). */
export function useCartPromo(): CartPromo {
  const items = useCartStore((state) => state.items)
  const promoCode = useCartStore((state) => state.promoCode)
  const discount = useCartStore((state) => state.discount)
  const promoMinSubtotalCents = useCartStore((state) => state.promoMinSubtotalCents)
  const promoTerms = useCartStore((state) => state.promoTerms)
  const promoScope = useCartStore((state) => state.promoScope)
  return useMemo(
    () => cartPromoOf({ items, promoCode, discount, promoMinSubtotalCents, promoTerms, promoScope }),
    [items, promoCode, discount, promoMinSubtotalCents, promoTerms, promoScope],
  )
}

export function useCartTotals(place?: TaxBuyerPlace): CartTotals {
  const items = useCartStore((state) => state.items)
  const { terms } = useCartPromo()
  const treatment = useTaxTreatment(place)
  // Each line with its product, category and sale, so a limited code discounts only the lines it covers.
  return useMemo(() => priceCart(items.map(pricedLineOf), terms, treatment), [items, terms, treatment])
}
