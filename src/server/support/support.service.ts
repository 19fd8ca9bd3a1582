/**
 * Stores a support message and queues its two emails (the message to the store's support
 * inbox, an acknowledgement to the sender) in the same transaction: the message and its mail
 * are kept together or not at all, and the outbox worker delivers the mail with retries.
 */
import type { SupportMessageInput } from '../../shared/contract/support.ts'
import type { Database } from '../db/client.ts'
import { supportMessages } from './support.schema.ts'
import type { Mailer } from '../email/mailer.ts'
import type { SettingsService } from '../settings/settings.service.ts'
import { acknowledgementEmail, supportInboxEmail, type StoredSupportMessage } from './support-emails.ts'

export interface SupportServiceDeps {
  db: Database
  mailer: Mailer
  /** The owner's settings: the support inbox, the store's name and the reply time the acknowledgement promises. */
  settings: Pick<SettingsService, 'settings'>
}

export type SupportService = ReturnType<typeof createSupportService>

export function createSupportService({ db, mailer, settings }: SupportServiceDeps) {
  return {
    async submitMessage(input: SupportMessageInput, userId: string | null): Promise<{ id: string }> {
      const stored = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(supportMessages)
          .values({ ...input, userId })
          .returning({ id: supportMessages.id })
        const message: StoredSupportMessage = { ...input, id: row!.id, userId }
        const store = await settings.settings(tx)
        await mailer.enqueue(tx, supportInboxEmail(message, store.supportEmail))
        await mailer.enqueue(tx, acknowledgementEmail(message, store))
        return message
      })
      mailer.nudge()
      return { id: stored.id }
    },
  }
}
