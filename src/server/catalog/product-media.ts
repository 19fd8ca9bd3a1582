/**
 * A product's public media, as the owner replaces them: the cover (made into the storefront's WebP
 * sizes) and the audio preview (made into an MP3 with its waveform). Each takes a file already on
 * this machine (a finished upload, or a path given to the CLI); the new bytes are stored under a
 * fresh key first, the product row is pointed at them in one transaction with its audit entry,
 * and only then is the replaced file removed. The paid file is not replaced here: it is versioned
 * (product-file-versions.ts), and no version's file is ever deleted automatically.
 */
import { randomBytes } from 'node:crypto'
import { extname } from 'node:path'
import { Readable } from 'node:stream'
import { eq, sql } from 'drizzle-orm'
import { IMAGE_WIDTHS, type ProductMetadata } from '../../shared/product-view.ts'
import type { Database, Executor } from '../db/client.ts'
import { AppError, notFound } from '../http/errors.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { PRODUCT_ADMIN_MESSAGES as MESSAGES } from '../../shared/contract/admin-products.ts'
import { isUuid } from '../../shared/ids.ts'
import { productFileVersions, products } from './catalog.schema.ts'
import { CoverFormatError, renderCoverSizes } from './cover-image.ts'

const MEDIA_PREFIX = '/media/'

/** What the owner's screens show of a product's files. */
export interface ProductMediaState {
  file: { name: string; size: number; sha256: string | null } | null
  coverUrl: string | null
  previewUrl: string | null
  previewPeaks: number[] | null
}

export type MediaChange = { before: Record<string, unknown>; after: Record<string, unknown> }
export type MediaAudit = (tx: Executor, productId: string, change: MediaChange) => Promise<void>

export interface ProductMediaDeps {
  db: Database
  /** Paid files, served only through download grants. */
  files: FileStorage
  /** Public media: covers and previews, served under /media/. */
  media: FileStorage
  /** MAX_UPLOAD_BYTES: the largest product file. */
  maxFileBytes: number
}

/** A file name safe in a storage key and a URL, keeping its extension (the download's name ends with it). */
export function storageFileName(fileName: string): string {
  const extension = extname(fileName)
    .toLowerCase()
    .replace(/[^a-z0-9.]/g, '')
    .slice(0, 12)
  const stem = fileName
    .slice(0, fileName.length - extname(fileName).length)
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|-+$/g, '')
    .slice(0, 80)
  return `${stem || 'file'}${extension}`
}

/** A short random tag, so a replaced file never shares a URL (or a cached copy) with its successor. */
export const freshTag = () => randomBytes(4).toString('hex')

/** Where an uploaded cover's sizes are kept (`<base>-<width>.webp`): a name made new for each upload. */
const uploadedCoverBase = (productId: string) => `products/${productId}/cover-${freshTag()}`
/** Where an uploaded preview is kept: a name made new for each upload. */
const uploadedPreviewKey = (productId: string) => `products/${productId}/preview-${freshTag()}.mp3`
const UPLOADED_MEDIA = /(^|\/)products\/[0-9a-f-]{36}\/(cover|preview)-[0-9a-f]{8}(-\d+\.webp|\.mp3)$/

/** Whether a media key (or a file path ending in one) is an uploaded cover or preview: the bytes at such a name never change. */
export const isUploadedMediaKey = (key: string) => UPLOADED_MEDIA.test(key)

/** The storage key of a /media/ URL this store uploaded for the product; null for demo art and outside URLs, which are never deleted. */
function ownedMediaKey(url: string | null | undefined, productId: string): string | null {
  if (!url?.startsWith(`${MEDIA_PREFIX}products/${productId}/`)) return null
  return url.slice(MEDIA_PREFIX.length)
}

export function mediaStateOf(row: typeof products.$inferSelect): ProductMediaState {
  const metadata = row.metadata ?? {}
  return {
    file: row.fileUrl
      ? {
          name: row.fileUrl
            .split('/')
            .at(-1)!
            .replace(/^[0-9a-f]{8}-/, ''),
          size: row.fileSize,
          sha256: row.fileSha256,
        }
      : null,
    coverUrl: row.imageUrl,
    previewUrl: typeof metadata.audioPreview === 'string' ? metadata.audioPreview : null,
    previewPeaks: row.previewPeaks,
  }
}

