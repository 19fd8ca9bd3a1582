/**
 * The store's settings an owner edits in the console (name, support address and reply promise,
 * guarantee and trust notes, social links, receipt texts): one row, its values validated by the
 * shared contract, with a version so two owners' saves never overwrite each other unseen.
 */
import { sql } from 'drizzle-orm'
import { check, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core'

export const storeSettings = pgTable(
  'store_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** What the owner set; a field left out takes its default (the spec's text). */
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('store_settings_single_row', sql`${table.id} = 1`)],
)

export type StoreSettingsRow = typeof storeSettings.$inferSelect
