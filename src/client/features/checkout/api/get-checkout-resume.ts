/**
 * GET /api/checkout/orders/:orderId/resume: a fresh embedded payment session for the signed-in
 * shopper's own PENDING order (404 "Order not found" for anyone else's, 409 once it is no
 * longer awaiting payment).
 */
import { queryOptions } from '@tanstack/react-query'
import { CHECKOUT_MESSAGES } from '../../../../shared/checkout-errors.ts'
import type { CheckoutSessionResponse } from '../../../../shared/contract/checkout.ts'
import { apiRequest } from '../../../api/http.ts'

export function getCheckoutResume(orderId: string): Promise<CheckoutSessionResponse> {
  return apiRequest<CheckoutSessionResponse>(
    `/api/checkout/orders/${encodeURIComponent(orderId)}/resume?uiMode=embedded`,
    { cache: 'no-store' },
    CHECKOUT_MESSAGES.createFailed,
  )
}

/** Fetched once per visit: every fetch opens a new payment session and replaces the last one. */
export function checkoutResumeQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: ['checkout-resume', orderId],
    queryFn: () => getCheckoutResume(orderId),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  })
}
