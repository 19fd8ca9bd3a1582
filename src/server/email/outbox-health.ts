/** The mail outbox's state for the owner: emails waiting to go, given up in the last week, and the oldest waiting. */
import { isNull, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { emailOutbox } from './email.schema.ts'

/** Given-up emails older than this no longer count: the owner has seen them by then. */
const FAILED_WINDOW_MS = 7 * 24 * 60 * 60_000

export interface OutboxState {
  queued: number
  failed: number
  oldestUnsentAt: Date | null
}

/** One query over the unsent emails (sent ones are the great majority and are left out by `sent_at is null`). */
export async function outboxState(db: Database, now = new Date()): Promise<OutboxState> {
  const since = new Date(now.getTime() - FAILED_WINDOW_MS).toISOString()
  const [row] = await db
    .select({
      queued: sql<number>`count(*) filter (where ${emailOutbox.nextAttemptAt} is not null)`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${emailOutbox.nextAttemptAt} is null and ${emailOutbox.createdAt} >= ${since}::timestamptz)`.mapWith(Number),
      oldestUnsentAt: sql<string | null>`min(${emailOutbox.createdAt}) filter (where ${emailOutbox.nextAttemptAt} is not null)`,
    })
    .from(emailOutbox)
    .where(isNull(emailOutbox.sentAt))
  return { queued: row?.queued ?? 0, failed: row?.failed ?? 0, oldestUnsentAt: row?.oldestUnsentAt ? new Date(row.oldestUnsentAt) : null }
}
