/** PUT /api/cart: replaces the server cart in one all-or-nothing write (the sign-in merge). */
import { CART_ERROR_MESSAGES } from '../../../shared/contract/cart-messages.ts'
import type { CartLine, CartResponse, ReplaceCartBody } from '../../../shared/contract/cart.ts'
import { apiRequest } from '../../api/http.ts'

export async function putCart(items: ReplaceCartBody['items']): Promise<CartLine[]> {
  const body = await apiRequest<CartResponse>('/api/cart', { method: 'PUT', json: { items } }, CART_ERROR_MESSAGES.updateItem)
  return body.data
}
