/** GET /api/admin/funnel?days=N: product views → added to cart → checkout started → paid, for the last N days. */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { Funnel, FunnelPeriod } from '../../../../../shared/contract/store-events.ts'
import { apiRequest } from '../../../../api/http.ts'

export function useFunnel(days: FunnelPeriod) {
  return useQuery({
    queryKey: ['admin', 'funnel', days],
    queryFn: () => apiRequest<{ data: Funnel }>(`/api/admin/funnel?days=${days}`, {}, 'Failed to load the funnel').then((body) => body.data),
    // The previous period's figures stay on screen while the next one loads.
    placeholderData: keepPreviousData,
  })
}
