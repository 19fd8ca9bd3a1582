/**
 * Promo code route: POST /api/promo-codes/validate {code, items} → {code, discount,
 * minSubtotalCents}, the code checked against the cart as it is, priced from the catalog's
 * prices (never the browser's). Unknown codes count against the per-address guess limit; a
 * code the store has takes its hit back, whether it works or answers why not.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { CART_ERROR_MESSAGES, validatePromoBodySchema, validatePromoResponseSchema } from '../../shared/contract/cart.ts'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { lineTotalCents } from '../../shared/pricing.ts'
import type { CatalogService } from '../catalog/catalog.service.ts'
import { sendRateLimited, type RateLimiter } from '../http/rate-limit.ts'
import { rejectInvalidInput } from '../http/validation.ts'
import { isUnknownPromoError, PROMO_GUESS_LIMIT, type PromoService } from './promo.service.ts'

export interface PromoRouteDeps {
  promo: PromoService
  limiter: RateLimiter
  catalog: Pick<CatalogService, 'activeProductsByIds'>
}

/** The subtotal of the cart's lines at the catalog's current prices; a product no longer sold adds nothing. */
async function cartSubtotalCents(catalog: PromoRouteDeps['catalog'], items: ReadonlyArray<{ productId: string; quantity: number }>): Promise<number> {
  const products = await catalog.activeProductsByIds(items.map((item) => item.productId))
  return items.reduce((sum, { productId, quantity }) => {
    const product = products.get(productId)
    return product ? sum + lineTotalCents({ priceCents: product.priceCents, quantity }) : sum
  }, 0)
}

export function promoRoutes({ promo, limiter, catalog }: PromoRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/promo-codes/validate',
      {
        schema: {
          tags: ['cart'],
          summary: "Check a promo code (case-insensitive) against the cart's lines: its discount fraction, or why it cannot be used",
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
        try {
          const validated = await promo.validate(request.body.code, await cartSubtotalCents(catalog, request.body.items))
          await limiter.refund(PROMO_GUESS_LIMIT, request.ip)
          return validated
        } catch (error) {
          if (!isUnknownPromoError(error)) await limiter.refund(PROMO_GUESS_LIMIT, request.ip)
          throw error
        }
      },
    )
  }
}
