import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { eq, inArray, not, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '../db/schema.ts'
import { dataPaths } from '../paths.ts'
import { createLocalFileStorage } from '../storage/local-file-storage.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { backfillCoverWidths, COVER_WIDTHS_MARKER } from './cover-backfill.ts'

let t: TestApp
const media = mkdtempSync(join(tmpdir(), 'als-cover-widths-'))
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
  rmSync(media, { recursive: true, force: true })
})

describe('backfillCoverWidths', () => {
  it('makes the widths a stored cover lacks from its largest one, reports an image with none, and runs once', async () => {
    const [cover, broken] = await t.database.db
      .select()
      .from(products)
      .where(sql`${products.imageUrl} like '/media/covers/%-640.webp'`)
      .limit(2)
    const url = cover!.imageUrl!
    const keyAt = (width: number) => url.slice('/media/'.length).replace(/-640\.webp$/, `-${width}.webp`)
    // A media storage made when the store had three widths, holding one product's cover.
    for (const width of [320, 640, 1024]) {
      mkdirSync(dirname(join(media, keyAt(width))), { recursive: true })
      copyFileSync(join(dataPaths(t.dataDir).media, keyAt(width)), join(media, keyAt(width)))
    }
    const db = t.database.db
    await db
      .update(products)
      .set({ metadata: { ...cover!.metadata, images: [url] } })
      .where(eq(products.id, cover!.id))
    await db.update(products).set({ imageUrl: '/media/covers/gone-1-640.webp', metadata: {} }).where(eq(products.id, broken!.id))
    await db
      .update(products)
      .set({ imageUrl: null, metadata: {} })
      .where(not(inArray(products.id, [cover!.id, broken!.id])))

    const result = await backfillCoverWidths(db, createLocalFileStorage(media))
    expect(result).toEqual({ ran: true, written: 2, failed: [{ image: '/media/covers/gone-1-640.webp', reason: 'no width of the image is stored' }] })
    for (const width of [480, 768]) {
      const made = await sharp(join(media, keyAt(width))).metadata()
      expect([made.format, made.width, made.height]).toEqual(['webp', width, width])
    }
    expect(existsSync(join(media, COVER_WIDTHS_MARKER))).toBe(true)
    expect(await backfillCoverWidths(db, createLocalFileStorage(media))).toEqual({ ran: false, written: 0, failed: [] })
  })
})
