/**
 * The store's own visit counts: per UTC day and kind, a running count and nothing else (no
 * visitor, address, product or time of day), so the funnel needs no personal data and no
 * third-party script.
 */
import { integer, pgTable, primaryKey, smallint, text, date } from 'drizzle-orm/pg-core'
import { STORE_EVENT_KINDS } from '../../shared/contract/store-events.ts'

export const storeEventCounts = pgTable(
  'store_event_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: STORE_EVENT_KINDS }).notNull(),
    /** One of a few rows per day and kind: concurrent visitors add to different rows instead of queueing on one row's lock. */
    slot: smallint('slot').notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.kind, table.slot] })],
)
