/**
 * What every "Add to Cart" button calls: adds the product (with the cart's rules, toasts and,
 * for a signed-in shopper, the server write) and opens the drawer.
 */
import type { ProductListItem } from '../../shared/contract/catalog.ts'
import { useCartActions } from './use-cart-actions.ts'

/** `chosenPriceCents`: the amount named for a pay-what-you-want product (its suggested price when not given). */
export type AddToCart = (product: ProductListItem, quantity?: number, chosenPriceCents?: number | null) => void

export function useAddToCart(): AddToCart {
  return useCartActions().add
}
