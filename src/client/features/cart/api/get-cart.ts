/** GET /api/cart: the signed-in shopper's server cart, product and category joined, newest first. */
import { queryOptions } from '@tanstack/react-query'
import { CART_ERROR_MESSAGES, type CartLine, type CartResponse } from '../../../../shared/contract/cart.ts'
import { apiRequest } from '../../../api/http.ts'

export async function getCart(): Promise<CartLine[]> {
  const body = await apiRequest<CartResponse>('/api/cart', { cache: 'no-store' }, CART_ERROR_MESSAGES.fetchCart)
  return body.data
}

/** For screens reading the server cart directly (the /cart-debug page); the cart store keeps its own copy. */
export function cartQueryOptions(userId: string) {
  return queryOptions({ queryKey: ['cart', userId], queryFn: getCart, staleTime: 0 })
}
