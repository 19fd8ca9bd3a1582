/** POST /api/builtin-pay/sessions/:id/confirm: pays a built-in test checkout session with a card. */
import { useMutation } from '@tanstack/react-query'
import type { BuiltinPayConfirmRequest, BuiltinPayConfirmResponse } from '../../../../shared/contract/payments.ts'
import { apiRequest } from '../../../api/http.ts'

export const PAYMENT_FAILED = 'Payment failed. Please try again.'

export function postBuiltinPayConfirm(sessionId: string, request: BuiltinPayConfirmRequest): Promise<BuiltinPayConfirmResponse> {
  return apiRequest<BuiltinPayConfirmResponse>(
    `/api/builtin-pay/sessions/${encodeURIComponent(sessionId)}/confirm`,
    { method: 'POST', json: request },
    PAYMENT_FAILED,
  )
}

export function useBuiltinPayConfirm(sessionId: string) {
  return useMutation({ mutationFn: (request: BuiltinPayConfirmRequest) => postBuiltinPayConfirm(sessionId, request) })
}
