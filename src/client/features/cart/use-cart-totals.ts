/** The cart's figures for the current lines and promo, from the one pricing function. */
import { useMemo } from 'react'
import { priceCart, type CartTotals } from '../../../shared/pricing.ts'
import { useCartStore } from './cart-store.ts'

export function useCartTotals(): CartTotals {
  const items = useCartStore((state) => state.items)
  const discount = useCartStore((state) => state.discount)
  return useMemo(() => priceCart(items, discount), [items, discount])
}
