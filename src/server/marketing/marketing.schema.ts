/** Launch and newsletter email signups: one row per address. */
import { sql } from 'drizzle-orm'
import { check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { SIGNUP_SOURCES, SUBSCRIPTION_TYPES } from '../../shared/contract/email-signup.ts'

export const emailSignups = pgTable(
  'email_signups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased before insert; the unique constraint makes a repeated signup a no-op. */
    email: text('email').notNull().unique(),
    subscriptionType: text('subscription_type', { enum: SUBSCRIPTION_TYPES }).notNull(),
    source: text('source', { enum: SIGNUP_SOURCES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('email_signups_email_lowercase', sql`${table.email} = lower(${table.email})`)],
)

export type EmailSignupRow = typeof emailSignups.$inferSelect
