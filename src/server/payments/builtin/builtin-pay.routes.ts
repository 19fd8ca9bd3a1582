/**
 * The built-in provider's payment page API: `GET /api/builtin-pay/sessions/:id` (what the page
 * shows; embedded sessions need their client secret in `X-Client-Secret`) and
 * `POST /api/builtin-pay/sessions/:id/confirm` (pay with a card). Card problems answer as
 * Stripe does: 400 for bad details, 402 for a decline, with Stripe's message and code.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorSchema } from '../../../shared/contract/errors.ts'
import { builtinPayConfirmRequestSchema, builtinPayConfirmResponseSchema, builtinPaySessionSchema } from '../../../shared/contract/payments.ts'
import { rejectInvalidInput } from '../../http/validation.ts'
import type { BuiltinPayService } from './builtin-pay.service.ts'

const params = z.object({ sessionId: z.string().min(1).max(200) })
const errors = { 400: apiErrorSchema, 402: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 500: apiErrorSchema }

export function builtinPayRoutes(pay: BuiltinPayService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/builtin-pay/sessions/:sessionId',
      {
        schema: {
          tags: ['payments'],
          summary: 'A built-in test checkout session as its payment page shows it (never its client secret)',
          params,
          headers: z.object({ 'x-client-secret': z.string().max(200).optional() }),
          response: { 200: builtinPaySessionSchema, ...errors },
        },
        config: { failureMessage: 'Failed to load the checkout session' },
      },
      async (request, reply) => {
        const session = await pay.view(request.params.sessionId, request.headers['x-client-secret'])
        return reply.header('Cache-Control', 'no-store').send(session)
      },
    )

    app.post(
      '/api/builtin-pay/sessions/:sessionId/confirm',
      {
        schema: {
          tags: ['payments'],
          summary: "Pay a built-in test checkout session with one of Stripe's test cards",
          params,
          body: builtinPayConfirmRequestSchema,
          response: { 200: builtinPayConfirmResponseSchema, ...errors },
        },
        attachValidation: true,
        config: { failureMessage: 'Payment failed. Please try again.' },
      },
      async (request, reply) => {
        rejectInvalidInput(request)
        const result = await pay.confirm(request.params.sessionId, request.body)
        return reply.header('Cache-Control', 'no-store').send(result)
      },
    )
  }
}
