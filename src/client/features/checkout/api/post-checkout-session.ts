/**
 * POST /api/checkout/sessions: creates the PENDING order and its payment session. Hosted mode
 * answers the provider page's `url`; embedded mode answers the form's `client_secret`. Errors
 * arrive as ApiError carrying the server's message, and code, so the page can choose its text.
 */
import { CHECKOUT_MESSAGES } from '../../../../shared/checkout-errors.ts'
import type { CheckoutSessionResponse, CreateCheckoutSessionBody } from '../../../../shared/contract/checkout.ts'
import { apiRequest } from '../../../api/http.ts'

export function postCheckoutSession(body: CreateCheckoutSessionBody): Promise<CheckoutSessionResponse> {
  return apiRequest<CheckoutSessionResponse>('/api/checkout/sessions', { method: 'POST', json: body }, CHECKOUT_MESSAGES.createFailed)
}
