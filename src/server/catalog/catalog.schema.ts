/**
 * Tables of the catalog: categories and products. Money columns are integer cents; so are
 * money values inside product metadata (originalPrice).
 */
import { sql } from 'drizzle-orm'
import { bigint, boolean, customType, index, integer, jsonb, pgTable, real, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import type { ProductMetadata } from '../../shared/product-view.ts'
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

export type CategoryRow = typeof categories.$inferSelect
export type ProductRow = typeof products.$inferSelect
export type ProductFileVersionRow = typeof productFileVersions.$inferSelect
