/**
 * What every "Add to Cart" button calls: adds the product (with the cart's rules, toasts and,
 * for a signed-in shopper, the server write) and opens the drawer.
 */
import type { ProductListItem } from '../../../shared/contract/catalog.ts'
import { useCartActions } from './use-cart-actions.ts'

export type AddToCart = (product: ProductListItem, quantity?: number) => void

export function useAddToCart(): AddToCart {
  return useCartActions().add
}
