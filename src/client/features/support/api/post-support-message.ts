/** POST /api/support-messages: sends the support page's contact form to the support team. */
import { useMutation } from '@tanstack/react-query'
import type { SupportMessageRequest, SupportMessageResponse } from '../../../../shared/contract/support.ts'
import { apiRequest } from '../../../api/http.ts'

export const SUPPORT_SEND_FAILED = 'Failed to send your message. Please try again, or email us directly.'

export async function postSupportMessage(message: SupportMessageRequest): Promise<SupportMessageResponse['data']> {
  const body = await apiRequest<SupportMessageResponse>('/api/support-messages', { method: 'POST', json: message }, SUPPORT_SEND_FAILED)
  return body.data
}

export function useSupportMessage() {
  return useMutation({ mutationFn: postSupportMessage })
}
