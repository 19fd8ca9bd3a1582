/** A product's bundle: GET /api/admin/products/:id/bundle (its items and floor) and PUT (the owner's save of both). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { BUNDLE_MESSAGES, type AdminBundle, type BundleSave } from '../../../../../shared/contract/bundles.ts'
import { apiRequest } from '../../../../api/http.ts'

export function useAdminBundle(productId: string) {
  return useQuery({
    queryKey: ['admin', 'products', 'bundle', productId],
    queryFn: () => apiRequest<{ data: AdminBundle }>(`/api/admin/products/${productId}/bundle`, {}, 'Failed to load the bundle').then((body) => body.data),
  })
}

export function useSaveBundle(productId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (save: BundleSave) =>
      apiRequest<{ data: AdminBundle }>(`/api/admin/products/${productId}/bundle`, { method: 'PUT', json: save }, BUNDLE_MESSAGES.saveFailed).then(
        (body) => body.data,
      ),
    onSuccess: async (saved) => {
      queryClient.setQueryData(['admin', 'products', 'bundle', productId], saved)
      // The product's history shows the change; the store's pages list the new items.
      await queryClient.invalidateQueries({ queryKey: ['admin', 'products', 'one', productId] })
      await queryClient.invalidateQueries({ queryKey: ['products'] })
      await queryClient.invalidateQueries({ queryKey: ['product', productId] })
    },
  })
}
