/** `GET /api/payments/config`: which provider the browser's checkout form talks to, and Stripe's publishable key. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { paymentsConfigSchema } from '../../shared/contract/payments.ts'
import type { PaymentProvider } from './provider.ts'

export function paymentsRoutes(provider: PaymentProvider): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/payments/config',
      {
        schema: {
          tags: ['payments'],
          summary: "The payment provider the checkout form uses ('builtin' or 'stripe') and Stripe's publishable key",
          response: { 200: paymentsConfigSchema },
        },
      },
      async (_request, reply) => {
        return reply.header('Cache-Control', 'no-cache').send({ provider: provider.kind, publishableKey: provider.publishableKey })
      },
    )
  }
}
