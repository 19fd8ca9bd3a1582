import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '../db/schema.ts'
import { dataPaths } from '../paths.ts'
import { createLocalFileStorage } from '../storage/local-file-storage.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { backfillPreviewPeaks } from './preview-peaks.ts'
import { computeWavPeaks } from './waveform.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

describe('backfillPreviewPeaks', () => {
  it('computes peaks for a preview that has none, and leaves a broken one reported, not fatal', async () => {
    const [withPreview, other] = await t.database.db
      .select()
      .from(products)
      .where(sql`${products.metadata}->>'audioPreview' is not null`)
      .limit(2)
    await t.database.db.update(products).set({ previewPeaks: null }).where(eq(products.id, withPreview!.id))
    await t.database.db
      .update(products)
      .set({ previewPeaks: null, metadata: { ...other!.metadata, audioPreview: '/media/previews/missing.wav' } })
      .where(eq(products.id, other!.id))

    const media = dataPaths(t.dataDir).media
    const result = await backfillPreviewPeaks(t.database.db, createLocalFileStorage(media))
    expect(result.updated).toBe(1)
    expect(result.failed).toEqual([{ productId: other!.id, reason: 'the preview /media/previews/missing.wav is not in media storage' }])

    const [after] = await t.database.db.select().from(products).where(eq(products.id, withPreview!.id))
    const expected = await computeWavPeaks(`${media}/${withPreview!.metadata.audioPreview!.slice('/media/'.length)}`)
    expect(after!.previewPeaks).toEqual(expected)
    expect((await backfillPreviewPeaks(t.database.db, createLocalFileStorage(media))).updated).toBe(0)
  })
})
