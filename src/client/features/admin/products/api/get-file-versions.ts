/**
 * A product's file versions, newest first, with the live one and how many buyers can still
 * download it: GET /api/admin/products/{id}/file-versions. Its key sits under the owner's
 * products, so anything that refreshes a product (a new upload, a publish) refreshes it too.
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ProductFileVersions } from '../../../../../shared/contract/product-file-versions.ts'
import { apiRequest } from '../../../../api/http.ts'

export function fileVersionsQuery(productId: string) {
  return queryOptions({
    queryKey: ['admin', 'products', 'file-versions', productId],
    queryFn: () =>
      apiRequest<{ data: ProductFileVersions }>(`/api/admin/products/${productId}/file-versions`, {}, 'Failed to load the file versions').then(
        (body) => body.data,
      ),
  })
}

export function useFileVersions(productId: string) {
  return useQuery(fileVersionsQuery(productId))
}
