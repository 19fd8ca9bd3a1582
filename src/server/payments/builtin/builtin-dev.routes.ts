/**
 * Development only: what a Stripe test-mode dashboard lets a developer do to a paid payment,
 * for the built-in provider. `POST /api/dev/payments/sessions/:sessionId/refund` refunds it
 * (all that is left, or `amountCents`) as if from the provider's dashboard, with none of our
 * metadata; `.../disputes` opens a dispute as the shopper's bank would;
 * `POST /api/dev/payments/disputes/:disputeId/close` decides it. Each delivers the same signed
 * event Stripe would. Absent (404) in production, even with the built-in provider.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorSchema } from '../../../shared/contract/errors.ts'
import type { BuiltinPaymentProvider } from './builtin-provider.ts'

const refundSchema = z.object({ id: z.string(), paymentIntentId: z.string(), amountCents: z.number().int(), status: z.string() })
const disputeSchema = z.object({ id: z.string(), paymentIntentId: z.string(), amountCents: z.number().int(), status: z.string() })
const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 500: apiErrorSchema }
const sessionParams = z.object({ sessionId: z.string().min(1).max(200) })

export function builtinDevRoutes(afterSale: BuiltinPaymentProvider['afterSale']): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store')
    })

    app.post(
      '/api/dev/payments/sessions/:sessionId/refund',
      {
        schema: {
          tags: ['development'],
          summary: "Refund a paid built-in session as from the provider's dashboard (development only)",
          params: sessionParams,
          body: z.object({ amountCents: z.number().int().positive().max(100_000_000).optional() }).default({}),
          response: { 200: refundSchema, ...errors },
        },
        config: { failureMessage: 'Failed to refund the payment' },
      },
      async (request) => {
        const { id, paymentIntentId, amountCents, status } = await afterSale.refundFromDashboard(request.params.sessionId, request.body.amountCents)
        return { id, paymentIntentId, amountCents, status }
      },
    )

    app.post(
      '/api/dev/payments/sessions/:sessionId/disputes',
      {
        schema: {
          tags: ['development'],
          summary: "Open a dispute of a paid built-in session, as the shopper's bank would (development only)",
          params: sessionParams,
          body: z.object({ reason: z.enum(['fraudulent', 'product_not_received', 'duplicate', 'general']).optional() }).default({}),
          response: { 200: disputeSchema, ...errors },
        },
        config: { failureMessage: 'Failed to open the dispute' },
      },
      async (request) => {
        const { id, paymentIntentId, amountCents, status } = await afterSale.openDispute(request.params.sessionId, request.body.reason)
        return { id, paymentIntentId, amountCents, status }
      },
    )

    app.post(
      '/api/dev/payments/disputes/:disputeId/close',
      {
        schema: {
          tags: ['development'],
          summary: 'Decide an open dispute: won or lost (development only)',
          params: z.object({ disputeId: z.string().min(1).max(200) }),
          body: z.object({ outcome: z.enum(['won', 'lost']) }),
          response: { 200: disputeSchema, ...errors },
        },
        config: { failureMessage: 'Failed to close the dispute' },
      },
      async (request) => {
        const { id, paymentIntentId, amountCents, status } = await afterSale.closeDispute(request.params.disputeId, request.body.outcome)
        return { id, paymentIntentId, amountCents, status }
      },
    )
  }
}
