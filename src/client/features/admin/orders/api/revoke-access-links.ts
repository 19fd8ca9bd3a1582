/**
 * POST /api/admin/orders/:id/access-links/revoke: the owner revokes every live private link of
 * an order. The answer is the order as it now is, which replaces the cached one.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminOrder } from '../../../../../shared/contract/admin-orders.ts'
import { apiRequest } from '../../../../api/http.ts'

export function useRevokeAccessLinks(orderId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () =>
      (
        await apiRequest<{ data: AdminOrder }>(
          `/api/admin/orders/${encodeURIComponent(orderId)}/access-links/revoke`,
          { method: 'POST' },
          'Failed to revoke the order links',
        )
      ).data,
    onSuccess: (order) => queryClient.setQueryData(['admin', 'orders', 'one', orderId], order),
    // Refused (another owner revoked them first): show the links as they now are.
    onError: () => queryClient.invalidateQueries({ queryKey: ['admin', 'orders', 'one', orderId] }),
  })
}
