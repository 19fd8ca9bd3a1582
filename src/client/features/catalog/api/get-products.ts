/**
 * GET /api/products: a page of active products, optionally by category slug, search and the
 * listing's filters; with `facets` the filter panel's options and counts come along. A listing
 * reads it page by page ("Load more"), the other lists one page at a time.
 */
import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'
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

/**
 * A listing's pages: the first with the facets `query` asks for, each next one from where the
 * last ended (`offset`), until the API says there are no more. The address holds the filters
 * only, so a reload starts again from the first page.
 */
export function productPagesQueryOptions(query: ProductListQuery) {
  return infiniteQueryOptions({
    queryKey: ['products', 'pages', query],
    queryFn: ({ pageParam }) => getProducts(pageParam === 0 ? query : { ...query, offset: pageParam, facets: undefined }),
    initialPageParam: 0,
    getNextPageParam: (last: ProductList) => (last.hasMore ? last.offset + last.data.length : undefined),
    staleTime: FIVE_MINUTES,
  })
}

/** The listing's pages; while other filters load, the previous list (and its facets) stays on screen. */
export function useProductPages(query: ProductListQuery, enabled = true) {
  return useInfiniteQuery({ ...productPagesQueryOptions(query), enabled, placeholderData: keepPreviousData })
}
