/**
 * GET /api/order-access/:token/licence-keys: the licence keys of the order a private order link
 * opens (a guest's order page), one request for all its items. Not retried: an unknown or
 * withdrawn link is a 404 at once.
 */
import { useQuery } from '@tanstack/react-query'
import type { LicenceKeyView } from '../../../../shared/contract/licence-keys.ts'
import { apiRequest } from '../../../api/http.ts'

export function useOrderLinkLicenceKeys(token: string) {
  return useQuery({
    queryKey: ['order-access', token, 'licence-keys'] as const,
    queryFn: () =>
      apiRequest<{ data: LicenceKeyView[] }>(`/api/order-access/${encodeURIComponent(token)}/licence-keys`, {}, 'Failed to load the licence keys').then(
        (body) => body.data,
      ),
    retry: false,
    staleTime: 0,
  })
}
