/**
 * POST /api/orders/:id/receipt: emails the receipt of one of the producer's paid orders again
 * (three times an hour per order). Toasts where it went, or the server's reason.
 */
import { useMutation } from '@tanstack/react-query'
import toast from 'react-hot-toast'
import { ApiError, apiRequest } from '../../../api/http.ts'

const RESEND_FAILED = 'Could not send the receipt. Please try again later.'

export function postReceipt(orderId: string): Promise<{ data: { email: string } }> {
  return apiRequest<{ data: { email: string } }>(`/api/orders/${encodeURIComponent(orderId)}/receipt`, { method: 'POST' }, RESEND_FAILED)
}

export function useResendReceipt() {
  return useMutation({
    mutationFn: postReceipt,
    onSuccess: ({ data }) => toast.success(`Receipt sent to ${data.email}`),
    // A refusal the buyer can act on (too many requests) keeps the server's words.
    onError: (error) => toast.error(error instanceof ApiError && error.status === 429 ? error.message : RESEND_FAILED),
  })
}
