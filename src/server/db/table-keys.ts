/**
 * The primary keys that one capability's tables reference in another's, declared as
 * key-only tables so a foreign key can name its target without importing the capability
 * that owns it. Drizzle records a reference by table and column name, so these produce the
 * same constraints as the owners' full definitions. Only `*.schema.ts` files import this.
 */
import { pgTable, text, uuid } from 'drizzle-orm/pg-core'

/** auth's accounts (Better Auth generates text ids). */
export const userKey = pgTable('user', { id: text('id').primaryKey() })
/** catalog's products. */
export const productKey = pgTable('products', { id: uuid('id').primaryKey() })
/** orders' orders and order items. */
export const orderKey = pgTable('orders', { id: uuid('id').primaryKey() })
export const orderItemKey = pgTable('order_items', { id: uuid('id').primaryKey() })
export const orderAccessLinkKey = pgTable('order_access_links', { id: uuid('id').primaryKey() })
/** promo's codes. */
export const promoCodeKey = pgTable('promo_codes', { id: uuid('id').primaryKey() })
