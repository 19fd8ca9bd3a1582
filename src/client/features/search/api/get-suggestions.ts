/** GET /api/search/suggestions?q=…: the products, categories and tags the header's search box offers (cached a minute per text). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { SUGGESTION_MIN_CHARS } from '../../../../shared/contract/catalog-filters.ts'
import type { SearchSuggestions } from '../../../../shared/contract/catalog.ts'
import { apiRequest, withQuery } from '../../../api/http.ts'

const ONE_MINUTE = 60 * 1000

export async function getSuggestions(q: string, signal?: AbortSignal): Promise<SearchSuggestions> {
  const body = await apiRequest<{ data: SearchSuggestions }>(withQuery('/api/search/suggestions', { q }), { signal }, 'Failed to load suggestions')
  return body.data
}

export function suggestionsQueryOptions(q: string) {
  return queryOptions({ queryKey: ['search-suggestions', q], queryFn: ({ signal }) => getSuggestions(q, signal), staleTime: ONE_MINUTE })
}

/** Nothing is asked below SUGGESTION_MIN_CHARS; while the next text's answer is on its way the last one stays shown. */
export function useSuggestions(q: string) {
  return useQuery({ ...suggestionsQueryOptions(q), enabled: q.length >= SUGGESTION_MIN_CHARS, placeholderData: keepPreviousData, retry: false })
}
