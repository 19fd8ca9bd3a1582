/**
 * The tax rates: GET /api/admin/tax/rates (the project's table beside the owner's rates), the
 * owner's rate for a place set (PUT) or removed (DELETE, so the table's applies again). Each
 * answers the whole list, which replaces the one shown.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AdminTaxRate, TaxRateSave } from '../../../../../shared/contract/tax.ts'
import { apiRequest, withQuery } from '../../../../api/http.ts'
import { TAX_POLICY_QUERY_KEY } from './tax-settings.ts'

const KEY = ['admin', 'tax', 'rates'] as const
type RatesAnswer = { data: { rates: AdminTaxRate[] } }

export function useAdminTaxRates() {
  return useQuery({
    queryKey: KEY,
    queryFn: () => apiRequest<RatesAnswer>('/api/admin/tax/rates', {}, 'Failed to load the tax rates').then((body) => body.data.rates),
  })
}

export function useSaveTaxRate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (rate: TaxRateSave) =>
      apiRequest<RatesAnswer>('/api/admin/tax/rates', { method: 'PUT', json: rate }, 'Failed to save the rate').then((body) => body.data.rates),
    onSuccess: async (rates) => {
      queryClient.setQueryData(KEY, rates)
      await queryClient.invalidateQueries({ queryKey: TAX_POLICY_QUERY_KEY })
    },
  })
}

export function useDeleteTaxRate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ countryCode, regionCode }: { countryCode: string; regionCode: string }) =>
      apiRequest<RatesAnswer>(
        withQuery(`/api/admin/tax/rates/${encodeURIComponent(countryCode)}`, { region: regionCode }),
        { method: 'DELETE' },
        'Failed to remove the rate',
      ).then((body) => body.data.rates),
    onSuccess: async (rates) => {
      queryClient.setQueryData(KEY, rates)
      await queryClient.invalidateQueries({ queryKey: TAX_POLICY_QUERY_KEY })
    },
  })
}
