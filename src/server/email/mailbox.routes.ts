/**
 * `GET /api/dev/mailbox` (development only; absent, so 404, in production): the mail outbox,
 * newest first, for the /dev/mailbox page: without SMTP it is where the store's mail is delivered.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Mailer } from './mailer.ts'

const storedEmailSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  replyTo: z.string().optional(),
  sentAt: z.string(),
  status: z.enum(['queued', 'sent', 'failed']),
  attempts: z.number().int(),
  listUnsubscribe: z.string().optional(),
})

export function mailboxRoutes(mailer: Mailer): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/dev/mailbox',
      {
        schema: {
          tags: ['development'],
          summary: 'Mail written to the outbox (development only)',
          response: { 200: z.object({ data: z.array(storedEmailSchema) }) },
        },
        config: { failureMessage: 'Failed to load the mailbox' },
      },
      async (_request, reply) => reply.header('Cache-Control', 'no-store').send({ data: await mailer.listOutbox() }),
    )
  }
}
