/** `POST /api/email-signup`: the coming-soon notify-me form and the learn page's Stay Updated box. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { emailSignupRequestSchema, emailSignupResponseSchema } from '../../shared/contract/email-signup.ts'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { sendRateLimited, type RateLimiter, type RateLimitRule } from '../http/rate-limit.ts'
import { rejectInvalidInput } from '../http/validation.ts'
import type { EmailSignupService } from './email-signup.service.ts'

/** Enough for a household behind one address; stops a script from filling the list. */
export const EMAIL_SIGNUP_LIMIT: RateLimitRule = {
  name: 'email-signup-ip',
  max: 10,
  windowMs: 15 * 60_000,
  message: 'Too many signup attempts. Please try again later.',
}

export interface EmailSignupRouteDeps {
  signups: EmailSignupService
  limiter: RateLimiter
}

export function emailSignupRoutes({ signups, limiter }: EmailSignupRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/email-signup',
      {
        schema: {
          tags: ['marketing'],
          summary: 'Subscribe an email to launch news or the newsletter (a repeated email is a success too)',
          body: emailSignupRequestSchema,
          response: { 200: emailSignupResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema, 500: apiErrorSchema },
        },
        attachValidation: true,
        config: { failureMessage: 'Failed to subscribe' },
      },
      async (request, reply) => {
        rejectInvalidInput(request)
        const decision = await limiter.consume(EMAIL_SIGNUP_LIMIT, request.ip)
        if (!decision.allowed) return sendRateLimited(reply, EMAIL_SIGNUP_LIMIT, decision)
        const { message } = await signups.subscribe(request.body)
        return { success: true as const, message }
      },
    )
  }
}
