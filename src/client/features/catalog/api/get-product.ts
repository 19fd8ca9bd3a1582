/** GET /api/products/:id: one active product with its category. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Product } from '../../../../shared/contract/catalog.ts'
import { ERROR_MESSAGES } from '../../../../shared/contract/error-messages.ts'
import { apiRequest } from '../../../api/http.ts'
import { FIVE_MINUTES } from '../../../api/query-client.ts'

export async function getProduct(id: string): Promise<Product> {
  const body = await apiRequest<{ data: Product }>(`/api/products/${encodeURIComponent(id)}`, {}, ERROR_MESSAGES.fetchProduct)
  return body.data
}

export function productQueryOptions(id: string) {
  return queryOptions({ queryKey: ['product', id], queryFn: () => getProduct(id), staleTime: FIVE_MINUTES })
}

export function useProduct(id: string, enabled = true) {
  return useQuery({ ...productQueryOptions(id), enabled })
}
