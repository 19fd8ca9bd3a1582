/**
 * The mail outbox: every email the store sends is a row here first, written in the same
 * transaction as the change that causes it (an order paid, a support message stored), then
 * delivered by the outbox worker with retries. Without SMTP the rows are the developer mailbox.
 */
import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Names an email that must go out once (`receipt:{orderId}`): a second enqueue with it is ignored. */
    dedupeKey: text('dedupe_key').unique(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** When the next delivery attempt is due; null once sent or given up. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('email_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null`),
    index('email_outbox_created_idx').on(table.createdAt),
    // The owner's customer page reads the emails sent to an address, newest first.
    index('email_outbox_to_idx').on(sql`lower(${table.toAddress})`, table.createdAt),
  ],
)

export type EmailOutboxRow = typeof emailOutbox.$inferSelect
