/** DELETE /api/cart: empties the server cart. */
import { CART_ERROR_MESSAGES } from '../../../shared/contract/cart-messages.ts'
import { apiRequest } from '../../api/http.ts'

export async function deleteCart(): Promise<void> {
  await apiRequest<null>('/api/cart', { method: 'DELETE' }, CART_ERROR_MESSAGES.clearCart)
}
