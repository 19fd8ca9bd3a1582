/** The owner's promo codes: GET /api/admin/promo-codes, create and save (which also deactivates). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AdminPromoCode, PromoCodeForm } from '../../../../../shared/contract/admin-promo-codes.ts'
import { apiRequest } from '../../../../api/http.ts'

const KEY = ['admin', 'promo-codes'] as const

export function useAdminPromoCodes() {
  return useQuery({
    queryKey: KEY,
    queryFn: () => apiRequest<{ data: AdminPromoCode[] }>('/api/admin/promo-codes', {}, 'Failed to load promo codes').then((body) => body.data),
  })
}

/** A new code's form, or an existing one's with the version it was opened at (a newer one saved since is a 409 STALE_VERSION). */
type PromoCodeSave = { form: PromoCodeForm } | { id: string; version: number; form: PromoCodeForm }

export function useSavePromoCode() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (save: PromoCodeSave) =>
      'id' in save
        ? apiRequest<{ data: AdminPromoCode }>(
            `/api/admin/promo-codes/${save.id}`,
            { method: 'PUT', json: { form: save.form, version: save.version } },
            'Failed to save the promo code',
          )
        : apiRequest<{ data: AdminPromoCode }>('/api/admin/promo-codes', { method: 'POST', json: { form: save.form } }, 'Failed to create the promo code'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  })
}
