/** GET /api/admin/health: the outbox, payment webhooks and periodic jobs, each green, amber or red. */
import { useQuery } from '@tanstack/react-query'
import type { HealthReport } from '../../../../../shared/contract/admin-health.ts'
import { apiRequest } from '../../../../api/http.ts'

export function useStoreHealth() {
  return useQuery({
    queryKey: ['admin', 'health'],
    queryFn: () => apiRequest<{ data: HealthReport }>('/api/admin/health', {}, 'Failed to load the store health').then((body) => body.data),
    refetchInterval: 60_000,
  })
}
