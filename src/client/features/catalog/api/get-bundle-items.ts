/** GET /api/products/:id/bundle-items: what a bundle holds, in the owner's order, as list items (cover, name, price, preview). */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { BUNDLE_MESSAGES } from '../../../../shared/contract/bundle-messages.ts'
import type { ProductListItem } from '../../../../shared/contract/catalog.ts'
import { apiRequest } from '../../../api/http.ts'
import { FIVE_MINUTES } from '../../../api/query-client.ts'

export async function getBundleItems(productId: string): Promise<ProductListItem[]> {
  const body = await apiRequest<{ data: ProductListItem[] }>(`/api/products/${encodeURIComponent(productId)}/bundle-items`, {}, BUNDLE_MESSAGES.fetchItems)
  return body.data
}

export function bundleItemsQueryOptions(productId: string) {
  return queryOptions({ queryKey: ['products', 'bundle-items', productId], queryFn: () => getBundleItems(productId), staleTime: FIVE_MINUTES })
}

export function useBundleItems(productId: string, enabled = true) {
  return useQuery({ ...bundleItemsQueryOptions(productId), enabled })
}
