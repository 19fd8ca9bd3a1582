/**
 * An order's licence keys for the owner: GET /api/admin/orders/:id/licence-keys, and one key's
 * actions (POST /api/admin/licence-keys/:id/revoke, /reissue, /activations). An action answers
 * the key as it now is, which replaces it in the cached list.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { LicenceKeyView } from '../../../../../shared/contract/licence-keys.ts'
import { apiRequest } from '../../../../api/http.ts'

/**
 * Under the order's own key and its status: a refund or a lost dispute, which revokes or
 * suspends keys, changes the status and so reads the keys again.
 */
const orderKeysQueryKey = (orderId: string, orderStatus: string) => ['admin', 'orders', 'one', orderId, 'licence-keys', orderStatus] as const

export function useOrderLicenceKeys(orderId: string, orderStatus: string) {
  return useQuery({
    queryKey: orderKeysQueryKey(orderId, orderStatus),
    queryFn: () =>
      apiRequest<{ data: LicenceKeyView[] }>(`/api/admin/orders/${encodeURIComponent(orderId)}/licence-keys`, {}, 'Failed to load the licence keys').then(
        (body) => body.data,
      ),
  })
}

export type LicenceKeyAction =
  { kind: 'revoke'; keyId: string } | { kind: 'reissue'; keyId: string } | { kind: 'add-activations'; keyId: string; activations: number }

const FAILED: Record<LicenceKeyAction['kind'], string> = {
  revoke: 'Failed to revoke the key',
  reissue: 'Failed to reissue the key',
  'add-activations': 'Failed to add activations',
}

export function useLicenceKeyAction(orderId: string, orderStatus: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (action: LicenceKeyAction) => {
      const base = `/api/admin/licence-keys/${encodeURIComponent(action.keyId)}`
      const request =
        action.kind === 'add-activations'
          ? apiRequest<{ data: LicenceKeyView }>(`${base}/activations`, { method: 'POST', json: { activations: action.activations } }, FAILED[action.kind])
          : apiRequest<{ data: LicenceKeyView }>(`${base}/${action.kind}`, { method: 'POST' }, FAILED[action.kind])
      return (await request).data
    },
    onSuccess: (key) =>
      queryClient.setQueryData<LicenceKeyView[]>(orderKeysQueryKey(orderId, orderStatus), (keys) => keys?.map((other) => (other.id === key.id ? key : other))),
    // Refused (another owner changed it first): show the keys as they now are.
    onError: () => queryClient.invalidateQueries({ queryKey: orderKeysQueryKey(orderId, orderStatus) }),
  })
}
