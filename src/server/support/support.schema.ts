/** Messages sent from the support page's contact form. */
import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { SUPPORT_CATEGORIES } from '../../shared/contract/support.ts'

export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    category: text('category', { enum: SUPPORT_CATEGORIES }).notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** The signed-in sender's user id, when there was one. */
    userId: text('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('support_messages_category_check', sql`${table.category} in (${sql.raw(SUPPORT_CATEGORIES.map((category) => `'${category}'`).join(', '))})`),
    index('support_messages_created_idx').on(table.createdAt),
  ],
)

export type SupportMessageRow = typeof supportMessages.$inferSelect
