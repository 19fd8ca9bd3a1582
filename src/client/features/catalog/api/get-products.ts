/** GET /api/products: a page of active products, optionally by category slug and search. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ProductList, ProductListQuery } from '../../../../shared/contract/catalog.ts'
import { ERROR_MESSAGES } from '../../../../shared/contract/error-messages.ts'
import { apiRequest, withQuery } from '../../../api/http.ts'
import { FIVE_MINUTES } from '../../../api/query-client.ts'

export function getProducts(query: ProductListQuery = {}): Promise<ProductList> {
  return apiRequest<ProductList>(withQuery('/api/products', { ...query }), {}, ERROR_MESSAGES.fetchProducts)
}

export function productsQueryOptions(query: ProductListQuery = {}) {
  return queryOptions({
    queryKey: ['products', query],
    queryFn: () => getProducts(query),
    staleTime: FIVE_MINUTES,
  })
}

export function useProducts(query: ProductListQuery = {}, enabled = true) {
  return useQuery({ ...productsQueryOptions(query), enabled })
}