export function createProductMedia({ db, files, media }: ProductMediaDeps) {
  async function lockProduct(tx: Executor, productId: string) {
    const [row] = isUuid(productId) ? await tx.select().from(products).where(eq(products.id, productId)).for('update') : []
    if (!row) throw notFound(MESSAGES.notFound)
    return row
  }

  async function assertProduct(productId: string): Promise<void> {
    const [row] = isUuid(productId) ? await db.select({ id: products.id }).from(products).where(eq(products.id, productId)) : []
    if (!row) throw notFound(MESSAGES.notFound)
  }

  /** Stores under new keys, then swaps the row; a failed swap removes what was stored. */
  async function swap(stored: { storage: FileStorage; keys: string[] }, update: (tx: Executor) => Promise<string[]>): Promise<void> {
    let replaced: string[]
    try {
      replaced = await db.transaction(update)
    } catch (error) {
      await Promise.all(stored.keys.map((key) => stored.storage.delete(key)))
      throw error
    }
    // The old bytes go only after the row points elsewhere; a failure here leaves an orphan, never a broken product.
    await Promise.allSettled(replaced.filter((key) => !stored.keys.includes(key)).map((key) => stored.storage.delete(key)))
  }

  return {
    /**
     * Removes a product nobody bought, with the files this store holds for it: what an owner CLI
     * command undoes when a product it was adding could not take its files. A sold product is
     * refused by the order items that point at it.
     */
    async discardUnsoldProduct(productId: string): Promise<void> {
      if (!isUuid(productId)) return
      const versionKeys = (
        await db.select({ key: productFileVersions.storageKey }).from(productFileVersions).where(eq(productFileVersions.productId, productId))
      ).map((row) => row.key)
      const [removed] = await db.delete(products).where(eq(products.id, productId)).returning()
      if (!removed) return
      const cover = ownedMediaKey(removed.imageUrl, productId)
      const preview = ownedMediaKey(removed.metadata?.audioPreview as string | undefined, productId)
      const fileKeys = new Set([...versionKeys, ...(removed.fileUrl ? [removed.fileUrl] : [])].filter((key) => key.startsWith(`products/${productId}/`)))
      await Promise.allSettled([
        ...[...fileKeys].map((key) => files.delete(key)),
        ...(cover ? IMAGE_WIDTHS.map((width) => media.delete(cover.replace(/-640\.webp$/, `-${width}.webp`))) : []),
        ...(preview ? [media.delete(preview)] : []),
      ])
    },

    /** Makes the cover's WebP sizes and makes it the product's first image. */
    async replaceCover(productId: string, path: string, audit: MediaAudit): Promise<ProductMediaState> {
      await assertProduct(productId)
      let sizes
      try {
        sizes = await renderCoverSizes(path)
      } catch (error) {
        if (error instanceof CoverFormatError) throw new AppError(400, 'INVALID_IMAGE', error.message)
        throw error
      }
      const base = uploadedCoverBase(productId)
      const keys = sizes.map(({ width }) => `${base}-${width}.webp`)
      await Promise.all(sizes.map(({ bytes }, index) => media.put(keys[index]!, Readable.from([bytes]))))
      const url = `${MEDIA_PREFIX}${base}-640.webp`
      let state: ProductMediaState | null = null
      await swap({ storage: media, keys }, async (tx) => {
        const current = await lockProduct(tx, productId)
        const metadata: ProductMetadata = { ...(current.metadata ?? {}) }
        metadata.images = [url, ...(metadata.images ?? []).filter((image) => image !== current.imageUrl)]
        const [saved] = await tx
          .update(products)
          .set({ imageUrl: url, metadata, updatedAt: sql`now()` })
          .where(eq(products.id, productId))
          .returning()
        state = mediaStateOf(saved!)
        await audit(tx, productId, { before: { cover: current.imageUrl }, after: { cover: url } })
        const old = ownedMediaKey(current.imageUrl, productId)
        return old ? IMAGE_WIDTHS.map((width) => old.replace(/-640\.webp$/, `-${width}.webp`)) : []
      })
      return state!
    },

    /** Encodes the preview as MP3 with its waveform and makes it the product's preview. */
    async replacePreview(productId: string, path: string, audit: MediaAudit): Promise<ProductMediaState> {
      await assertProduct(productId)
      const key = uploadedPreviewKey(productId)
      let peaks: number[]
      // The decoders and the MP3 encoder load with the first preview an owner uploads, not with every start.
      const { transcodePreview, PreviewFormatError } = await import('./audio-preview.ts')
      try {
        const preview = await transcodePreview(path)
        await media.put(key, preview.mp3)
        peaks = preview.peaks()
      } catch (error) {
        await media.delete(key)
        if (error instanceof PreviewFormatError) throw new AppError(400, 'INVALID_AUDIO', error.message)
        throw error
      }
      const url = `${MEDIA_PREFIX}${key}`
      let state: ProductMediaState | null = null
      await swap({ storage: media, keys: [key] }, async (tx) => {
        const current = await lockProduct(tx, productId)
        const metadata: ProductMetadata = { ...(current.metadata ?? {}), audioPreview: url }
        const [saved] = await tx
          .update(products)
          .set({ metadata, previewPeaks: peaks, updatedAt: sql`now()` })
          .where(eq(products.id, productId))
          .returning()
        state = mediaStateOf(saved!)
        await audit(tx, productId, { before: { preview: current.metadata?.audioPreview ?? null }, after: { preview: url } })
        const old = ownedMediaKey(current.metadata?.audioPreview as string | undefined, productId)
        return old ? [old] : []
      })
      return state!
    },
  }
}
