/**
 * GET /api/orders?limit&offset: the signed-in producer's orders with their items, newest first,
 * ten a page; the order history's "Load More Orders" asks for the next page.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { CHECKOUT_SERVER_MESSAGES, ORDERS_DEFAULT_PAGE_SIZE, type OrderView } from '../../../../shared/contract/checkout.ts'
import { apiRequest, withQuery } from '../../../api/http.ts'
import { FIVE_MINUTES } from '../../../api/query-client.ts'

export interface OrdersPage {
  data: OrderView[]
  hasMore: boolean
}

export function getOrders(offset: number, limit = ORDERS_DEFAULT_PAGE_SIZE): Promise<OrdersPage> {
  return apiRequest<OrdersPage>(withQuery('/api/orders', { limit, offset }), {}, CHECKOUT_SERVER_MESSAGES.fetchOrders)
}

/** Keyed by user under 'orders', which the payment success page invalidates after a purchase. */
export function ordersQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: ['orders', userId, 'history'],
    queryFn: ({ pageParam }) => getOrders(pageParam),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => (lastPage.hasMore ? pages.reduce((count, page) => count + page.data.length, 0) : undefined),
    staleTime: FIVE_MINUTES,
  })
}

export function useOrders(userId: string) {
  return useInfiniteQuery(ordersQueryOptions(userId))
}
