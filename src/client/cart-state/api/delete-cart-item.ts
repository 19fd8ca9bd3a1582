/** DELETE /api/cart/items/:productId: removes one line of the server cart. */
import { CART_ERROR_MESSAGES } from '../../../shared/contract/cart-messages.ts'
import { apiRequest } from '../../api/http.ts'

export async function deleteCartItem(productId: string): Promise<void> {
  await apiRequest<null>(`/api/cart/items/${encodeURIComponent(productId)}`, { method: 'DELETE' }, CART_ERROR_MESSAGES.removeItem)
}
