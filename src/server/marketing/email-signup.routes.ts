/**
 * `POST /api/email-signup`: the coming-soon notify-me form and the learn page's Stay Updated box.
 * `POST /api/email-signup/unsubscribe/:token`: a news email's unsubscribe link, opened (the
 * /unsubscribe/{token} page asks it), and `POST /unsubscribe/:token`: the same link posted by a
 * mail client's one-click "Unsubscribe" (RFC 8058, List-Unsubscribe-Post).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { emailSignupRequestSchema, emailSignupResponseSchema } from '../../shared/contract/email-signup.ts'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { UNSUBSCRIBE_MESSAGES, unsubscribeParamsSchema, unsubscribeResponseSchema } from '../../shared/contract/subscribers.ts'
import { notFound } from '../http/errors.ts'
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
  signups: Pick<EmailSignupService, 'subscribe' | 'unsubscribe'>
  limiter: RateLimiter
}

export function emailSignupRoutes({ signups, limiter }: EmailSignupRouteDeps): FastifyPluginAsyncZod {
  /** The link's answer: the address is unsubscribed (now or before); a token this store did not issue is a 404. */
  async function unsubscribe(token: string) {
    const done = await signups.unsubscribe(token)
    if (!done) throw notFound(UNSUBSCRIBE_MESSAGES.linkNotFound, 'UNSUBSCRIBE_LINK_NOT_FOUND')
    return { data: { message: UNSUBSCRIBE_MESSAGES.unsubscribed(done.email) } }
  }

  return async (app) => {
    // A mail client's one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form; its content is not needed.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}))

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

    // The page's unsubscribe and a mail client's one-click unsubscribe (RFC 8058, posted to the link of the
    // List-Unsubscribe header) are the same action under two addresses.
    const unsubscribeRoutes = [
      ['/api/email-signup/unsubscribe/:token', "A news email's unsubscribe link: the address gets no more news (opening it again changes nothing)"],
      ['/unsubscribe/:token', "A mail client's one-click unsubscribe (RFC 8058), posted to the link of the List-Unsubscribe header"],
    ] as const
    for (const [url, summary] of unsubscribeRoutes) {
      app.post(
        url,
        {
          schema: {
            tags: ['marketing'],
            summary,
            params: unsubscribeParamsSchema,
            response: { 200: unsubscribeResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, 500: apiErrorSchema },
          },
          config: { failureMessage: UNSUBSCRIBE_MESSAGES.failed },
        },
        async (request) => unsubscribe(request.params.token),
      )
    }
  }
}
