/**
 * The owner's products: the list with every product (archived too), and saving the product form
 * (create, edit, archive by unticking Active; a product without its file cannot be active) with
 * an optimistic version check, so of two admins
 * editing one product the second is told it changed instead of overwriting it. Metadata the form
 * does not show (images, preview, rating) is kept as it is.
 */
import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm'
import { dollarsToCents, priceToCents, PRODUCT_ADMIN_MESSAGES as MESSAGES, type ProductForm } from '../../shared/contract/admin-products.ts'
import { SOUND_TYPE_IDS } from '../../shared/contract/catalog-filters.ts'
import { STALE_VERSION } from '../../shared/contract/strict-input.ts'
import { isUuid } from '../../shared/ids.ts'
import { centsToDollarString } from '../../shared/money.ts'
import { amountToCents } from '../../shared/pay-what-you-want.ts'
import type { ProductMetadata } from '../../shared/product-view.ts'
import type { Database, Executor } from '../db/client.ts'
import { AppError, fieldError, notFound } from '../http/errors.ts'
import { categories, products, type ProductRow } from './catalog.schema.ts'
import { discoveryColumnsOf } from './discovery-columns.ts'
import { mediaStateOf, type ProductMediaState } from './product-media.ts'

export interface AdminProductRow {
  product: ProductRow
  categoryName: string | null
  /** The product as its form shows it. */
  form: ProductForm
  media: ProductMediaState
}

export type ProductChange = { before: ProductForm | null; after: ProductForm }

/** The form as the owner sees a stored product. */
export function productFormOf(row: ProductRow): ProductForm {
  const metadata = row.metadata ?? {}
  const cents = (value: number | undefined) => (value ? (value / 100).toFixed(2) : '')
  return {
    name: row.name,
    description: row.description,
    price: (row.priceCents / 100).toFixed(2),
    priceModel: row.priceModel,
    minimumPrice: row.priceModel === 'pwyw' ? centsToDollarString(row.minPriceCents ?? 0) : '',
    originalPrice: cents(metadata.originalPrice),
    categoryId: row.categoryId ?? '',
    active: row.isActive,
    featured: Boolean(metadata.featured),
    isNew: Boolean(metadata.isNew),
    tags: (metadata.tags ?? []).join(', '),
    digitalDownload: metadata.product_type === 'digital_download',
    // A digital download is one per buyer by definition: the field is for other products.
    purchaseLimit: metadata.product_type === 'digital_download' ? '' : (metadata.purchase_limit ?? ''),
    downloadLimit: String(row.downloadLimit),
    bpm: metadata.bpm ? String(metadata.bpm) : '',
    key: metadata.key ?? '',
    genre: metadata.genre ?? '',
    types: soundTypesOf(metadata.types),
  }
}

/** The sound type ids a stored `metadata.types` names, each once, in SOUND_TYPES order; anything else is dropped. */
function soundTypesOf(value: unknown): string[] {
  const given = Array.isArray(value) ? value : []
  return SOUND_TYPE_IDS.filter((id) => given.includes(id))
}

/**
 * The columns a saved form writes; `metadata` keeps what the form does not hold. Pay what you
 * want keeps its minimum, and no original price: nothing is struck through when the buyer names the price.
 */
function columnsOf(form: ProductForm, metadata: ProductMetadata) {
  const priceCents = priceToCents(form.price)!
  const pwyw = form.priceModel === 'pwyw'
  const originalPrice = form.originalPrice && !pwyw ? dollarsToCents(form.originalPrice)! : undefined
  const next: ProductMetadata = { ...metadata, featured: form.featured, isNew: form.isNew, isOnSale: originalPrice !== undefined }
  const set = <K extends keyof ProductMetadata>(key: K, value: ProductMetadata[K] | undefined) => {
    if (value === undefined || value === '') delete next[key]
    else next[key] = value
  }
  set('originalPrice', originalPrice)
  set(
    'tags',
    form.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
  )
  set('product_type', form.digitalDownload ? 'digital_download' : undefined)
  set('purchase_limit', form.digitalDownload ? '1' : form.purchaseLimit || undefined)
  set('bpm', form.bpm ? Number(form.bpm) : undefined)
  set('key', form.key || undefined)
  set('genre', form.genre || undefined)
  const types = soundTypesOf(form.types)
  set('types', types.length > 0 ? types : undefined)
  return {
    name: form.name,
    description: form.description,
    priceCents,
    priceModel: form.priceModel,
    minPriceCents: pwyw ? amountToCents(form.minimumPrice) : null,
    categoryId: form.categoryId || null,
    isActive: form.active,
    downloadLimit: Number(form.downloadLimit),
    metadata: next,
    ...discoveryColumnsOf(next, priceCents),
  }
}

