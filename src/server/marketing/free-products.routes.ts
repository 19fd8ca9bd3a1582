/**
 * Free products for an email: `POST /api/free-products/:productId/claims` ("Get it free": keeps
 * the request with its consent and emails the confirmation link; the same sentence whatever the
 * address's history) and `POST /api/free-products/claims/:token/confirm` (the /free/{token} page,
 * opened from that email: the path of the $0.00 order's private page). Every answer is personal,
 * so none is cached.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import {
  FREE_PRODUCT_MESSAGES as MESSAGES,
  freeClaimConfirmResponseSchema,
  freeClaimTokenParamsSchema,
  freeProductClaimBodySchema,
  freeProductClaimResponseSchema,
  freeProductParamsSchema,
} from '../../shared/contract/free-products.ts'
import { refusedByIpOrAddress, type RateLimiter, type RateLimitRule } from '../http/rate-limit.ts'
import { rejectInvalidInput } from '../http/validation.ts'
import type { FreeProductsService } from './free-products.service.ts'

/**
 * Each request emails the address, so "Get it free" must not become a way to flood an inbox: a
 * few an hour per address, more per IP (a shared office, a classroom).
 */
export const FREE_PRODUCT_LIMITS = {
  ip: { name: 'free-product-ip', max: 10, windowMs: 60 * 60_000, message: MESSAGES.tooManyRequests },
  email: { name: 'free-product-email', max: 3, windowMs: 60 * 60_000, message: MESSAGES.tooManyRequests },
} satisfies Record<string, RateLimitRule>

export interface FreeProductRouteDeps {
  freeProducts: Pick<FreeProductsService, 'request' | 'confirm'>
  limiter: RateLimiter
}

export function freeProductRoutes({ freeProducts, limiter }: FreeProductRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/free-products/:productId/claims',
      {
        schema: {
          tags: ['marketing'],
          summary: 'Asks for a free product with an email: the consent is kept and a confirmation link is emailed',
          params: freeProductParamsSchema,
          body: freeProductClaimBodySchema,
          response: { 200: freeProductClaimResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema, 500: apiErrorSchema },
        },
        attachValidation: true,
        config: { failureMessage: MESSAGES.claimFailed },
      },
      async (request, reply) => {
        rejectInvalidInput(request)
        const email = request.body.email.toLowerCase()
        const limits = { ipRule: FREE_PRODUCT_LIMITS.ip, ip: request.ip, addressRule: FREE_PRODUCT_LIMITS.email, address: email }
        if (await refusedByIpOrAddress(limiter, reply, limits)) return reply
        const { message } = await freeProducts.request({ productId: request.params.productId, email, newsConsent: request.body.newsConsent })
        return { data: { message } }
      },
    )

    app.post(
      '/api/free-products/claims/:token/confirm',
      {
        schema: {
          tags: ['marketing'],
          summary: "Confirms a free product request from its emailed link; answers the $0.00 order's private page (the same one every time)",
          params: freeClaimTokenParamsSchema,
          response: { 200: freeClaimConfirmResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, 410: apiErrorSchema, 500: apiErrorSchema },
        },
        config: { failureMessage: MESSAGES.confirmFailed },
      },
      async (request) => ({ data: await freeProducts.confirm(request.params.token) }),
    )
  }
}
