/** GET /api/admin/customers?search&limit&offset: who paid, how often and for how much, most spent first. */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { Customer } from '../../../../../shared/contract/admin-customers.ts'
import { apiRequest, withQuery } from '../../../../api/http.ts'

export const CUSTOMERS_PAGE_SIZE = 25

export interface CustomersPage {
  data: Customer[]
  total: number
  hasMore: boolean
}

export function useCustomers(search: string, offset: number) {
  return useQuery({
    queryKey: ['admin', 'customers', search, offset],
    queryFn: () => apiRequest<CustomersPage>(withQuery('/api/admin/customers', { search, limit: CUSTOMERS_PAGE_SIZE, offset }), {}, 'Failed to load customers'),
    placeholderData: keepPreviousData,
  })
}
