/**
 * GET /api/order-access/:token: the paid order a private order link opens, with its items as the
 * Download Hub lists them. Not retried: an unknown or withdrawn link is a 404 at once.
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { ORDER_ACCESS_MESSAGES, type GuestOrder } from '../../../../shared/contract/order-access.ts'
import { apiRequest } from '../../../api/http.ts'

export async function getOrderLink(token: string): Promise<GuestOrder> {
  const body = await apiRequest<{ data: GuestOrder }>(`/api/order-access/${encodeURIComponent(token)}`, {}, ORDER_ACCESS_MESSAGES.loadFailed)
  return body.data
}

export function orderLinkQueryKey(token: string) {
  return ['order-access', token] as const
}

export function orderLinkQueryOptions(token: string) {
  return queryOptions({ queryKey: orderLinkQueryKey(token), queryFn: () => getOrderLink(token), retry: false, staleTime: 0 })
}

export function useOrderLink(token: string) {
  return useQuery(orderLinkQueryOptions(token))
}
