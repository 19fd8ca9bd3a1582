/**
 * One customer for the owner: GET /api/admin/customers/:id (their orders, downloads, refunds and
 * emails) and PATCH /api/admin/customers/:id/email (correct their email; a guest's key follows
 * the address, so the answer names where the customer now is).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CustomerDetail, EmailCorrection } from '../../../../../shared/contract/admin-customers.ts'
import { apiRequest } from '../../../../api/http.ts'

export function useAdminCustomer(key: string | undefined) {
  return useQuery({
    queryKey: ['admin', 'customers', 'one', key],
    queryFn: () => apiRequest<{ data: CustomerDetail }>(`/api/admin/customers/${key}`, {}, 'Failed to load the customer').then((body) => body.data),
    enabled: key !== undefined,
  })
}

export function useChangeCustomerEmail(key: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<{ data: EmailCorrection }>(`/api/admin/customers/${key}/email`, { method: 'PATCH', json: { email } }, 'Failed to change the email').then(
        (body) => body.data,
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'customers'] })
      await queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] })
    },
  })
}
