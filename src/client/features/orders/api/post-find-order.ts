/**
 * POST /api/orders/find `{ email }`: "Find my order". The answer is the same sentence whether or
 * not the address has paid orders; the links arrive by email.
 */
import { useMutation } from '@tanstack/react-query'
import { ORDER_ACCESS_MESSAGES } from '../../../../shared/contract/order-access.ts'
import { apiRequest } from '../../../api/http.ts'

export async function postFindOrder(email: string): Promise<string> {
  const body = await apiRequest<{ data: { message: string } }>('/api/orders/find', { method: 'POST', json: { email } }, ORDER_ACCESS_MESSAGES.findFailed)
  return body.data.message
}

export function useFindOrder() {
  return useMutation({ mutationFn: postFindOrder })
}
