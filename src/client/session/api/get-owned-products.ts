/**
 * GET /api/purchases/owned-products: ids of the products the signed-in producer has bought and
 * not had refunded, for the "already owned" rule and the cards' "✓ Owned - Download". Cached
 * 5 minutes, refreshed after a purchase (the payment success page
 * invalidates every 'purchases' query).
 */
import { queryOptions } from '@tanstack/react-query'
import { DOWNLOAD_SERVER_MESSAGES } from '../../../shared/contract/download-messages.ts'
import { apiRequest } from '../../api/http.ts'
import { FIVE_MINUTES } from '../../api/query-client.ts'

export async function getOwnedProductIds(): Promise<string[]> {
  const body = await apiRequest<{ data: string[] }>('/api/purchases/owned-products', {}, DOWNLOAD_SERVER_MESSAGES.fetchPurchases)
  return body.data
}

export function ownedProductsQueryOptions(userId: string) {
  return queryOptions({ queryKey: ['purchases', userId, 'owned'], queryFn: getOwnedProductIds, staleTime: FIVE_MINUTES })
}
