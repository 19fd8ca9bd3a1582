/** The built-in provider's webhook deliveries to the store for the owner: how many are being retried, and how many were given up in the last week. */
import { isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { paymentWebhookDeliveries } from '../payments.schema.ts'

const FAILED_WINDOW_MS = 7 * 24 * 60 * 60_000

export interface WebhookDeliveryState {
  retrying: number
  failed: number
}

export async function webhookDeliveryState(db: Database, now = new Date()): Promise<WebhookDeliveryState> {
  const since = new Date(now.getTime() - FAILED_WINDOW_MS).toISOString()
  const table = paymentWebhookDeliveries
  const [row] = await db
    .select({
      retrying: sql<number>`count(*) filter (where ${table.nextAttemptAt} is not null and ${table.attempts} > 0)`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${table.nextAttemptAt} is null and ${table.createdAt} >= ${since}::timestamptz)`.mapWith(Number),
    })
    .from(table)
    .where(isNull(table.deliveredAt))
  return { retrying: row?.retrying ?? 0, failed: row?.failed ?? 0 }
}
