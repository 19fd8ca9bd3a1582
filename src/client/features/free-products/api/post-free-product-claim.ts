/**
 * POST /api/free-products/:productId/claims `{ email, newsConsent }`: "Get it free". The answer is
 * one sentence ("Check your inbox: …"); the download link arrives by email.
 */
import { useMutation } from '@tanstack/react-query'
import { FREE_PRODUCT_MESSAGES } from '../../../../shared/contract/free-product-texts.ts'
import type { FreeProductClaimBody } from '../../../../shared/contract/free-products.ts'
import { apiRequest } from '../../../api/http.ts'

export async function postFreeProductClaim(productId: string, body: FreeProductClaimBody): Promise<string> {
  const answer = await apiRequest<{ data: { message: string } }>(
    `/api/free-products/${encodeURIComponent(productId)}/claims`,
    { method: 'POST', json: body },
    FREE_PRODUCT_MESSAGES.claimFailed,
  )
  return answer.data.message
}

export function useFreeProductClaim(productId: string) {
  return useMutation({ mutationFn: (body: FreeProductClaimBody) => postFreeProductClaim(productId, body) })
}
