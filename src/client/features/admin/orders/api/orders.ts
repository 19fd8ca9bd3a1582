/**
 * The owner's orders: the filtered list, one order, and its actions (refund the order or one
 * item, add downloads to an item, send the receipt again). An action answers the order as it
 * now is, which replaces the cached one.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AdminOrder, AdminOrderSummary } from '../../../../../shared/contract/admin-orders.ts'
import type { OrderStatusValue } from '../../../../../shared/contract/checkout.ts'
import { apiRequest, withQuery } from '../../../../api/http.ts'

export const ORDERS_PAGE_SIZE = 25

export interface OrderListFilters {
  status: OrderStatusValue | ''
  email: string
  from: string
  to: string
  offset: number
}

export function useAdminOrders(filters: OrderListFilters) {
  return useQuery({
    queryKey: ['admin', 'orders', filters],
    queryFn: () =>
      apiRequest<{ data: AdminOrderSummary[]; total: number }>(
        withQuery('/api/admin/orders', { ...filters, limit: ORDERS_PAGE_SIZE }),
        {},
        'Failed to load orders',
      ),
    placeholderData: keepPreviousData,
  })
}

export function useAdminOrder(id: string | undefined) {
  return useQuery({
    queryKey: ['admin', 'orders', 'one', id],
    queryFn: () => apiRequest<{ data: AdminOrder }>(`/api/admin/orders/${id}`, {}, 'Failed to load the order').then((body) => body.data),
    enabled: id !== undefined,
  })
}

export type OrderAction =
  { kind: 'refund'; orderItemIds?: string[]; reason?: string } | { kind: 'add-downloads'; orderItemId: string; downloads: number } | { kind: 'receipt' }

export function useOrderAction(orderId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (action: OrderAction): Promise<AdminOrder | null> => {
      if (action.kind === 'receipt') {
        await apiRequest(`/api/admin/orders/${orderId}/receipt`, { method: 'POST' }, 'Failed to send the receipt')
        return null
      }
      const body =
        action.kind === 'refund'
          ? await apiRequest<{ data: AdminOrder }>(
              `/api/admin/orders/${orderId}/refund`,
              { method: 'POST', json: { orderItemIds: action.orderItemIds, reason: action.reason } },
              'Failed to refund',
            )
          : await apiRequest<{ data: AdminOrder }>(
              `/api/admin/orders/${orderId}/items/${action.orderItemId}/downloads`,
              { method: 'POST', json: { downloads: action.downloads } },
              'Failed to add downloads',
            )
      return body.data
    },
    onSuccess: async (order) => {
      if (order) queryClient.setQueryData(['admin', 'orders', 'one', orderId], order)
      await queryClient.invalidateQueries({ queryKey: ['admin', 'orders'], refetchType: order ? 'none' : 'active' })
      if (!order) await queryClient.invalidateQueries({ queryKey: ['admin', 'orders', 'one', orderId] })
    },
    // A refused refund (another tab or owner refunded first) shows the order as it is now.
    onError: async (_error, action) => {
      if (action.kind === 'refund') await queryClient.invalidateQueries({ queryKey: ['admin', 'orders', 'one', orderId] })
    },
  })
}
