/**
 * The audit log: every action an admin takes on the store (who, what, when, the record's state
 * before and after), shown on the order or product it touched. Its own capability's table (every
 * other capability writes it through audit.service.ts); the table keeps its name, `audit_log`,
 * and its migrations.
 */
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { userKey } from '../db/table-keys.ts'

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The admin's account; kept as their email too, so the log outlives a deleted account. */
    actorId: text('actor_id').references(() => userKey.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    /** What was done, as `subject.verb`: `order.refund`, `order_item.add_downloads`, `user.grant_admin`. */
    action: text('action').notNull(),
    /** The kind of record touched (`order`, `product`, `promo_code`, `user`) and its id. */
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_log_subject_idx').on(table.subjectType, table.subjectId, table.createdAt), index('audit_log_created_idx').on(table.createdAt)],
)

export type AuditLogRow = typeof auditLog.$inferSelect
