/**
 * POST /api/downloads `{ orderItemId, productId }`: spends one download of a purchased item and
 * answers a short-lived signed URL for the file plus the downloads left. On success the hub's
 * purchases are patched with the new count and the download log is read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateDownloadBody, CreateDownloadResponse, Purchase } from '../../../../shared/contract/downloads.ts'
import { ApiError, apiRequest } from '../../../api/http.ts'
import { DOWNLOAD_MESSAGES } from '../download-errors.ts'
import { downloadsQueryKey } from './get-downloads.ts'
import { purchasesQueryKey } from './get-purchases.ts'

export async function postDownload(request: CreateDownloadBody): Promise<CreateDownloadResponse> {
  const grant = await apiRequest<CreateDownloadResponse>('/api/downloads', { method: 'POST', json: request }, DOWNLOAD_MESSAGES.createFailed)
  if (!grant?.downloadUrl) throw new ApiError(DOWNLOAD_MESSAGES.noDownloadUrl, 500, 'NO_DOWNLOAD_URL')
  return grant
}

export function useCreateDownload(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: postDownload,
    onSuccess: (grant, request) => {
      queryClient.setQueryData<Purchase[]>(purchasesQueryKey(userId), (purchases) =>
        purchases?.map((purchase) => (purchase.id === request.orderItemId ? { ...purchase, downloadsRemaining: grant.downloadsRemaining } : purchase)),
      )
      void queryClient.invalidateQueries({ queryKey: downloadsQueryKey(userId) })
    },
    onError: (error) => {
      // A refusal for a spent item means the count on screen is stale: read it again.
      if (error instanceof ApiError && error.status === 400) void queryClient.invalidateQueries({ queryKey: purchasesQueryKey(userId) })
    },
  })
}
