/**
 * Tables of orders: what was bought, by whom, at which price and how it was paid, with the
 * items each order holds and the downloads each item grants.
 */
import { relations, sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { ORDER_STATUSES, PAID_ORDER_STATUSES } from '../../shared/contract/checkout.ts'
import { ITEM_ACCESS_REASONS, ITEM_ACCESS_STATES } from '../../shared/contract/downloads.ts'
import type { OrderTaxDetails } from '../../shared/tax/tax-types.ts'
import { productKey, promoCodeKey, userKey } from '../db/table-keys.ts'

export type OrderStatus = (typeof ORDER_STATUSES)[number]

export { PAID_ORDER_STATUSES }
export type ItemAccess = (typeof ITEM_ACCESS_STATES)[number]
export type ItemAccessReason = (typeof ITEM_ACCESS_REASONS)[number]
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
  /** The country's name; orders placed before countries were codes hold only this. */
  country?: string
  /** ISO 3166-1 alpha-2: what tax reads. */
  countryCode?: string
  /** The region's code where the country has regions (as typed on older orders). */
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
    /** When a guest order became an account's (its address was confirmed); null for an order placed from an account. */
    joinedAccountAt: timestamp('joined_account_at', { withTimezone: true }),
    /** Where the receipt goes. */
    customerEmail: text('customer_email').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('PENDING'),
    checkoutType: text('checkout_type', { enum: CHECKOUT_TYPES }).notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    /** How the tax was worked out (mode, rate, inclusive or not, reverse charge, VAT number, where the buyer is); null on orders before tax modes. */
    taxDetails: jsonb('tax_details').$type<OrderTaxDetails>(),
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
    /** What the provider has refunded of this order so far (pending and succeeded refunds), in cents. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    ...timestamps,
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('orders_user_created_idx').on(table.userId, table.createdAt),
    index('orders_customer_email_status_idx').on(table.customerEmail, table.status),
    // A confirmed account claims the paid guest orders of its address, compared case-insensitively.
    index('orders_guest_email_idx')
      .on(sql`lower(${table.customerEmail})`)
      .where(sql`${table.userId} is null`),
    index('orders_status_idx').on(table.status),
    // Refund and dispute events name the payment, not the order.
    index('orders_payment_intent_idx').on(table.paymentIntentId),
    // The owner's dashboard reads paid orders by the day they were paid.
    index('orders_completed_idx').on(table.completedAt),
    // The funnel counts checkouts begun in a period.
    index('orders_created_idx').on(table.createdAt),
    check('orders_status_check', sql`${table.status} in ('PENDING', 'COMPLETED', 'FAILED', 'CANCELLED', 'REFUNDED', 'PARTIALLY_REFUNDED', 'DISPUTED')`),
    check('orders_checkout_type_check', sql`${table.checkoutType} in ('cart', 'direct')`),
    check(
      'orders_amounts_check',
      sql`${table.subtotalCents} >= 0 and ${table.discountCents} >= 0 and ${table.taxCents} >= 0 and ${table.totalAmountCents} >= 0 and ${table.refundedCents} >= 0`,
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
    /** Unit price paid (the sale price at checkout, the buyer's amount for pay what you want, the completion price of a bundle), integer cents; 0 for an item a bundle granted. */
    priceCents: integer('price_cents').notNull(),
    /** The product's regular unit price at checkout, before a sale or a bundle's completion; null on older orders. */
    regularPriceCents: integer('regular_price_cents'),
    /** The automatic sale that priced this item, if any (kept after the sale is deleted, for its report). */
    saleId: uuid('sale_id'),
    /** The bundle's order item that granted this one; null for an item bought on its own. Its access follows the bundle's. */
    parentItemId: uuid('parent_item_id').references((): AnyPgColumn => orderItems.id, { onDelete: 'cascade' }),
    downloadLimit: integer('download_limit').notNull().default(3),
    /** download_limit × quantity at creation; counts down with each download. */
    downloadsRemaining: integer('downloads_remaining').notNull(),
    /** Derived from the order's refunds and disputes (after-sale.service.ts) and stored, so a download checks one row. */
    access: text('access', { enum: ITEM_ACCESS_STATES }).notNull().default('active'),
    accessReason: text('access_reason', { enum: ITEM_ACCESS_REASONS }),
    accessChangedAt: timestamp('access_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('order_items_order_idx').on(table.orderId),
    index('order_items_product_idx').on(table.productId),
    index('order_items_parent_idx')
      .on(table.parentItemId)
      .where(sql`${table.parentItemId} is not null`),
    index('order_items_sale_idx')
      .on(table.saleId)
      .where(sql`${table.saleId} is not null`),
    check('order_items_quantity_positive', sql`${table.quantity} > 0`),
    check('order_items_downloads_check', sql`${table.downloadsRemaining} >= 0 and ${table.priceCents} >= 0`),
    check('order_items_access_check', sql`${table.access} in ('active', 'suspended', 'revoked')`),
  ],
)

