/**
 * GET /api/admin/subscribers and /api/admin/free-product-claims (?search&limit&offset): the
 * store's list, newest first; and the addresses of their CSV exports, downloaded by the browser
 * with the owner's session.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { SUBSCRIBERS_PAGE_SIZE, type FreeProductClaim, type Subscriber } from '../../../../../shared/contract/subscribers.ts'
import { apiRequest, withQuery } from '../../../../api/http.ts'

interface Page<T> {
  data: T[]
  total: number
  hasMore: boolean
}

export const subscribersCsvUrl = (search: string) => withQuery('/api/admin/subscribers.csv', { search })
export const freeProductClaimsCsvUrl = (search: string) => withQuery('/api/admin/free-product-claims.csv', { search })

export function useSubscribers(search: string, offset: number) {
  return useQuery({
    queryKey: ['admin', 'subscribers', search, offset],
    queryFn: () =>
      apiRequest<Page<Subscriber>>(withQuery('/api/admin/subscribers', { search, limit: SUBSCRIBERS_PAGE_SIZE, offset }), {}, 'Failed to load the subscribers'),
    placeholderData: keepPreviousData,
  })
}

export function useFreeProductClaims(search: string, offset: number) {
  return useQuery({
    queryKey: ['admin', 'free-product-claims', search, offset],
    queryFn: () =>
      apiRequest<Page<FreeProductClaim>>(
        withQuery('/api/admin/free-product-claims', { search, limit: SUBSCRIBERS_PAGE_SIZE, offset }),
        {},
        'Failed to load the free product requests',
      ),
    placeholderData: keepPreviousData,
  })
}
