/** The owner's timed sales: GET /api/admin/sales, create, save (over the version opened), End now and delete. Each write refreshes the list and the storefront's prices. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AdminSale, SaleForm } from '../../../../../shared/contract/admin-sales.ts'
import { apiRequest } from '../../../../api/http.ts'

const KEY = ['admin', 'sales'] as const

export function useAdminSales() {
  return useQuery({
    queryKey: KEY,
    queryFn: () => apiRequest<{ data: AdminSale[] }>('/api/admin/sales', {}, 'Failed to load sales').then((body) => body.data),
  })
}

function useSaleWrite<Input, Output>(request: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: request,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: KEY })
      // A sale changes the prices the storefront shows.
      await queryClient.invalidateQueries({ queryKey: ['products'] })
      await queryClient.invalidateQueries({ queryKey: ['product'] })
      await queryClient.invalidateQueries({ queryKey: ['catalog'] })
    },
  })
}

/** A new sale's form, or an existing one's with the version it was opened at (a newer one saved since is a 409 STALE_VERSION). */
type SaleSave = { form: SaleForm } | { id: string; version: number; form: SaleForm }

export const useSaveSale = () =>
  useSaleWrite((save: SaleSave) =>
    'id' in save
      ? apiRequest<{ data: AdminSale }>(
          `/api/admin/sales/${save.id}`,
          { method: 'PUT', json: { form: save.form, version: save.version } },
          'Failed to save the sale',
        )
      : apiRequest<{ data: AdminSale }>('/api/admin/sales', { method: 'POST', json: { form: save.form } }, 'Failed to create the sale'),
  )

export const useEndSale = () =>
  useSaleWrite((id: string) => apiRequest<{ data: AdminSale }>(`/api/admin/sales/${id}/end`, { method: 'POST' }, 'Failed to end the sale'))

export const useDeleteSale = () => useSaleWrite((id: string) => apiRequest<null>(`/api/admin/sales/${id}`, { method: 'DELETE' }, 'Failed to delete the sale'))
