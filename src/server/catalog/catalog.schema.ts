/**
 * Tables of the catalog: categories and products. Money columns are integer cents; so are
 * money values inside product metadata (originalPrice).
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import type { ProductMetadata } from '../../shared/product-view.ts'
import { PRICE_MODELS, SALE_SCOPES } from '../../shared/contract/selling.ts'
import { userKey } from '../db/table-keys.ts'

export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  description: text('description'),
  /** Where the owner placed it in the store's category lists (then by name). */
  position: integer('position').notNull().default(0),
  /** Counts the owner's saves: a save that names an older version is refused. */
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** What the storefront shows of a category (a product's, a list's): its name, address and text. */
export const categoryViewColumns = { id: categories.id, name: categories.name, slug: categories.slug, description: categories.description }

/** A category's former slugs: links to an old address still find the category. */
export const categorySlugRedirects = pgTable('category_slug_redirects', {
  slug: text('slug').primaryKey(),
  categoryId: uuid('category_id')
    .notNull()
    .references(() => categories.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    imageUrl: text('image_url'),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    /** Size of the downloadable file in bytes. */
    fileSize: bigint('file_size', { mode: 'number' }).notNull().default(0),
    /** Storage key of the paid file (under DATA_DIR/files or a bucket); never sent to browsers. */
    fileUrl: text('file_url'),
    /** Lower-case hex sha256 of the stored file, recorded when the owner uploads it. */
    fileSha256: text('file_sha256'),
    /** The number of the file version buyers download (fileUrl, fileSize and fileSha256 are its copy); null before the first. */
    liveFileVersion: integer('live_file_version'),
    downloadLimit: integer('download_limit').notNull().default(3),
    paymentProductId: text('payment_product_id'),
    paymentPriceId: text('payment_price_id'),
    metadata: jsonb('metadata').$type<ProductMetadata>().notNull().default({}),
    /** Waveform of metadata.audioPreview, computed once at start for any product that has none. */
    previewPeaks: jsonb('preview_peaks').$type<number[]>(),
    /** metadata.rating copied to a column so lists can sort by it with an index. */
    rating: real('rating'),
    // What shoppers filter by, copied from metadata on every write (discoveryColumnsOf) so lists can use indexes.
    bpm: real('bpm'),
    /** The key's id ("Am", "C#m", "Eb"), whatever way metadata.key writes it. */
    musicKey: text('music_key'),
    genre: text('genre'),
    /** Lower-case tags. */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    soundTypes: text('sound_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    onSale: boolean('on_sale').notNull().default(false),
    /** `fixed`: the buyer pays priceCents; `pwyw`: the buyer names an amount of at least minPriceCents (priceCents is then the suggested amount). */
    priceModel: text('price_model', { enum: PRICE_MODELS }).notNull().default('fixed'),
    /** Pay what you want: the least a buyer may pay, integer cents. */
    minPriceCents: integer('min_price_cents'),
    /** True when the product is a bundle of other products (bundle_items), kept beside its items in one transaction. */
    isBundle: boolean('is_bundle').notNull().default(false),
    /** A bundle: the least "complete the bundle" may ask, integer cents (null: 0). */
    bundleFloorCents: integer('bundle_floor_cents'),
    /** Which rules the columns above were derived by; rows derived by older rules are derived again at start. */
    discoveryVersion: smallint('discovery_version').notNull().default(0),
    /** Full-text search: name and tags weigh most, then genre, then the description. */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, name), 'A') || setweight(jsonb_to_tsvector('english'::regconfig, coalesce(metadata->'tags', '[]'::jsonb), '["string"]'::jsonb), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(metadata->>'genre', '')), 'B') || setweight(to_tsvector('english'::regconfig, description), 'C')`,
    ),
    /** Name, genre and tags as one lower-case text, for typo-tolerant (trigram) matching. */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(name || ' ' || coalesce(metadata->>'genre', '') || ' ' || coalesce(metadata->>'tags', ''))`),
    /** Counts the owner's saves: a save that names an older version is refused, so two admins never overwrite each other. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('products_price_model_check', sql`${table.priceModel} in ('fixed', 'pwyw')`),
    check('products_min_price_check', sql`${table.minPriceCents} is null or ${table.minPriceCents} >= 0`),
    check('products_bundle_floor_check', sql`${table.bundleFloorCents} is null or ${table.bundleFloorCents} >= 0`),
    index('products_active_created_idx').on(table.isActive, table.createdAt),
    index('products_category_created_idx').on(table.categoryId, table.createdAt),
    index('products_active_price_idx').on(table.isActive, table.priceCents),
    index('products_active_name_idx').on(table.isActive, table.name),
    index('products_bpm_idx')
      .on(table.bpm)
      .where(sql`is_active`),
    index('products_music_key_idx')
      .on(table.musicKey)
      .where(sql`is_active`),
    index('products_genre_idx')
      .on(sql`lower(${table.genre})`)
      .where(sql`is_active`),
    index('products_tags_idx').using('gin', table.tags),
    index('products_sound_types_idx').using('gin', table.soundTypes),
    index('products_search_vector_idx').using('gin', table.searchVector),
    index('products_search_text_idx').using('gin', table.searchText.op('gin_trgm_ops')),
  ],
)

/**
 * Every file a product has had, numbered from 1. An upload is a draft until the owner publishes
 * it; publishing (or restoring an earlier one) copies it to the product's file columns. Stored
 * files of earlier versions are kept: nothing deletes a version automatically.
 */
