/**
 * What the demo seed has created, one row per item (`demo-catalog`, `promo:WELCOME10`, ...).
 * The seed creates an item only while its key is absent, so whatever the owner later deletes
 * or edits stays deleted or edited across restarts.
 */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core'

export const seedLog = pgTable('seed_log', {
  key: text('key').primaryKey(),
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
})
