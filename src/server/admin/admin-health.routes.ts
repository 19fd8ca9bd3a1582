/** `GET /api/admin/health`: the mail outbox, payment webhook deliveries and periodic jobs, each with what to do when it is not green. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { healthResponseSchema } from '../../shared/contract/admin-health.ts'
import { apiErrorSchema } from '../../shared/contract/errors.ts'
import { assessHealth, type StoreHealthStates } from './store-health.ts'

export interface AdminHealthDeps {
  /** Each part's state, read by the service that owns its table. */
  read: { [Part in keyof StoreHealthStates]: () => Promise<StoreHealthStates[Part]> }
}

export function adminHealthRoutes({ read }: AdminHealthDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/health',
      {
        schema: {
          tags: ['admin'],
          summary: "The store's background work at a glance: the mail outbox, payment webhook deliveries and periodic jobs",
          response: { 200: healthResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema, 500: apiErrorSchema },
        },
        config: { failureMessage: 'Failed to load the store health' },
      },
      async () => {
        const [outbox, webhooks, jobs] = await Promise.all([read.outbox(), read.webhooks(), read.jobs()])
        return { data: assessHealth({ outbox, webhooks, jobs }) }
      },
    )
  }
}
