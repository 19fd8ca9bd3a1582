/** GET /api/catalog/sections: the All Products view (every category with its newest products) in one request. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CatalogSections } from '../../../../shared/contract/catalog.ts'
import { ERROR_MESSAGES } from '../../../../shared/contract/error-messages.ts'
import { apiRequest } from '../../../api/http.ts'
import { FIVE_MINUTES } from '../../../api/query-client.ts'

export function catalogSectionsQueryOptions() {
  return queryOptions({
    queryKey: ['catalog', 'sections'],
    queryFn: () => apiRequest<CatalogSections>('/api/catalog/sections', {}, ERROR_MESSAGES.fetchProducts).then((body) => body.data),
    staleTime: FIVE_MINUTES,
  })
}

export function useCatalogSections(enabled = true) {
  return useQuery({ ...catalogSectionsQueryOptions(), enabled })
}
