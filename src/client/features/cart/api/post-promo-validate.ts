/** POST /api/promo-codes/validate: the code checked against the cart's lines; the stored (uppercase) code, its discount fraction and minimum, or an ApiError saying why not. */
import { useMutation } from '@tanstack/react-query'
import type { ValidatedPromo, ValidatePromoBody } from '../../../../shared/contract/cart.ts'
import { CART_ERROR_MESSAGES } from '../../../../shared/contract/cart-messages.ts'
import { apiRequest } from '../../../api/http.ts'

export function postPromoValidate(body: ValidatePromoBody): Promise<ValidatedPromo> {
  return apiRequest<ValidatedPromo>('/api/promo-codes/validate', { method: 'POST', json: body }, CART_ERROR_MESSAGES.invalidPromo)
}

export function usePromoValidate() {
  return useMutation({ mutationFn: postPromoValidate })
}
