/**
 * Checkout routes: POST /api/checkout/sessions (one payable order with its payment session) and
 * GET /api/checkout/orders/:orderId/resume (pay a pending order again). Thin: limits,
 * validation and the session user here, everything else in checkout.service.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CHECKOUT_SERVER_MESSAGES as MESSAGES,
  checkoutSessionResponseSchema,
  createCheckoutSessionBodySchema,
  resumeCheckoutQuerySchema,
} from '../../shared/contract/checkout.ts'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { getSessionUser, requireUser } from '../auth/session.ts'
import { isUnknownPromoError, PROMO_GUESS_LIMIT } from '../promo/promo.service.ts'
import { sendRateLimited, type RateLimiter, type RateLimitRule } from '../http/rate-limit.ts'
import { rejectInvalidInput } from '../http/validation.ts'
import type { CheckoutClaimsService } from '../orders/checkout-claims.service.ts'
import type { CheckoutService } from './checkout.service.ts'

/** Each checkout writes an order: one address cannot write thousands. */
export const CHECKOUT_LIMIT: RateLimitRule = {
  name: 'checkout-session-ip',
  max: 100,
  windowMs: 15 * 60 * 1000,
  message: 'Too many checkout attempts. Please try again later.',
}

export interface CheckoutRouteDeps {
  checkout: CheckoutService
  /** The browser that begins a checkout gets a claim to its order: only it sees the order on the success page. */
  claims: Pick<CheckoutClaimsService, 'claimCookie'>
  limiter: RateLimiter
}

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
  500: apiErrorSchema,
  502: apiErrorSchema,
}

export function checkoutRoutes({ checkout, claims, limiter }: CheckoutRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store')
    })

    app.post(
      '/api/checkout/sessions',
      {
        schema: {
          tags: ['checkout'],
          summary: 'Create the PENDING order and its payment session from database prices',
          body: createCheckoutSessionBodySchema,
          response: { 200: checkoutSessionResponseSchema, ...errors },
        },
        attachValidation: true,
        config: { failureMessage: MESSAGES.createFailed },
      },
      async (request, reply) => {
        const decision = await limiter.consume(CHECKOUT_LIMIT, request.ip)
        if (!decision.allowed) return sendRateLimited(reply, CHECKOUT_LIMIT, decision)
        rejectInvalidInput(request)
        // Checkout answers whether a promo code works, so refused codes count against the same guess limit as the Apply button.
        const withPromo = Boolean(request.body.promoCode?.trim())
        if (withPromo) {
          const guesses = await limiter.consume(PROMO_GUESS_LIMIT, request.ip)
          if (!guesses.allowed) return sendRateLimited(reply, PROMO_GUESS_LIMIT, guesses)
        }
        try {
          const session = await checkout.createCheckoutSession(request.body, await getSessionUser(request), request.ip)
          if (withPromo) await limiter.refund(PROMO_GUESS_LIMIT, request.ip)
          reply.header('set-cookie', claims.claimCookie(request.headers.cookie, session.orderId))
          return session
        } catch (error) {
          // Only a code the store does not have stays counted as a guess.
          if (withPromo && !isUnknownPromoError(error)) await limiter.refund(PROMO_GUESS_LIMIT, request.ip)
          throw error
        }
      },
    )

    app.get(
      '/api/checkout/orders/:orderId/resume',
      {
        schema: {
          tags: ['checkout'],
          summary: "A payable session for the signed-in user's own PENDING order",
          params: z.object({ orderId: z.string().max(100) }),
          querystring: resumeCheckoutQuerySchema,
          response: { 200: checkoutSessionResponseSchema, ...errors },
        },
        config: { failureMessage: MESSAGES.createFailed },
      },
      async (request) => {
        const user = await requireUser(request)
        return checkout.resumeCheckout(request.params.orderId, user.id, request.query.uiMode)
      },
    )
  }
}
