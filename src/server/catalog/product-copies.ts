/**
 * The owner's product list actions on more than one product: duplicating a product into a hidden
 * draft, and archiving or activating several products at once. Each runs in one transaction with
 * its audit entries, so a refused change leaves nothing behind.
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import {
  BULK_STATUS_MESSAGES,
  copyNameOf,
  PRODUCT_ADMIN_MESSAGES as MESSAGES,
  type BulkProductStatus,
  type BulkProductStatusResult,
} from '../../shared/contract/admin-products.ts'
import { isUuid } from '../../shared/ids.ts'
import type { ProductMetadata } from '../../shared/product-view.ts'
import type { Database, Executor } from '../db/client.ts'
import { AppError, notFound } from '../http/errors.ts'
import { products, type ProductRow } from './catalog.schema.ts'
import { insertProduct, productFormOf, type NewProductMedia, type ProductChange } from './product-admin.ts'

/** One product's change of status, as its audit entry records it. */
type StatusChange = { before: { status: string }; after: { status: string } }

/**
 * Media a copy may point at without owning it. What the store uploaded for a product lives under
 * /media/products/<its id>/ and is deleted when that product's cover or preview is replaced, which
 * would break the copy; demo art and outside URLs are never deleted, so the copy shares them.
 */
const sharable = (url: unknown): url is string => typeof url === 'string' && url.length > 0 && !url.startsWith('/media/products/')

/** What a copy keeps of the source's media: its cover, gallery and preview where they are sharable; never its paid file. */
function copiedMediaOf(source: ProductRow): NewProductMedia {
  const metadata = source.metadata ?? {}
  const kept: ProductMetadata = {}
  const images = (metadata.images ?? []).filter(sharable)
  if (images.length > 0) kept.images = images
  const preview = sharable(metadata.audioPreview) ? metadata.audioPreview : null
  if (preview) kept.audioPreview = preview
  return { imageUrl: sharable(source.imageUrl) ? source.imageUrl : null, previewPeaks: preview ? source.previewPeaks : null, metadata: kept }
}

const statusOf = (active: boolean) => (active ? 'active' : 'archived')

export function createProductCopies(db: Database) {
  return {
    /**
     * A hidden copy of the product named "<name> (copy)", at its own address (a new id), with the
     * same description, prices, category, tags and discovery fields, and the media it may share.
     * Not copied: the paid file and its versions, sales, download grants, ratings and reviews.
     */
    async duplicateProduct(
      sourceId: string,
      audit: (tx: Executor, id: string, change: ProductChange & { sourceId: string }) => Promise<void>,
    ): Promise<ProductRow> {
      return db.transaction(async (tx) => {
        const [source] = isUuid(sourceId) ? await tx.select().from(products).where(eq(products.id, sourceId)) : []
        if (!source) throw notFound(MESSAGES.notFound)
        // A bundle is its list of products: a copy without them would sell nothing.
        if (source.isBundle) throw new AppError(400, 'BUNDLE_COPY', 'A bundle cannot be duplicated: create a new bundle and choose its products')
        const form = { ...productFormOf(source), name: copyNameOf(source.name), active: false }
        return insertProduct(tx, form, (inner, id, change) => audit(inner, id, { ...change, sourceId }), copiedMediaOf(source))
      })
    },

    /**
     * Archives or activates every chosen product, or none: an unknown id is a 404 and a product
     * without its file cannot be made active (a 400), both before anything is written. Products
     * already in that status are left as they are; each one changed gets its audit entry.
     */
    async setProductsStatus(
      { ids, status }: BulkProductStatus,
      audit: (tx: Executor, id: string, change: StatusChange) => Promise<void>,
    ): Promise<BulkProductStatusResult> {
      const chosen = [...new Set(ids)]
      const active = status === 'active'
      return db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: products.id, name: products.name, isActive: products.isActive, fileUrl: products.fileUrl, isBundle: products.isBundle })
          .from(products)
          .where(inArray(products.id, chosen))
          .orderBy(products.id)
          .for('update')
        if (rows.length !== chosen.length) throw notFound(BULK_STATUS_MESSAGES.unknown(chosen.length - rows.length))
        const changing = rows.filter((row) => row.isActive !== active)
        const fileless = active ? changing.filter((row) => !row.fileUrl && !row.isBundle) : []
        if (fileless.length > 0) throw new AppError(400, 'NO_FILE', BULK_STATUS_MESSAGES.noFile(fileless.map((row) => row.name)))
        if (changing.length > 0) {
          await tx
            .update(products)
            .set({ isActive: active, version: sql`${products.version} + 1`, updatedAt: sql`now()` })
            .where(
              and(
                inArray(
                  products.id,
                  changing.map((row) => row.id),
                ),
                eq(products.isActive, !active),
              ),
            )
        }
        for (const row of changing) await audit(tx, row.id, { before: { status: statusOf(row.isActive) }, after: { status } })
        return { changed: changing.length, unchanged: rows.length - changing.length }
      })
    },
  }
}
