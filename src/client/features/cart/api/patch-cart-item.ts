/** PATCH /api/cart/items/:productId: sets a server cart line's quantity (0 or less removes it). */
import type { CartLine } from '../../../../shared/contract/cart.ts'
import { CART_ERROR_MESSAGES } from '../../../../shared/contract/cart-messages.ts'
import { apiRequest } from '../../../api/http.ts'

export async function patchCartItem(productId: string, quantity: number): Promise<CartLine | null> {
  const body = await apiRequest<{ data: CartLine | null }>(
    `/api/cart/items/${encodeURIComponent(productId)}`,
    { method: 'PATCH', json: { quantity } },
    CART_ERROR_MESSAGES.updateItem,
  )
  return body.data
}
