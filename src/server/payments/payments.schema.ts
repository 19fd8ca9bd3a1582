/**
 * Tables of payments: the built-in provider's checkout sessions (Stripe's object model) and
 * the webhook events it owes our webhook endpoint, stored so that a restart or a second app
 * process loses and doubles nothing (both unused when Stripe is configured), and the provider
 * events the store has already processed, whichever provider sent them.
 */
import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

export interface PaymentSessionLineItem {
  productId: string
  name: string
  unitAmountCents: number
  quantity: number
}

export const PAYMENT_SESSION_STATUSES = ['open', 'complete', 'expired'] as const
export const PAYMENT_STATUSES = ['paid', 'unpaid'] as const

export const paymentSessions = pgTable(
  'payment_sessions',
  {
    /** `cs_test_` + random base62, as Stripe names checkout sessions. */
    id: text('id').primaryKey(),
    /** `${id}_secret_${random}`: the embedded form proves with it that it may pay this session. */
    clientSecret: text('client_secret').notNull(),
    uiMode: text('ui_mode', { enum: ['hosted', 'embedded'] }).notNull(),
    status: text('status', { enum: PAYMENT_SESSION_STATUSES }).notNull().default('open'),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('unpaid'),
    amountTotalCents: integer('amount_total_cents').notNull(),
    currency: text('currency').notNull(),
    lineItems: jsonb('line_items').$type<PaymentSessionLineItem[]>().notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    customerEmail: text('customer_email'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    successUrl: text('success_url'),
    cancelUrl: text('cancel_url'),
    returnUrl: text('return_url'),
    /** The paying card's last four digits; the full number is never stored. */
    cardLast4: text('card_last4'),
    /** ISO 3166-1 alpha-2 of the card's issuing country: evidence of where the buyer is. */
    cardCountry: text('card_country'),
    cardholderName: text('cardholder_name'),
    paymentIntentId: text('payment_intent_id').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The expiry sweep reads open sessions by deadline.
    index('payment_sessions_open_expires_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'open'`),
    check('payment_sessions_amounts_check', sql`${table.amountTotalCents} >= 0 and ${table.discountCents} >= 0 and ${table.taxCents} >= 0`),
    check('payment_sessions_paid_is_complete', sql`${table.paymentStatus} = 'unpaid' or ${table.status} = 'complete'`),
  ],
)

export const paymentWebhookDeliveries = pgTable(
  'payment_webhook_deliveries',
  {
    id: text('id').primaryKey(),
    /** The Stripe-shaped event's `evt_` id, once per event. */
    eventId: text('event_id').notNull().unique(),
    type: text('type').notNull(),
    /** The whole event as it is posted (Stripe's event object). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** When the next attempt is due; null once delivered or given up. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payment_webhook_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.deliveredAt} is null`),
  ],
)

/** Refunds the built-in provider made of a paid session's payment (Stripe's refund object). */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    /** `re_` + random base62. */
    id: text('id').primaryKey(),
    paymentIntentId: text('payment_intent_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** The built-in provider's refunds succeed at once. */
    status: text('status').notNull().default('succeeded'),
    reason: text('reason'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payment_refunds_intent_idx').on(table.paymentIntentId), check('payment_refunds_amount_check', sql`${table.amountCents} > 0`)],
)

/** Disputes opened on a paid session's payment at the built-in provider (for tests and demos). */
export const paymentDisputes = pgTable(
  'payment_disputes',
  {
    /** `dp_` + random base62. */
    id: text('id').primaryKey(),
    paymentIntentId: text('payment_intent_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** needs_response while open; won or lost once closed. */
    status: text('status').notNull().default('needs_response'),
    reason: text('reason').notNull().default('fraudulent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [index('payment_disputes_intent_idx').on(table.paymentIntentId)],
)

/** Webhook events already handled: a redelivered event finds its id here and changes nothing. */
export const processedPaymentEvents = pgTable('processed_payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
})

export type PaymentSessionRow = typeof paymentSessions.$inferSelect
export type PaymentWebhookDeliveryRow = typeof paymentWebhookDeliveries.$inferSelect
export type PaymentRefundRow = typeof paymentRefunds.$inferSelect
export type PaymentDisputeRow = typeof paymentDisputes.$inferSelect
