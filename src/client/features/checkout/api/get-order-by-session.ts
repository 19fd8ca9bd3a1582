/**
 * GET /api/orders/by-session/:sessionId: the order behind a payment session, for the payment
 * success page. The lookup also settles a paid session the webhook has not delivered yet.
 */
import { queryOptions } from '@tanstack/react-query'
import type { SessionOrder } from '../../../../shared/contract/checkout.ts'
import { apiRequest } from '../../../api/http.ts'

export async function getOrderBySession(sessionId: string): Promise<SessionOrder> {
  const body = await apiRequest<{ data: SessionOrder }>(
    `/api/orders/by-session/${encodeURIComponent(sessionId)}`,
    { cache: 'no-store' },
    'Failed to fetch order',
  )
  return body.data
}

export function orderBySessionQueryOptions(sessionId: string) {
  return queryOptions({ queryKey: ['order-by-session', sessionId], queryFn: () => getOrderBySession(sessionId), retry: false, staleTime: 0, gcTime: 0 })
}
