/** GET /api/payments/config: which payment provider the checkout form talks to, and Stripe's publishable key. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PaymentsConfig } from '../../../../shared/contract/payments.ts'
import { apiRequest } from '../../../api/http.ts'
import { FIFTEEN_MINUTES } from '../../../api/query-client.ts'

export function getPaymentsConfig(): Promise<PaymentsConfig> {
  return apiRequest<PaymentsConfig>('/api/payments/config', {}, 'Payment system is currently unavailable. Please try again later.')
}

export const paymentsConfigQueryOptions = queryOptions({ queryKey: ['payments-config'], queryFn: getPaymentsConfig, staleTime: FIFTEEN_MINUTES })

export function usePaymentsConfig() {
  return useQuery(paymentsConfigQueryOptions)
}
