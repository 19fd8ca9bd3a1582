/**
 * GET /api/licence-keys: every licence key of the signed-in buyer's paid orders, with its
 * activations. Read once for the whole Download Hub (each card picks its item's keys), under
 * 'purchases' so the payment success page's refresh reads it again.
 */
import { useQuery } from '@tanstack/react-query'
import type { LicenceKeyView } from '../../../../shared/contract/licence-keys.ts'
import { apiRequest } from '../../../api/http.ts'

export function licenceKeysQueryKey(userId: string) {
  return ['purchases', userId, 'licence-keys'] as const
}

export function useLicenceKeys(userId: string) {
  return useQuery({
    queryKey: licenceKeysQueryKey(userId),
    queryFn: () => apiRequest<{ data: LicenceKeyView[] }>('/api/licence-keys', {}, 'Failed to load your licence keys').then((body) => body.data),
  })
}
