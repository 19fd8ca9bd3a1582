/**
 * GET /api/purchases: every item of the signed-in producer's paid orders, with its product,
 * the downloads it has left and whether a refund or dispute stopped them — what the download hub lists. Cached 5 minutes.
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Purchase } from '../../../../shared/contract/downloads.ts'
import { DOWNLOAD_SERVER_MESSAGES } from '../../../../shared/contract/download-messages.ts'
import { apiRequest } from '../../../api/http.ts'
import { FIVE_MINUTES } from '../../../api/query-client.ts'

export async function getPurchases(): Promise<Purchase[]> {
  const body = await apiRequest<{ data: Purchase[] }>('/api/purchases', {}, DOWNLOAD_SERVER_MESSAGES.fetchPurchases)
  return body.data
}

/** Under 'purchases', which the payment success page invalidates after a purchase. */
export function purchasesQueryKey(userId: string) {
  return ['purchases', userId, 'items'] as const
}

export function purchasesQueryOptions(userId: string) {
  return queryOptions({ queryKey: purchasesQueryKey(userId), queryFn: getPurchases, staleTime: FIVE_MINUTES })
}

export function usePurchases(userId: string) {
  return useQuery(purchasesQueryOptions(userId))
}
