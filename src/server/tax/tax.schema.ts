/**
 * The tax capability's tables: the owner's tax settings (one row), the owner's rate overrides
 * per country and region, and the invoices and credit notes, numbered without gaps per series
 * and year by a counter row updated in the paying (or refunding) transaction.
 */
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { TaxBuyer, TaxDocumentLine, TaxSeller } from '../../shared/tax/tax-types.ts'
import { TAX_DOCUMENT_KINDS, TAX_MODES } from '../../shared/tax/tax-types.ts'
import { orderKey } from '../db/table-keys.ts'

export const taxSettings = pgTable(
  'tax_settings',
  {
    id: integer('id').primaryKey().default(1),
    mode: text('mode', { enum: TAX_MODES }).notNull().default('flat'),
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
    /** The seller's country (ISO alpha-2): decides reverse charge and the EU distance-selling rule. */
    sellerCountry: text('seller_country'),
    sellerLegalName: text('seller_legal_name'),
    sellerAddress: text('seller_address'),
    sellerTaxNumber: text('seller_tax_number'),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('tax_settings_single_row', sql`${table.id} = 1`)],
)

/** The owner's rate for a country (region '' for the whole country), over the project's table. */
export const taxRates = pgTable(
  'tax_rates',
  {
    countryCode: text('country_code').notNull(),
    regionCode: text('region_code').notNull().default(''),
    rateBasisPoints: integer('rate_basis_points').notNull(),
    /** The tax's name on invoices: VAT, GST, HST, QST, sales tax. */
    label: text('label').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by'),
  },
  (table) => [
    primaryKey({ columns: [table.countryCode, table.regionCode] }),
    check('tax_rates_rate_check', sql`${table.rateBasisPoints} >= 0 and ${table.rateBasisPoints} <= 10000`),
  ],
)

/** The last number given in a series (`invoice:2026`, `credit_note:2026`): raised by one in the transaction that issues the document. */
export const taxDocumentCounters = pgTable('tax_document_counters', {
  series: text('series').primaryKey(),
  lastNumber: integer('last_number').notNull(),
})

export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: TAX_DOCUMENT_KINDS }).notNull(),
    /** `2026-000123` for invoices, `CN-2026-000007` for credit notes. */
    number: text('number').notNull().unique(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orderKey.id, { onDelete: 'restrict' }),
    /** A credit note's provider refund (`re_…`); null for an invoice. */
    refundId: text('refund_id'),
    /** A credit note's invoice. */
    invoiceId: uuid('invoice_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    currency: text('currency').notNull(),
    /** Positive amounts for both kinds; a credit note takes them back. */
    netCents: integer('net_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    grossCents: integer('gross_cents').notNull(),
    taxCountry: text('tax_country'),
    taxRegion: text('tax_region'),
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull(),
    taxLabel: text('tax_label').notNull(),
    reverseCharge: boolean('reverse_charge').notNull().default(false),
    seller: jsonb('seller').$type<TaxSeller>().notNull(),
    buyer: jsonb('buyer').$type<TaxBuyer>().notNull(),
    lines: jsonb('lines').$type<TaxDocumentLine[]>().notNull(),
  },
  (table) => [
    uniqueIndex('tax_documents_invoice_order_idx')
      .on(table.orderId)
      .where(sql`${table.kind} = 'invoice'`),
    uniqueIndex('tax_documents_refund_idx')
      .on(table.refundId)
      .where(sql`${table.refundId} is not null`),
    index('tax_documents_issued_idx').on(table.issuedAt),
    index('tax_documents_order_idx').on(table.orderId),
    check('tax_documents_kind_check', sql`${table.kind} in ('invoice', 'credit_note')`),
    check(
      'tax_documents_amounts_check',
      sql`${table.netCents} >= 0 and ${table.taxCents} >= 0 and ${table.grossCents} = ${table.netCents} + ${table.taxCents}`,
    ),
  ],
)

export type TaxSettingsRow = typeof taxSettings.$inferSelect
export type TaxRateRow = typeof taxRates.$inferSelect
export type TaxDocumentRow = typeof taxDocuments.$inferSelect
