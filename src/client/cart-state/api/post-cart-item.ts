/** POST /api/cart/items: adds a quantity of a product to the signed-in shopper's server cart. */
import { CART_ERROR_MESSAGES } from '../../../shared/contract/cart-messages.ts'
import type { AddCartItemBody, CartLine } from '../../../shared/contract/cart.ts'
import { apiRequest } from '../../api/http.ts'

export async function postCartItem(item: AddCartItemBody): Promise<CartLine> {
  const body = await apiRequest<{ data: CartLine }>('/api/cart/items', { method: 'POST', json: item }, CART_ERROR_MESSAGES.addItem)
  return body.data
}
