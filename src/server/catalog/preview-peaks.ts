/**
 * Computes, once, the waveform peaks of every product whose WAV preview in media storage has
 * none yet (demo products after seeding, and any product added later). Runs at start-up; reads
 * stream the file from the media storage (local disk or the bucket), stopping once the peaks are known.
 */
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { checkStorageKey, StorageKeyError } from '../storage/file-storage.ts'
import { products } from './catalog.schema.ts'
import { wavPeaksOf } from './waveform.ts'

export interface PeaksBackfillResult {
  updated: number
  failed: { productId: string; reason: string }[]
}

export async function backfillPreviewPeaks(db: Database, media: FileStorage): Promise<PeaksBackfillResult> {
  const missing = await db
    .select({ id: products.id, audioPreview: sql<string>`${products.metadata}->>'audioPreview'` })
    .from(products)
    .where(and(isNull(products.previewPeaks), sql`${products.metadata}->>'audioPreview' like '/media/%.wav'`))
  const result: PeaksBackfillResult = { updated: 0, failed: [] }
  for (const product of missing) {
    try {
      const key = checkStorageKey(product.audioPreview.slice('/media/'.length))
      const info = await media.stat(key)
      if (!info) throw new Error(`the preview ${product.audioPreview} is not in media storage`)
      const peaks = await wavPeaksOf(media.createReadStream(key), info.size, product.audioPreview)
      await db
        .update(products)
        .set({ previewPeaks: peaks })
        .where(and(eq(products.id, product.id), isNull(products.previewPeaks)))
      result.updated++
    } catch (error) {
      const reason = error instanceof StorageKeyError ? 'preview path leaves the media directory' : error instanceof Error ? error.message : String(error)
      result.failed.push({ productId: product.id, reason })
    }
  }
  return result
}
