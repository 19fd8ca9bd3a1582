/** GET /api/categories: every category ordered by name (cached 15 minutes: categories rarely change). */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Category } from '../../../../shared/contract/catalog.ts'
import { ERROR_MESSAGES } from '../../../../shared/contract/error-messages.ts'
import { apiRequest } from '../../../api/http.ts'
import { FIFTEEN_MINUTES } from '../../../api/query-client.ts'

export async function getCategories(): Promise<Category[]> {
  const body = await apiRequest<{ data: Category[] }>('/api/categories', {}, ERROR_MESSAGES.fetchCategories)
  return body.data
}

export function categoriesQueryOptions() {
  return queryOptions({ queryKey: ['categories'], queryFn: getCategories, staleTime: FIFTEEN_MINUTES })
}

export function useCategories() {
  return useQuery(categoriesQueryOptions())
}
