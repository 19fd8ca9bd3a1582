/**
 * The download log: one row per download grant (a counted download of a purchased item), with
 * who asked, from where and when. The row's id is the grant id a signed download URL carries.
 */
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { orderAccessLinkKey, orderItemKey, productKey, userKey } from '../db/table-keys.ts'

export const downloads = pgTable(
  'downloads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The buyer's account; null for a download through a guest order's private link. */
    userId: text('user_id').references(() => userKey.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => productKey.id, { onDelete: 'restrict' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItemKey.id, { onDelete: 'cascade' }),
    /** The private order link the download was asked through (a guest's), or null from the Download Hub. */
    accessLinkId: uuid('access_link_id').references(() => orderAccessLinkKey.id, { onDelete: 'set null' }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** The product file version this download served. */
    fileVersion: integer('file_version'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('downloads_user_created_idx').on(table.userId, table.createdAt),
    index('downloads_order_item_idx').on(table.orderItemId),
    index('downloads_created_idx').on(table.createdAt),
  ],
)

export type DownloadRow = typeof downloads.$inferSelect
