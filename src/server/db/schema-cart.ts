/**
 * Tables of the cart: promo codes (the rules a shop owner expects; checkout enforces the
 * window, uses and minimum subtotal) and the signed-in shopper's server cart (one line per
 * user and product).
 */
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { user } from './schema-auth.ts'
import { products } from './schema.ts'

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored trimmed and uppercase; matching uppercases the shopper's input. */
    code: text('code').notNull().unique(),
    /** Whole percent taken off the subtotal (10 = 10 %); the API answers it as a fraction. */
    percentOff: integer('percent_off').notNull(),
    active: boolean('active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Null means unlimited. */
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    minSubtotalCents: integer('min_subtotal_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('promo_codes_code_uppercase', sql`${table.code} = upper(btrim(${table.code})) and ${table.code} <> ''`),
    check('promo_codes_percent_off_range', sql`${table.percentOff} between 1 and 100`),
    check('promo_codes_uses_check', sql`${table.uses} >= 0 and (${table.maxUses} is null or ${table.maxUses} >= 0)`),
  ],
)

export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The Better Auth user id; every query is scoped by it. Deleting an account deletes its cart. */
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
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

export type PromoCodeRow = typeof promoCodes.$inferSelect
export type CartItemRow = typeof cartItems.$inferSelect
