/** GET /api/admin/dashboard: the last 30 days of orders, revenue, downloads and refunds, and the best sellers. */
import { useQuery } from '@tanstack/react-query'
import type { Dashboard } from '../../../../../shared/contract/admin-reports.ts'
import { apiRequest } from '../../../../api/http.ts'

export function useDashboard() {
  return useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: () => apiRequest<{ data: Dashboard }>('/api/admin/dashboard', {}, 'Failed to load the dashboard').then((body) => body.data),
  })
}