async function assertCategory(tx: Executor, categoryId: string): Promise<void> {
  if (!categoryId) return
  const [found] = isUuid(categoryId) ? await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)) : []
  if (!found) throw fieldError('categoryId', MESSAGES.unknownCategory)
}

/** What a new product holds beside its form: media it starts with (a copy's shared cover and preview). */
export type NewProductMedia = Pick<ProductRow, 'imageUrl' | 'previewPeaks'> & { metadata: ProductMetadata }

/**
 * Inserts a product from its form within the caller's transaction, with its audit entry. It has no
 * file yet: it cannot be active, since selling it would take money for nothing to download.
 */
export async function insertProduct(
  tx: Executor,
  form: ProductForm,
  audit: (tx: Executor, id: string, change: ProductChange) => Promise<void>,
  media: NewProductMedia = { imageUrl: null, previewPeaks: null, metadata: {} },
): Promise<ProductRow> {
  if (form.active) throw fieldError('active', MESSAGES.noFile)
  await assertCategory(tx, form.categoryId)
  const [row] = await tx
    .insert(products)
    .values({ ...columnsOf(form, media.metadata), imageUrl: media.imageUrl, previewPeaks: media.previewPeaks })
    .returning()
  await audit(tx, row!.id, { before: null, after: productFormOf(row!) })
  return row!
}

export function createProductAdmin(db: Database) {
  return {
    /** Every product, archived ones too, with its category's name; `search` matches the name. */
    async adminProductRows({ search, status }: { search?: string | undefined; status: 'all' | 'active' | 'archived' }): Promise<AdminProductRow[]> {
      const filters: SQL[] = []
      if (search) filters.push(ilike(products.name, `%${search.replace(/[\\%_]/g, (match) => `\\${match}`)}%`))
      if (status !== 'all') filters.push(eq(products.isActive, status === 'active'))
      const rows = await db
        .select({ product: products, categoryName: categories.name })
        .from(products)
        .leftJoin(categories, eq(products.categoryId, categories.id))
        .where(and(...filters))
        .orderBy(desc(products.updatedAt), asc(products.id))
      return rows.map((row) => ({ ...row, form: productFormOf(row.product), media: mediaStateOf(row.product) }))
    },

    async adminProduct(id: string): Promise<AdminProductRow> {
      const [row] = isUuid(id)
        ? await db
            .select({ product: products, categoryName: categories.name })
            .from(products)
            .leftJoin(categories, eq(products.categoryId, categories.id))
            .where(eq(products.id, id))
        : []
      if (!row) throw notFound(MESSAGES.notFound)
      return { ...row, form: productFormOf(row.product), media: mediaStateOf(row.product) }
    },

    async createProduct(form: ProductForm, audit: (tx: Executor, id: string, change: ProductChange) => Promise<void>): Promise<ProductRow> {
      // Refused before the transaction opens: nothing to roll back.
      if (form.active) throw fieldError('active', MESSAGES.noFile)
      return db.transaction((tx) => insertProduct(tx, form, audit))
    },

    /** Saves the form over the version it was edited from; a product saved since is a 409. */
    async updateProduct(
      id: string,
      form: ProductForm,
      version: number,
      audit: (tx: Executor, id: string, change: ProductChange) => Promise<void>,
    ): Promise<ProductRow> {
      return db.transaction(async (tx) => {
        const [current] = isUuid(id) ? await tx.select().from(products).where(eq(products.id, id)).for('update') : []
        if (!current) throw notFound(MESSAGES.notFound)
        if (version !== current.version) throw new AppError(409, STALE_VERSION, MESSAGES.changed)
        // A bundle's buyers get its items' files: it needs none of its own.
        if (form.active && !current.fileUrl && !current.isBundle) throw fieldError('active', MESSAGES.noFile)
        await assertCategory(tx, form.categoryId)
        // The version is checked and counted in the one statement that writes.
        const [saved] = await tx
          .update(products)
          .set({ ...columnsOf(form, current.metadata ?? {}), version: sql`${products.version} + 1`, updatedAt: sql`now()` })
          .where(and(eq(products.id, id), eq(products.version, version)))
          .returning()
        if (!saved) throw new AppError(409, STALE_VERSION, MESSAGES.changed)
        await audit(tx, id, { before: productFormOf(current), after: productFormOf(saved) })
        return saved
      })
    },
  }
}
