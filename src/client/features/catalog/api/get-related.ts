/**
 * GET /api/products/:id/related: "More like this", the products the server ranks closest to one
 * (same genre, a compatible key, a close tempo, then the same category), never the product itself.
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ProductListItem } from '../../../../shared/contract/catalog.ts'
import { ERROR_MESSAGES } from '../../../../shared/contract/error-messages.ts'
import { apiRequest } from '../../../api/http.ts'
import { FIVE_MINUTES } from '../../../api/query-client.ts'

export async function getRelatedProducts(productId: string): Promise<ProductListItem[]> {
  const body = await apiRequest<{ data: ProductListItem[] }>(`/api/products/${encodeURIComponent(productId)}/related`, {}, ERROR_MESSAGES.fetchProducts)
  return body.data
}

export function relatedProductsQueryOptions(productId: string) {
  return queryOptions({ queryKey: ['products', 'related', productId], queryFn: () => getRelatedProducts(productId), staleTime: FIVE_MINUTES })
}

export function useRelatedProducts(productId: string) {
  return useQuery(relatedProductsQueryOptions(productId))
}
