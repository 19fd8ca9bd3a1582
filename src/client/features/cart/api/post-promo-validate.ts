/** POST /api/promo-codes/validate: the stored (uppercase) code and its discount fraction, or an ApiError. */
import { useMutation } from '@tanstack/react-query'
import type { ValidatedPromo } from '../../../../shared/contract/cart.ts'
import { CART_ERROR_MESSAGES } from '../../../../shared/contract/cart-messages.ts'
import { apiRequest } from '../../../api/http.ts'

export function postPromoValidate(code: string): Promise<ValidatedPromo> {
  return apiRequest<ValidatedPromo>('/api/promo-codes/validate', { method: 'POST', json: { code } }, CART_ERROR_MESSAGES.invalidPromo)
}

export function usePromoValidate() {
  return useMutation({ mutationFn: postPromoValidate })
}
