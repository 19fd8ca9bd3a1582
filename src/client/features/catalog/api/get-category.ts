/** GET /api/categories/:slug: one category ("Category not found" when the slug is unknown). */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Category } from '../../../../shared/contract/catalog.ts'
import { ERROR_MESSAGES } from '../../../../shared/contract/error-messages.ts'
import { apiRequest } from '../../../api/http.ts'
import { FIVE_MINUTES } from '../../../api/query-client.ts'

export async function getCategory(slug: string): Promise<Category> {
  const body = await apiRequest<{ data: Category }>(`/api/categories/${encodeURIComponent(slug)}`, {}, ERROR_MESSAGES.fetchCategory)
  return body.data
}

export function categoryQueryOptions(slug: string) {
  return queryOptions({ queryKey: ['category', slug], queryFn: () => getCategory(slug), staleTime: FIVE_MINUTES })
}

export function useCategory(slug: string) {
  return useQuery(categoryQueryOptions(slug))
}