export const productFileVersions = pgTable(
  'product_file_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    /** Storage key of the file (under DATA_DIR/files or a bucket); never sent to browsers. */
    storageKey: text('storage_key').notNull(),
    /** The name the owner's file had, as buyers' downloads are named. */
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Lower-case hex sha256; null only for files stored before versions were recorded without one. */
    sha256: text('sha256'),
    /** One line for buyers: what changed in this version. */
    changelog: text('changelog'),
    /** The admin who uploaded it (null for the owner CLI or a deleted account); their email stays in uploadedBy. */
    uploadedById: text('uploaded_by_id').references(() => userKey.id, { onDelete: 'set null' }),
    uploadedBy: text('uploaded_by').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it first went live; null while it is a draft. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (table) => [unique('product_file_versions_product_number_key').on(table.productId, table.number)],
)

/** What a bundle holds: each item is a product of its own, granted with its own downloads when the bundle is bought. */
export const bundleItems = pgTable(
  'bundle_items',
  {
    bundleId: uuid('bundle_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    /** Where the owner placed it in the bundle's list. */
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.bundleId, table.productId] }),
    index('bundle_items_product_idx').on(table.productId),
    check('bundle_items_not_itself', sql`${table.bundleId} <> ${table.productId}`),
  ],
)

/**
 * A timed, automatic discount: percent or a fixed amount off each unit of the products it
 * covers (chosen products, categories, or the whole store) from startsAt until endsAt. No code;
 * the catalog shows the sale price while it runs.
 */
export const sales = pgTable(
  'sales',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Whole percent off (10 = 10 %); null for a fixed-amount sale. */
    percentOff: integer('percent_off'),
    /** Cents off each unit; null for a percent sale. */
    amountOffCents: integer('amount_off_cents'),
    scope: text('scope', { enum: SALE_SCOPES }).notNull(),
    productIds: uuid('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    categoryIds: uuid('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    active: boolean('active').notNull().default(true),
    /** Counts the owner's saves: a save that names an older version is refused. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sales_window_idx').on(table.endsAt, table.startsAt),
    check(
      'sales_amount_check',
      sql`(${table.percentOff} between 1 and 100 and ${table.amountOffCents} is null) or (${table.percentOff} is null and ${table.amountOffCents} > 0)`,
    ),
    check('sales_window_check', sql`${table.endsAt} > ${table.startsAt}`),
    check('sales_scope_check', sql`${table.scope} in ('store', 'products', 'categories')`),
  ],
)

export type CategoryRow = typeof categories.$inferSelect
export type ProductRow = typeof products.$inferSelect
export type ProductFileVersionRow = typeof productFileVersions.$inferSelect
export type BundleItemRow = typeof bundleItems.$inferSelect
export type SaleRow = typeof sales.$inferSelect
