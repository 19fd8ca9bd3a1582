/**
 * Tables of promo codes: the codes a shop owner offers (percent off, an optional start/end
 * window, a use limit, a minimum subtotal) and the use each order holds of one.
 */
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { orderKey } from '../db/table-keys.ts'

export const PROMO_REDEMPTION_STATUSES = ['reserved', 'redeemed', 'released'] as const
export type PromoRedemptionStatus = (typeof PROMO_REDEMPTION_STATUSES)[number]

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored trimmed and uppercase; matching uppercases the shopper's input. */
    code: text('code').notNull().unique(),
    /** Whole percent taken off the eligible lines (10 = 10 %); null for a fixed-amount code. */
    percentOff: integer('percent_off'),
    /** Cents taken off the eligible lines' sum (never more than it); null for a percent code. */
    amountOffCents: integer('amount_off_cents'),
    /** The code applies only to these products' lines, or these categories' (both empty: every line). */
    productIds: uuid('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    categoryIds: uuid('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Lines priced by a sale (automatic or a compare-at price) get no code discount. */
    excludeSaleItems: boolean('exclude_sale_items').notNull().default(false),
    /** The most discount the code may ever give, in cents; null: no budget. */
    budgetCents: integer('budget_cents'),
    /** Discount held by the code's reserved and redeemed orders, in cents; changed in the statement that takes or gives back a use. */
    discountGivenCents: integer('discount_given_cents').notNull().default(0),
    active: boolean('active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Null means unlimited. */
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    minSubtotalCents: integer('min_subtotal_cents').notNull().default(0),
    /** A buyer (account, or email for a guest) may use the code on one paid or pending order only. */
    oncePerCustomer: boolean('once_per_customer').notNull().default(false),
    /** Counts the owner's saves: a save that names an older version is refused. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('promo_codes_code_uppercase', sql`${table.code} = upper(btrim(${table.code})) and ${table.code} <> ''`),
    check(
      'promo_codes_amount_check',
      sql`(${table.percentOff} between 1 and 100 and ${table.amountOffCents} is null) or (${table.percentOff} is null and ${table.amountOffCents} > 0)`,
    ),
    check(
      'promo_codes_budget_check',
      sql`${table.discountGivenCents} >= 0 and (${table.budgetCents} is null or ${table.discountGivenCents} <= ${table.budgetCents})`,
    ),
    check('promo_codes_uses_check', sql`${table.uses} >= 0 and (${table.maxUses} is null or ${table.maxUses} >= 0)`),
  ],
)

/** The promo use an order holds: reserved at checkout, redeemed when paid, released when it is not. */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orderKey.id, { onDelete: 'cascade' }),
    promoCodeId: uuid('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    status: text('status', { enum: PROMO_REDEMPTION_STATUSES }).notNull().default('reserved'),
    /** Who used the code (the order's buyer key: account id, or lower-cased email for a guest), for once-per-customer codes. */
    buyerKey: text('buyer_key'),
    /** The discount this order holds of the code's budget, in cents (given back when released). */
    discountCents: integer('discount_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('promo_redemptions_promo_idx').on(table.promoCodeId),
    index('promo_redemptions_buyer_idx').on(table.promoCodeId, table.buyerKey),
    check('promo_redemptions_status_check', sql`${table.status} in ('reserved', 'redeemed', 'released')`),
  ],
)

export type PromoCodeRow = typeof promoCodes.$inferSelect
