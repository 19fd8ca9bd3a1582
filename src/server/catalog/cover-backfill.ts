/**
 * Gives the covers and gallery images stored before IMAGE_WIDTHS grew (the demo's, the owner's
 * uploads) their missing widths: each is scaled from the largest width stored and written beside
 * it. Runs in the background after start-up, once per media storage: a marker named after the
 * widths records that the pass was made, so later starts (and the other processes sharing a
 * bucket) read nothing. Until a width exists, the storefront's image falls back to the 640 file.
 */
import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import { sql } from 'drizzle-orm'
import { IMAGE_WIDTHS, imageWidthUrls } from '../../shared/product-view.ts'
import type { Database } from '../db/client.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { checkStorageKey } from '../storage/file-storage.ts'
import { products } from './catalog.schema.ts'
import { scaleStoredCover } from './cover-image.ts'

const MEDIA_PREFIX = '/media/'
/** Written once every image has been looked at; its name changes with the widths. */
export const COVER_WIDTHS_MARKER = `cover-widths/${IMAGE_WIDTHS.join('-')}.json`

export interface CoverBackfillResult {
  /** False when an earlier start already made the pass. */
  ran: boolean
  written: number
  failed: { image: string; reason: string }[]
}

export async function backfillCoverWidths(db: Database, media: FileStorage): Promise<CoverBackfillResult> {
  const result: CoverBackfillResult = { ran: false, written: 0, failed: [] }
  if (await media.stat(COVER_WIDTHS_MARKER)) return result
  result.ran = true
  const rows = await db.select({ imageUrl: products.imageUrl, images: sql<unknown>`${products.metadata}->'images'` }).from(products)
  const images = new Set<string>()
  for (const row of rows) {
    for (const url of [row.imageUrl, ...(Array.isArray(row.images) ? row.images : [])]) {
      if (typeof url === 'string' && url.startsWith(MEDIA_PREFIX) && imageWidthUrls(url)) images.add(url)
    }
  }
  for (const image of images) {
    try {
      result.written += await fillMissingWidths(media, image)
    } catch (error) {
      result.failed.push({ image, reason: error instanceof Error ? error.message : String(error) })
    }
  }
  await media.put(COVER_WIDTHS_MARKER, Readable.from([JSON.stringify({ widths: IMAGE_WIDTHS, images: images.size, ...result })]))
  return result
}

/** Writes the widths the image lacks, scaled from the largest one it has; answers how many were written. */
async function fillMissingWidths(media: FileStorage, image: string): Promise<number> {
  const sizes = imageWidthUrls(image)!.map(({ width, url }) => ({ width, key: checkStorageKey(url.slice(MEDIA_PREFIX.length)) }))
  const stored = await Promise.all(sizes.map(async (size) => ({ ...size, present: (await media.stat(size.key)) !== null })))
  const missing = stored.filter((size) => !size.present)
  if (missing.length === 0) return 0
  const source = stored.findLast((size) => size.present)
  if (!source) throw new Error('no width of the image is stored')
  const scaled = await scaleStoredCover(
    await buffer(media.createReadStream(source.key)),
    missing.map((size) => size.width),
  )
  for (const [index, { bytes: webp }] of scaled.entries()) await media.put(missing[index]!.key, Readable.from([webp]))
  return scaled.length
}
