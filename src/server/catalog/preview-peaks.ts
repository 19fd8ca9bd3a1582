/**
 * Computes, once, the waveform peaks of every product whose local WAV preview has none yet
 * (demo products after seeding, and any product added later). Runs at start-up; reads stream the file.
 */
import { join } from 'node:path'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { products } from './catalog.schema.ts'
import { computeWavPeaks } from './waveform.ts'

export interface PeaksBackfillResult {
  updated: number
  failed: { productId: string; reason: string }[]
}

export async function backfillPreviewPeaks(db: Database, mediaDir: string): Promise<PeaksBackfillResult> {
  const missing = await db
    .select({ id: products.id, audioPreview: sql<string>`${products.metadata}->>'audioPreview'` })
    .from(products)
    .where(and(isNull(products.previewPeaks), sql`${products.metadata}->>'audioPreview' like '/media/%.wav'`))
  const result: PeaksBackfillResult = { updated: 0, failed: [] }
  for (const product of missing) {
    const relative = product.audioPreview.slice('/media/'.length)
    if (relative.split('/').includes('..')) {
      result.failed.push({ productId: product.id, reason: 'preview path leaves the media directory' })
      continue
    }
    try {
      const peaks = await computeWavPeaks(join(mediaDir, relative))
      await db.update(products).set({ previewPeaks: peaks }).where(and(eq(products.id, product.id), isNull(products.previewPeaks)))
      result.updated++
    } catch (error) {
      result.failed.push({ productId: product.id, reason: error instanceof Error ? error.message : String(error) })
    }
  }
  return result
}
