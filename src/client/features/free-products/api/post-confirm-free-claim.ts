/** POST /api/free-products/claims/:token/confirm: the emailed link, opened; answers the path of the order's private page. */
import { FREE_PRODUCT_MESSAGES } from '../../../../shared/contract/free-product-texts.ts'
import { apiRequest } from '../../../api/http.ts'

export async function confirmFreeClaim(token: string): Promise<string> {
  const answer = await apiRequest<{ data: { orderPath: string } }>(
    `/api/free-products/claims/${encodeURIComponent(token)}/confirm`,
    { method: 'POST' },
    FREE_PRODUCT_MESSAGES.confirmFailed,
  )
  return answer.data.orderPath
}
