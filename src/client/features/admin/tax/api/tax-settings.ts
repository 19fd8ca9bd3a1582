/**
 * The owner's tax settings: GET /api/admin/tax/settings and the save (PUT, over the version the
 * form was opened at; a newer one saved since is a 409 STALE_VERSION).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AdminTaxSettings, TaxSettingsSave } from '../../../../../shared/contract/tax.ts'
import { apiRequest } from '../../../../api/http.ts'

const KEY = ['admin', 'tax', 'settings'] as const
/** The cart's read of the public tax policy (tax/api/get-tax-policy.ts): the owner's own cart shows a save at once. */
export const TAX_POLICY_QUERY_KEY = ['tax-policy'] as const

export function useAdminTaxSettings() {
  return useQuery({
    queryKey: KEY,
    queryFn: () => apiRequest<{ data: AdminTaxSettings }>('/api/admin/tax/settings', {}, 'Failed to load the tax settings').then((body) => body.data),
  })
}

export function useSaveTaxSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (save: TaxSettingsSave) =>
      apiRequest<{ data: AdminTaxSettings }>('/api/admin/tax/settings', { method: 'PUT', json: save }, 'Failed to save the tax settings').then(
        (body) => body.data,
      ),
    onSuccess: async (saved) => {
      queryClient.setQueryData(KEY, saved)
      await queryClient.invalidateQueries({ queryKey: TAX_POLICY_QUERY_KEY })
    },
  })
}
