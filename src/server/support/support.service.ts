/**
 * Stores a support message and emails it to the store's support inbox, with an
 * acknowledgement to the sender. The stored row is the record: a mail failure is logged, not
 * shown to the sender, whose message is already safe.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { SupportMessageInput } from '../../shared/contract/support.ts'
import type { Database } from '../db/client.ts'
import { supportMessages } from './support.schema.ts'
import type { Mailer } from '../email/mailer.ts'
import { acknowledgementEmail, supportInboxEmail, type StoredSupportMessage } from './support-emails.ts'

export interface SupportServiceDeps {
  db: Database
  mailer: Mailer
  /** The store's support inbox (SUPPORT_EMAIL). */
  supportEmail: string
}

export type SupportService = ReturnType<typeof createSupportService>

export function createSupportService({ db, mailer, supportEmail }: SupportServiceDeps) {
  return {
    async submitMessage(input: SupportMessageInput, userId: string | null, log: FastifyBaseLogger): Promise<{ id: string }> {
      const [row] = await db
        .insert(supportMessages)
        .values({ ...input, userId })
        .returning({ id: supportMessages.id })
      const stored: StoredSupportMessage = { ...input, id: row!.id, userId }
      const results = await Promise.allSettled([
        mailer.send(supportInboxEmail(stored, supportEmail)),
        mailer.send(acknowledgementEmail(stored)),
      ])
      for (const result of results) {
        if (result.status === 'rejected') log.error({ err: result.reason, supportMessageId: stored.id }, 'support email not sent')
      }
      return { id: stored.id }
    },
  }
}
