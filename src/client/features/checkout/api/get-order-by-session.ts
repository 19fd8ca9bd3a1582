/**
 * GET /api/orders/by-session/:sessionId: the order behind a payment session, for the payment
 * success page. The lookup also settles a paid session the webhook has not delivered yet. It
 * answers only the browser that began the checkout: its claim is a cookie the browser sends by itself.
 */
import { queryOptions } from '@tanstack/react-query'
import { ORDER_BY_SESSION_PATH_PREFIX, type SessionOrder } from '../../../../shared/contract/checkout.ts'
import { apiRequest } from '../../../api/http.ts'

export async function getOrderBySession(sessionId: string): Promise<SessionOrder> {
  const body = await apiRequest<{ data: SessionOrder }>(
    `${ORDER_BY_SESSION_PATH_PREFIX}/${encodeURIComponent(sessionId)}`,
    { cache: 'no-store' },
    'Failed to fetch order',
  )
  return body.data
}

export function orderBySessionQueryOptions(sessionId: string) {
  return queryOptions({ queryKey: ['order-by-session', sessionId], queryFn: () => getOrderBySession(sessionId), retry: false, staleTime: 0, gcTime: 0 })
}
