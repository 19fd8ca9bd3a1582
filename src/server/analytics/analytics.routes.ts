/**
 * `POST /api/store-events`: the storefront counts a product page seen or a product added to a
 * cart. The body is a kind and nothing else; an address may send a browsing session's worth and
 * no more, so a script cannot inflate the owner's funnel cheaply.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { storeEventRequestSchema } from '../../shared/contract/store-events.ts'
import { sendRateLimited, type RateLimiter, type RateLimitRule } from '../http/rate-limit.ts'
import { rejectInvalidInput } from '../http/validation.ts'
import type { AnalyticsService } from './analytics.service.ts'

/** A visitor browsing fast sends a few events a minute; a script sending thousands is cut off. */
export const STORE_EVENT_LIMIT: RateLimitRule = {
  name: 'store-event-ip',
  max: 300,
  windowMs: 10 * 60_000,
  message: 'Too many events from this address. Please try again later.',
}

export interface AnalyticsRouteDeps {
  analytics: Pick<AnalyticsService, 'record'>
  limiter: RateLimiter
}

export function analyticsRoutes({ analytics, limiter }: AnalyticsRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/store-events',
      {
        schema: {
          tags: ['storefront'],
          summary: 'Count a product page seen or a product added to a cart (anonymous: the kind alone is kept)',
          body: storeEventRequestSchema,
          response: { 204: z.null(), 400: apiErrorSchema, 429: apiErrorSchema, 500: apiErrorSchema },
        },
        attachValidation: true,
        config: { failureMessage: 'Failed to count the event' },
      },
      async (request, reply) => {
        rejectInvalidInput(request)
        const decision = await limiter.consume(STORE_EVENT_LIMIT, request.ip)
        if (!decision.allowed) return sendRateLimited(reply, STORE_EVENT_LIMIT, decision)
        await analytics.record(request.body.kind)
        return reply.code(204).send(null)
      },
    )
  }
}
