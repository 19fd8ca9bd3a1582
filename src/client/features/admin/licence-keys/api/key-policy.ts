/**
 * A product's licence keys for the owner: GET /api/admin/products/:id/key-policy (the policy and,
 * for serials, the pool's counts), PUT (the owner's save) and POST .../serials (a CSV of the
 * vendor's serials, answered with a line-by-line report; the pool's counts are read again).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AdminKeyPolicy, KeyPolicy, SerialImportReport } from '../../../../../shared/contract/licence-keys.ts'
import { apiRequest } from '../../../../api/http.ts'

const keyPolicyQueryKey = (productId: string) => ['admin', 'products', 'key-policy', productId] as const
const path = (productId: string) => `/api/admin/products/${encodeURIComponent(productId)}`

export function useKeyPolicy(productId: string) {
  return useQuery({
    queryKey: keyPolicyQueryKey(productId),
    queryFn: () => apiRequest<{ data: AdminKeyPolicy }>(`${path(productId)}/key-policy`, {}, 'Failed to load the licence key policy').then((body) => body.data),
  })
}

export function useSaveKeyPolicy(productId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (policy: KeyPolicy) =>
      apiRequest<{ data: AdminKeyPolicy }>(`${path(productId)}/key-policy`, { method: 'PUT', json: policy }, 'Failed to save the licence key policy').then(
        (body) => body.data,
      ),
    onSuccess: async (saved) => {
      queryClient.setQueryData(keyPolicyQueryKey(productId), saved)
      // The product's history shows the change.
      await queryClient.invalidateQueries({ queryKey: ['admin', 'products', 'one', productId] })
    },
  })
}

export function useImportSerials(productId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (csv: string) =>
      apiRequest<{ data: SerialImportReport }>(`${path(productId)}/serials`, { method: 'POST', json: { csv } }, 'Failed to import the serials').then(
        (body) => body.data,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyPolicyQueryKey(productId) }),
  })
}
