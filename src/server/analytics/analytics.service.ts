/**
 * Counting what visitors do on the storefront (a product page seen, a product added to a cart):
 * one atomic upsert per event into the day's counts, and the sums for a period in one grouped
 * query (the day is the primary key's first column).
 */
import { between, sql } from 'drizzle-orm'
import type { StoreEventKind } from '../../shared/contract/store-events.ts'
import type { Database } from '../db/client.ts'
import { storeEventCounts } from './analytics.schema.ts'

/** Rows per day and kind: enough that a busy store's page views rarely wait on each other. */
const SLOTS = 8

export type StoreEventTotals = Record<StoreEventKind, number>

export function createAnalyticsService(db: Database) {
  return {
    /** Counts one event today (UTC). */
    async record(kind: StoreEventKind): Promise<void> {
      await db
        .insert(storeEventCounts)
        .values({ day: sql`(now() at time zone 'UTC')::date`, kind, slot: Math.floor(Math.random() * SLOTS), count: 1 })
        .onConflictDoUpdate({
          target: [storeEventCounts.day, storeEventCounts.kind, storeEventCounts.slot],
          set: { count: sql`${storeEventCounts.count} + 1` },
        })
    },

    /** Each kind's count from the day `from` to the day `to`, both included (`YYYY-MM-DD`, UTC). */
    async totalsBetween(from: string, to: string): Promise<StoreEventTotals> {
      const rows = await db
        .select({ kind: storeEventCounts.kind, count: sql<number>`sum(${storeEventCounts.count})::int` })
        .from(storeEventCounts)
        .where(between(storeEventCounts.day, from, to))
        .groupBy(storeEventCounts.kind)
      const totals: StoreEventTotals = { product_view: 0, cart_add: 0 }
      for (const row of rows) totals[row.kind] = row.count
      return totals
    },
  }
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>
