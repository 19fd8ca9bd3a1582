/** Launch and newsletter email signups: one row per address. */
import { sql } from 'drizzle-orm'
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { orderKey, productKey, userKey } from '../db/table-keys.ts'
import { SIGNUP_SOURCES, SUBSCRIPTION_TYPES } from '../../shared/contract/email-signup.ts'

export const emailSignups = pgTable(
  'email_signups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased before insert; the unique constraint makes a repeated signup a no-op. */
    email: text('email').notNull().unique(),
    subscriptionType: text('subscription_type', { enum: SUBSCRIPTION_TYPES }).notNull(),
    source: text('source', { enum: SIGNUP_SOURCES }).notNull(),
    /** The sentence the subscriber agreed to, as the form showed it; null for signups before it was kept. */
    consentText: text('consent_text'),
    /** When they unsubscribed (a link in each news email); null while subscribed. */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('email_signups_email_lowercase', sql`${table.email} = lower(${table.email})`)],
)

export type EmailSignupRow = typeof emailSignups.$inferSelect

/**
 * A free product asked for with an email: the address must open the confirmation link before
 * the download is given (as a paid-for order of $0.00 with its own counted grants). The consent
 * to the confirmation email, and separately to news, is kept with its wording and time.
 */
export const freeProductClaims = pgTable(
  'free_product_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => productKey.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    /** The sentence shown beside the email field, as it read when the visitor sent it. */
    consentText: text('consent_text').notNull(),
    /** "Also send me news": unticked unless the visitor ticked it. */
    newsConsent: boolean('news_consent').notNull().default(false),
    newsConsentText: text('news_consent_text'),
    /** When the confirmation link was opened; null until then. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The $0.00 order the confirmation made. */
    orderId: uuid('order_id').references(() => orderKey.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('free_product_claims_email_idx').on(table.email, table.productId),
    check('free_product_claims_email_lowercase', sql`${table.email} = lower(${table.email})`),
  ],
)

/**
 * Addresses without an account that turned "update available" emails off through the link in
 * one (an account turns them off on itself: user.product_update_emails).
 */
export const productUpdateOptOuts = pgTable(
  'product_update_opt_outs',
  {
    /** Lower-cased. */
    email: text('email').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('product_update_opt_outs_email_lowercase', sql`${table.email} = lower(${table.email})`)],
)

/** What a signed-in shopper allows the store to email them beyond receipts; no row: the defaults. */
export const emailPreferences = pgTable('email_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => userKey.id, { onDelete: 'cascade' }),
  /** A reminder of a cart left unpaid for a day (when the owner turns reminders on). */
  cartReminders: boolean('cart_reminders').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export type FreeProductClaimRow = typeof freeProductClaims.$inferSelect
export type EmailPreferencesRow = typeof emailPreferences.$inferSelect
