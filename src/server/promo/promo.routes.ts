/**
 * Promo code route: POST /api/promo-codes/validate {code} → {code, discount}. Refused codes
 * count against the per-address guess limit; a valid code takes its hit back.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { CART_ERROR_MESSAGES, validatePromoBodySchema, validatePromoResponseSchema } from '../../shared/contract/cart.ts'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { sendRateLimited, type RateLimiter } from '../http/rate-limit.ts'
import { rejectInvalidInput } from '../http/validation.ts'
import { PROMO_GUESS_LIMIT, type PromoService } from './promo.service.ts'

export interface PromoRouteDeps {
  promo: PromoService
  limiter: RateLimiter
}

export function promoRoutes({ promo, limiter }: PromoRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/promo-codes/validate',
      {
        schema: {
          tags: ['cart'],
          summary: 'Validate a promo code (case-insensitive) and answer its discount fraction',
          body: validatePromoBodySchema,
          response: { 200: validatePromoResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema, 500: apiErrorSchema },
        },
        attachValidation: true,
        config: { failureMessage: CART_ERROR_MESSAGES.validatePromo },
      },
      async (request, reply) => {
        const decision = await limiter.consume(PROMO_GUESS_LIMIT, request.ip)
        if (!decision.allowed) return sendRateLimited(reply, PROMO_GUESS_LIMIT, decision)
        rejectInvalidInput(request)
        const validated = await promo.validate(request.body.code)
        await limiter.refund(PROMO_GUESS_LIMIT, request.ip)
        return validated
      },
    )
  }
}
