/**
 * Promo code route: POST /api/promo-codes/validate {code, items} → {code, discount,
 * minSubtotalCents, terms, scope}, the code checked against the cart as it is, its lines priced
 * from the catalog's prices (never the browser's) with what a limited code reads of each: the
 * product, its category and whether a sale prices it. Unknown codes count against the
 * per-address guess limit; a code the store has takes its hit back, whether it works or answers
 * why not.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { CART_ERROR_MESSAGES, validatePromoBodySchema, validatePromoResponseSchema } from '../../shared/contract/cart.ts'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { pwywRefusal } from '../../shared/pay-what-you-want.ts'
import type { PricedLine } from '../../shared/pricing.ts'
import type { CatalogReadsService } from '../catalog/catalog-reads.service.ts'
import { sendRateLimited, type RateLimiter } from '../http/rate-limit.ts'
import { rejectInvalidInput } from '../http/validation.ts'
import { isUnknownPromoError, PROMO_GUESS_LIMIT, type PromoService } from './promo.service.ts'

export interface PromoRouteDeps {
  promo: PromoService
  limiter: RateLimiter
  catalog: Pick<CatalogReadsService, 'activeProductsByIds'>
}

/** The cart's lines at the catalog's current prices (a sale's, when one runs); a product no longer sold is left out. */
async function cartLines(
  catalog: PromoRouteDeps['catalog'],
  items: ReadonlyArray<{ productId: string; quantity: number; chosenPriceCents?: number | null | undefined }>,
): Promise<PricedLine[]> {
  const products = await catalog.activeProductsByIds(items.map((item) => item.productId))
  return items.flatMap(({ productId, quantity, chosenPriceCents }) => {
    const product = products.get(productId)
    if (!product) return []
    // Pay what you want: the shopper's amount when the product takes it, as checkout will charge it.
    const chosen = product.priceModel === 'pwyw' && !pwywRefusal(product, chosenPriceCents) ? chosenPriceCents! : null
    return [
      {
        priceCents: chosen ?? product.priceCents,
        originalPriceCents: product.originalPriceCents,
        quantity,
        productId,
        categoryId: product.categoryId,
        onSale: product.sale !== null,
      },
    ]
  })
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
          const validated = await promo.validate(request.body.code, await cartLines(catalog, request.body.items))
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