/**
 * Refunds of an order as the payment provider reports them, one row per provider refund
 * (`re_…`). Synced from the provider on every refund event, so the rows are its current
 * truth whatever order the events arrive in.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: text('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    /** Stripe's refund status: pending, requires_action, succeeded, failed or canceled. */
    status: text('status').notNull(),
    /** The items a refund we started covers (from its metadata); null: covered by amount. */
    orderItemIds: jsonb('order_item_ids').$type<string[]>(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_refunds_order_idx').on(table.orderId), check('order_refunds_amount_check', sql`${table.amountCents} >= 0`)],
)

/**
 * A refund the owner asked for, claimed under the order's row lock before the payment provider
 * is called: while it is pending its items count as being refunded, so a second request that
 * names one of them is refused, and its idempotency key (the order's refund count when it was
 * claimed) makes a repeated call to the provider the same refund.
 */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemIds: jsonb('order_item_ids').$type<string[]>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** pending (the provider is being asked), succeeded (refundId names the refund) or failed. */
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    refundId: text('refund_id'),
    reason: text('reason'),
    requestedBy: text('requested_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('refund_requests_order_idx').on(table.orderId, table.status),
    check('refund_requests_status_check', sql`${table.status} in ('pending', 'succeeded', 'failed')`),
    check('refund_requests_amount_check', sql`${table.amountCents} > 0`),
  ],
)

/**
 * A private link to one order (`/orders/access/{token}`): what a guest's receipt and "Find my
 * order" send, so a buyer without an account can download what they paid for. The token is the
 * row's id with a MAC over it (order-access.ts), so nothing secret is stored; the owner revokes a
 * link by stamping it.
 */
export const orderAccessLinks = pgTable(
  'order_access_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The admin who revoked it (their email, so it outlives the account). */
    revokedBy: text('revoked_by'),
  },
  (table) => [index('order_access_links_order_idx').on(table.orderId, table.createdAt)],
)

/** Disputes (chargebacks) of an order's payment, one row per provider dispute (`dp_…`). */
export const orderDisputes = pgTable(
  'order_disputes',
  {
    id: text('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    /** Stripe's dispute status: needs_response, under_review, …, won or lost. A closed status never reopens. */
    status: text('status').notNull(),
    reason: text('reason'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [index('order_disputes_order_idx').on(table.orderId)],
)

export const ordersRelations = relations(orders, ({ many }) => ({
  items: many(orderItems),
  refunds: many(orderRefunds),
  disputes: many(orderDisputes),
  refundRequests: many(refundRequests),
  accessLinks: many(orderAccessLinks),
}))
export const orderAccessLinksRelations = relations(orderAccessLinks, ({ one }) => ({
  order: one(orders, { fields: [orderAccessLinks.orderId], references: [orders.id] }),
}))
export const refundRequestsRelations = relations(refundRequests, ({ one }) => ({
  order: one(orders, { fields: [refundRequests.orderId], references: [orders.id] }),
}))
export const orderRefundsRelations = relations(orderRefunds, ({ one }) => ({ order: one(orders, { fields: [orderRefunds.orderId], references: [orders.id] }) }))
export const orderDisputesRelations = relations(orderDisputes, ({ one }) => ({
  order: one(orders, { fields: [orderDisputes.orderId], references: [orders.id] }),
}))
export const orderItemsRelations = relations(orderItems, ({ one }) => ({
  order: one(orders, { fields: [orderItems.orderId], references: [orders.id] }),
}))

export type OrderRow = typeof orders.$inferSelect
export type OrderItemRow = typeof orderItems.$inferSelect
export type RefundRequestRow = typeof refundRequests.$inferSelect
export type OrderRefundRow = typeof orderRefunds.$inferSelect
export type OrderAccessLinkRow = typeof orderAccessLinks.$inferSelect
export type OrderDisputeRow = typeof orderDisputes.$inferSelect
