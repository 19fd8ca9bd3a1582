/**
 * What the store emailed an address, as the outbox holds it: newest first, each with its delivery
 * status (queued until the transport accepted it, then sent; failed once retries gave up). The
 * owner's customer page lists a buyer's emails from here; email_outbox_to_idx serves it.
 */
import { desc, inArray, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { emailOutbox, type EmailOutboxRow } from './email.schema.ts'

export type OutboxStatus = 'queued' | 'sent' | 'failed'

export interface SentEmail {
  id: string
  to: string
  subject: string
  status: OutboxStatus
  attempts: number
  queuedAt: Date
  sentAt: Date | null
  lastError: string | null
}

/** A row is sent once delivered, queued while an attempt is due, and failed when none is left. */
export const outboxStatusOf = (row: Pick<EmailOutboxRow, 'sentAt' | 'nextAttemptAt'>): OutboxStatus =>
  row.sentAt ? 'sent' : row.nextAttemptAt ? 'queued' : 'failed'

/** The newest `limit` emails to any of these addresses (any case), in one indexed query. */
export async function emailsTo(db: Database, addresses: readonly string[], limit: number): Promise<SentEmail[]> {
  const lowered = [...new Set(addresses.map((address) => address.trim().toLowerCase()))]
  if (lowered.length === 0) return []
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(inArray(sql`lower(${emailOutbox.toAddress})`, lowered))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit)
  return rows.map((row) => ({
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    status: outboxStatusOf(row),
    attempts: row.attempts,
    queuedAt: row.createdAt,
    sentAt: row.sentAt,
    lastError: row.lastError,
  }))
}
