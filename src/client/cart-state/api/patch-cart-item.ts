/** PATCH /api/cart/items/:productId: sets a server cart line's quantity (0 or less removes it) and/or its pay-what-you-want amount. */
import { CART_ERROR_MESSAGES } from '../../../shared/contract/cart-messages.ts'
import type { CartLine, UpdateCartItemBody } from '../../../shared/contract/cart.ts'
import { apiRequest } from '../../api/http.ts'

export async function patchCartItem(productId: string, change: UpdateCartItemBody): Promise<CartLine | null> {
  const body = await apiRequest<{ data: CartLine | null }>(
    `/api/cart/items/${encodeURIComponent(productId)}`,
    { method: 'PATCH', json: change },
    CART_ERROR_MESSAGES.updateItem,
  )
  return body.data
}
