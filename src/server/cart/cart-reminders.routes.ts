/**
 * Development only: `POST /api/dev/cart-reminders/run` runs a reminder pass now, in this process,
 * without waiting for the 15-minute period (the pass itself still needs the owner's switch on).
 * Several processes may run it at once, as when a pass outlives its period: each cart is still
 * reminded once. Absent (404) in production.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import type { CartReminders } from './cart-reminders.ts'

const passSchema = z.object({ enabled: z.boolean(), forgotten: z.number().int(), reminded: z.number().int() })

export function cartRemindersDevRoutes(reminders: Pick<CartReminders, 'remindForgottenCarts'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/dev/cart-reminders/run',
      {
        schema: {
          tags: ['development'],
          summary: 'Run a forgotten-cart reminder pass now (development only)',
          response: { 200: z.object({ data: passSchema }), 500: apiErrorSchema },
        },
        config: { failureMessage: 'Failed to run the cart reminders' },
      },
      async () => ({ data: await reminders.remindForgottenCarts() }),
    )
  }
}
