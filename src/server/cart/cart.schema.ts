/** The signed-in shopper's server cart: one line per user and product. */
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { productKey, userKey } from '../db/table-keys.ts'

export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The Better Auth user id; every query is scoped by it. Deleting an account deletes its cart. */
    userId: text('user_id')
      .notNull()
      .references(() => userKey.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => productKey.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    licenseType: text('license_type').notNull().default('standard'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('cart_items_user_product_unique').on(table.userId, table.productId),
    index('cart_items_user_created_idx').on(table.userId, table.createdAt),
    check('cart_items_quantity_positive', sql`${table.quantity} > 0`),
  ],
)

export type CartItemRow = typeof cartItems.$inferSelect
