/**
 * Tables of orders: what was bought, by whom, at which price and how it was paid, with the
 * items each order holds and the downloads each item grants.
 */
import { relations, sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { productKey, promoCodeKey, userKey } from '../db/table-keys.ts'

export const ORDER_STATUSES = ['PENDING', 'COMPLETED', 'FAILED', 'CANCELLED'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]
export const CHECKOUT_TYPES = ['cart', 'direct'] as const
export type CheckoutType = (typeof CHECKOUT_TYPES)[number]

/** The checkout form's billing fields, as the shopper typed them. */
export interface BillingDetails {
  email?: string
  firstName?: string
  lastName?: string
  company?: string
  address?: string
  apartment?: string
  city?: string
  country?: string
  state?: string
  postalCode?: string
  phone?: string
}

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The buyer's account; null for a guest order. An order outlives a deleted account (it is a sale record). */
    userId: text('user_id').references(() => userKey.id, { onDelete: 'set null' }),
    /** Where the receipt goes. */
    customerEmail: text('customer_email').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('PENDING'),
    checkoutType: text('checkout_type', { enum: CHECKOUT_TYPES }).notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    /** Exactly what the payment session charges; fulfilment compares the paid amount with it. */
    totalAmountCents: integer('total_amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    promoCodeId: uuid('promo_code_id').references(() => promoCodeKey.id, { onDelete: 'set null' }),
    promoCode: text('promo_code'),
    billingDetails: jsonb('billing_details').$type<BillingDetails>(),
    /** `builtin` or `stripe`: who holds the payment session. */
    paymentProvider: text('payment_provider').notNull(),
    /** Null only while the provider session is being created. */
    paymentSessionId: text('payment_session_id').unique(),
    paymentIntentId: text('payment_intent_id'),
    cardLast4: text('card_last4'),
    /** Hash of the priced lines, promo, buyer and return settings: a retry of the same checkout reuses the order. */
    cartFingerprint: text('cart_fingerprint').notNull(),
    /** Set by the one fulfilment call that sends the receipt, so retries never send a second. */
    receiptSentAt: timestamp('receipt_sent_at', { withTimezone: true }),
    ...timestamps,
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('orders_user_created_idx').on(table.userId, table.createdAt),
    index('orders_customer_email_status_idx').on(table.customerEmail, table.status),
    index('orders_status_idx').on(table.status),
    check('orders_status_check', sql`${table.status} in ('PENDING', 'COMPLETED', 'FAILED', 'CANCELLED')`),
    check('orders_checkout_type_check', sql`${table.checkoutType} in ('cart', 'direct')`),
    check(
      'orders_amounts_check',
      sql`${table.subtotalCents} >= 0 and ${table.discountCents} >= 0 and ${table.taxCents} >= 0 and ${table.totalAmountCents} >= 0`,
    ),
  ],
)

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => productKey.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    /** Unit price paid (the sale price at checkout), integer cents. */
    priceCents: integer('price_cents').notNull(),
    downloadLimit: integer('download_limit').notNull().default(3),
    /** download_limit × quantity at creation; counts down with each download. */
    downloadsRemaining: integer('downloads_remaining').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('order_items_order_idx').on(table.orderId),
    index('order_items_product_idx').on(table.productId),
    check('order_items_quantity_positive', sql`${table.quantity} > 0`),
    check('order_items_downloads_check', sql`${table.downloadsRemaining} >= 0 and ${table.priceCents} >= 0`),
  ],
)

export const ordersRelations = relations(orders, ({ many }) => ({ items: many(orderItems) }))
export const orderItemsRelations = relations(orderItems, ({ one }) => ({
  order: one(orders, { fields: [orderItems.orderId], references: [orders.id] }),
}))

export type OrderRow = typeof orders.$inferSelect
export type OrderItemRow = typeof orderItems.$inferSelect
