/**
 * POST /api/order-access/:token/downloads `{ orderItemId, productId }`: spends one download of an
 * item of the link's order and answers a short-lived signed URL, as the hub's grant does. On
 * success the order's items are patched with the new count.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateDownloadBody, CreateDownloadResponse } from '../../../../shared/contract/downloads.ts'
import type { GuestOrder } from '../../../../shared/contract/order-access.ts'
import { ApiError, apiRequest } from '../../../api/http.ts'
import { orderLinkQueryKey } from './get-order-link.ts'

const GRANT_FAILED = 'Failed to generate download URL'

export async function postOrderLinkDownload(token: string, request: CreateDownloadBody): Promise<CreateDownloadResponse> {
  const grant = await apiRequest<CreateDownloadResponse>(
    `/api/order-access/${encodeURIComponent(token)}/downloads`,
    { method: 'POST', json: request },
    GRANT_FAILED,
  )
  if (!grant?.downloadUrl) throw new ApiError('No download URL received', 500, 'NO_DOWNLOAD_URL')
  return grant
}

export function useOrderLinkDownload(token: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (request: CreateDownloadBody) => postOrderLinkDownload(token, request),
    onSuccess: (grant, request) => {
      queryClient.setQueryData<GuestOrder>(
        orderLinkQueryKey(token),
        (order) =>
          order && {
            ...order,
            items: order.items.map((item) => (item.id === request.orderItemId ? { ...item, downloadsRemaining: grant.downloadsRemaining } : item)),
          },
      )
    },
    // A refusal (none left, refunded since, link withdrawn) means what is on screen is stale: read it again.
    onError: (error) => {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) void queryClient.invalidateQueries({ queryKey: orderLinkQueryKey(token) })
    },
  })
}
