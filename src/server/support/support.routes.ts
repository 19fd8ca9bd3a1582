/** `POST /api/support-messages`: the support page's contact form. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { supportMessageRequestSchema, supportMessageResponseSchema } from '../../shared/contract/support.ts'
import { getSessionUser } from '../auth/session.ts'
import { refusedByIpOrAddress, type RateLimiter, type RateLimitRule } from '../http/rate-limit.ts'
import { rejectInvalidInput } from '../http/validation.ts'
import type { SupportService } from './support.service.ts'

const MESSAGE = 'Too many messages sent. Please try again later.'
/**
 * Each message also emails its sender an acknowledgement, so the form must not become a way to
 * flood someone's inbox: limited per IP and per sender address.
 */
export const SUPPORT_RATE_LIMITS = {
  ip: { name: 'support-message-ip', max: 5, windowMs: 60 * 60_000, message: MESSAGE },
  sender: { name: 'support-message-sender', max: 5, windowMs: 60 * 60_000, message: MESSAGE },
} satisfies Record<string, RateLimitRule>

export interface SupportRouteDeps {
  support: SupportService
  limiter: RateLimiter
}

export function supportRoutes({ support, limiter }: SupportRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/support-messages',
      {
        schema: {
          tags: ['support'],
          summary: 'Send a message to the store support team (stored and emailed; the sender gets an acknowledgement)',
          body: supportMessageRequestSchema,
          response: { 201: supportMessageResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema, 500: apiErrorSchema },
        },
        attachValidation: true,
        config: { failureMessage: 'Failed to send message' },
      },
      async (request, reply) => {
        rejectInvalidInput(request)
        const limits = { ipRule: SUPPORT_RATE_LIMITS.ip, ip: request.ip, addressRule: SUPPORT_RATE_LIMITS.sender, address: request.body.email.toLowerCase() }
        if (await refusedByIpOrAddress(limiter, reply, limits)) return reply
        const user = await getSessionUser(request)
        const { id } = await support.submitMessage(request.body, user?.id ?? null)
        return reply.status(201).send({ data: { id } })
      },
    )
  }
}
