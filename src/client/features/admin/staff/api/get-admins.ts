/** GET /api/admin/admins: every staff account (admins, then support) with its role and since when, the viewer marked as `you`. */
import { useQuery } from '@tanstack/react-query'
import type { AdminAccount } from '../../../../../shared/contract/admin-admins.ts'
import { apiRequest } from '../../../../api/http.ts'

export const ADMINS_QUERY_KEY = ['admin', 'admins'] as const

export function useAdmins() {
  return useQuery({
    queryKey: ADMINS_QUERY_KEY,
    queryFn: () => apiRequest<{ data: AdminAccount[] }>('/api/admin/admins', {}, 'Failed to load admins').then((body) => body.data),
  })
}
