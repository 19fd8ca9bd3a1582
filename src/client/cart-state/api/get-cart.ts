/** GET /api/cart: the signed-in shopper's server cart, product and category joined, newest first. */
import { CART_ERROR_MESSAGES } from '../../../shared/contract/cart-messages.ts'
import type { CartLine, CartResponse } from '../../../shared/contract/cart.ts'
import { apiRequest } from '../../api/http.ts'

export async function getCart(): Promise<CartLine[]> {
  const body = await apiRequest<CartResponse>('/api/cart', { cache: 'no-store' }, CART_ERROR_MESSAGES.fetchCart)
  return body.data
}
