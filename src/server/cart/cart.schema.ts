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
    /** Pay what you want: the amount the shopper chose for one unit, integer cents; null for a fixed-price product. */
    chosenPriceCents: integer('chosen_price_cents'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('cart_items_user_product_unique').on(table.userId, table.productId),
    index('cart_items_user_created_idx').on(table.userId, table.createdAt),
    check('cart_items_quantity_positive', sql`${table.quantity} > 0`),
  ],
)

/**
 * One reminder per forgotten cart: a cart is a user's lines since it was last empty, named by
 * when its oldest line was added. The unique key makes a second reminder for one cart impossible,
 * however many processes look at once.
 */
export const cartReminders = pgTable(
  'cart_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => userKey.id, { onDelete: 'cascade' }),
    /** created_at of the cart's oldest line when the reminder was written. */
    cartStartedAt: timestamp('cart_started_at', { withTimezone: true }).notNull(),
    /** The outbox email that carries it. */
    emailId: uuid('email_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('cart_reminders_user_cart_unique').on(table.userId, table.cartStartedAt)],
)

export type CartItemRow = typeof cartItems.$inferSelect
