/**
 * Making one of a product's file versions the one buyers download (a draft published, or an
 * earlier version restored): POST /api/admin/products/{id}/file-versions/{number}/publish, with
 * the owner's choice of an "update available" email and one more download for each buyer.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { PublishFileVersionResult } from '../../../../../shared/contract/product-file-versions.ts'
import { apiRequest } from '../../../../api/http.ts'

export interface PublishFileVersionInput {
  number: number
  notifyBuyers: boolean
  extraDownload: boolean
}

export function usePublishFileVersion(productId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ number, notifyBuyers, extraDownload }: PublishFileVersionInput) =>
      apiRequest<{ data: PublishFileVersionResult }>(
        `/api/admin/products/${productId}/file-versions/${number}/publish`,
        { method: 'POST', json: { notifyBuyers, extraDownload } },
        `Failed to publish version ${number}`,
      ).then((body) => body.data),
    // The product's media (its file's name, size and sha256) and the store's file size follow the live version.
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'products'] })
      await queryClient.invalidateQueries({ queryKey: ['products'] })
      await queryClient.invalidateQueries({ queryKey: ['catalog'] })
    },
  })
}
