/** The owner's promo codes: GET /api/admin/promo-codes, create and save (which also deactivates). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AdminPromoCode, PromoCodeForm } from '../../../../shared/contract/admin-promo-codes.ts'
import { apiRequest } from '../../../api/http.ts'

const KEY = ['admin', 'promo-codes'] as const

export function useAdminPromoCodes() {
  return useQuery({ queryKey: KEY, queryFn: () => apiRequest<{ data: AdminPromoCode[] }>('/api/admin/promo-codes', {}, 'Failed to load promo codes').then((body) => body.data) })
}

export function useSavePromoCode() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, form }: { id?: string; form: PromoCodeForm }) =>
      id
        ? apiRequest<{ data: AdminPromoCode }>(`/api/admin/promo-codes/${id}`, { method: 'PUT', json: { form } }, 'Failed to save the promo code')
        : apiRequest<{ data: AdminPromoCode }>('/api/admin/promo-codes', { method: 'POST', json: { form } }, 'Failed to create the promo code'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  })
}
