/**
 * `GET /api/dev/mailbox` (development only; absent, so 404, in production): the outbox the
 * store wrote instead of sending mail, newest first, for the /dev/mailbox page.
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
})

export function mailboxRoutes(mailer: Mailer): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/dev/mailbox', {
      schema: { tags: ['development'], summary: 'Mail written to the outbox (development only)', response: { 200: z.object({ data: z.array(storedEmailSchema) }) } },
      config: { failureMessage: 'Failed to load the mailbox' },
    }, async (_request, reply) => reply.header('Cache-Control', 'no-store').send({ data: await mailer.listOutbox() }))
  }
}
