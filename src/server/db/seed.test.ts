import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq, isNull } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it, inject } from 'vitest'
import type { DemoCatalog } from '../../demo-catalog/generate.ts'
import { DEMO_PROMO_CODES } from '../../demo-catalog/promo-codes.ts'
import { backfillPreviewPeaks } from '../catalog/preview-peaks.ts'
import { createLocalFileStorage } from '../storage/local-file-storage.ts'
import { loadConfig } from '../config.ts'
import { dataPaths } from '../paths.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { categories, products, promoCodes, seedLog } from './schema.ts'
import { DEMO_CATALOG_SEED_KEY, promoSeedKey, seedDemoCatalog, type SeedOptions } from './seed.ts'

const ALL_KEYS = [DEMO_CATALOG_SEED_KEY, ...DEMO_PROMO_CODES.map((promo) => promoSeedKey(promo.code))].sort()

// The template's catalog, generated once by the global setup: seeding here reuses its files.
const catalog = JSON.parse(readFileSync(join(inject('templateDataDir'), 'catalog.json'), 'utf8')) as DemoCatalog

let t: TestApp
let generated: string[]
const seed = (options: SeedOptions = {}) =>
  seedDemoCatalog(t.database, t.dataDir, {
    generate: async (dataDir) => {
      generated.push(dataDir)
      return catalog
    },
    ...options,
  })

const counts = async () => ({
  categories: (await t.database.db.select().from(categories)).length,
  products: (await t.database.db.select().from(products)).length,
  promoCodes: (await t.database.db.select().from(promoCodes)).length,
})
const loggedKeys = async () => (await t.database.db.select({ key: seedLog.key }).from(seedLog)).map((row) => row.key).sort()

/** Empties what the seed fills, as on a database that was just migrated. */
async function makeFresh(): Promise<void> {
  const { db } = t.database
  await db.delete(seedLog)
  await db.delete(promoCodes)
  await db.delete(products)
  await db.delete(categories)
}

beforeEach(async () => {
  t = await createTestApp()
  generated = []
})
afterEach(async () => t?.close())

describe('seedDemoCatalog', () => {
  it('gives a fresh database the whole demo, and records each item in the seed log', async () => {
    await makeFresh()
    const result = await seed()
    expect(result).toEqual({ seeded: true, categories: 5, products: 30, promoCodes: DEMO_PROMO_CODES.map((promo) => promo.code) })
    expect(generated).toEqual([t.dataDir])
    expect(await counts()).toEqual({ categories: 5, products: 30, promoCodes: 4 })
    expect(await loggedKeys()).toEqual(ALL_KEYS)
    const codes = await t.database.db.select({ code: promoCodes.code, percentOff: promoCodes.percentOff }).from(promoCodes)
    expect(codes.sort((a, b) => a.code.localeCompare(b.code))).toEqual([...DEMO_PROMO_CODES].sort((a, b) => a.code.localeCompare(b.code)))

    // Products arrive without waveforms; the start-up backfill computes every one.
    expect(await t.database.db.select().from(products).where(isNull(products.previewPeaks))).toHaveLength(30)
    const peaks = await backfillPreviewPeaks(t.database.db, createLocalFileStorage(dataPaths(t.dataDir).media))
    expect(peaks).toEqual({ updated: 30, failed: [] })
    for (const product of await t.database.db.select().from(products)) expect(product.previewPeaks?.length).toBeGreaterThan(10)

    expect(await seed()).toEqual({ seeded: false, categories: 0, products: 0, promoCodes: [] })
    expect(generated).toHaveLength(1)
    expect(await counts()).toEqual({ categories: 5, products: 30, promoCodes: 4 })
  })

  it('never brings back a demo promo code the owner deleted, nor undoes an edit', async () => {
    await t.database.db.delete(promoCodes).where(eq(promoCodes.code, 'LAUNCH'))
    await t.database.db.update(promoCodes).set({ percentOff: 50 }).where(eq(promoCodes.code, 'SAVE20'))
    expect(await seed()).toEqual({ seeded: false, categories: 0, products: 0, promoCodes: [] })
    await seed()
    const rows = await t.database.db.select().from(promoCodes)
    expect(rows.map((row) => row.code).sort()).toEqual(['SAVE20', 'SPECIAL25', 'WELCOME10'])
    expect(rows.find((row) => row.code === 'SAVE20')?.percentOff).toBe(50)
  })

  it('creates nothing once the owner has deleted every product and category', async () => {
    await t.database.db.delete(products)
    await t.database.db.delete(categories)
    expect((await seed()).seeded).toBe(false)
    expect(generated).toEqual([])
    expect(await counts()).toEqual({ categories: 0, products: 0, promoCodes: 4 })
  })

  it('seeds nothing when SEED_DEMO is off, as it is by default in production', async () => {
    await makeFresh()
    const production = loadConfig({
      DATA_DIR: t.dataDir,
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://mail.example.com:587',
      PAYMENTS_PROVIDER: 'builtin',
    })
    expect(await seed({ enabled: production.seedDemo })).toEqual({ seeded: false, categories: 0, products: 0, promoCodes: [] })
    expect(await seed({ enabled: loadConfig({ DATA_DIR: t.dataDir, SEED_DEMO: 'false' }).seedDemo })).toMatchObject({ seeded: false })
    expect(generated).toEqual([])
    expect(await counts()).toEqual({ categories: 0, products: 0, promoCodes: 0 })
    expect(await loggedKeys()).toEqual([])

    // Turned on later, on a store still empty, it seeds the demo then.
    expect(
      (
        await seed({
          enabled: loadConfig({
            DATA_DIR: t.dataDir,
            NODE_ENV: 'production',
            AUTH_SECRET: 'x'.repeat(40),
            SMTP_URL: 'smtp://m.example.com',
            SEED_DEMO: 'true',
            PAYMENTS_PROVIDER: 'builtin',
          }).seedDemo,
        })
      ).seeded,
    ).toBe(true)
    expect(await counts()).toEqual({ categories: 5, products: 30, promoCodes: 4 })
  })

  it('treats a database seeded before the seed log as seeded: records every demo item, creates nothing', async () => {
    await t.database.db.delete(seedLog)
    await t.database.db.delete(promoCodes).where(eq(promoCodes.code, 'WELCOME10'))
    expect(await seed()).toEqual({ seeded: false, categories: 0, products: 0, promoCodes: [] })
    expect(generated).toEqual([])
    expect(await loggedKeys()).toEqual(ALL_KEYS)
    expect(await counts()).toEqual({ categories: 5, products: 30, promoCodes: 3 })

    // The owner's later deletions hold too.
    await t.database.db.delete(categories)
    await t.database.db.delete(products)
    await t.database.db.delete(promoCodes)
    await seed()
    expect(await counts()).toEqual({ categories: 0, products: 0, promoCodes: 0 })
  })

  it('seeds once when several processes start together', async () => {
    await makeFresh()
    const results = await Promise.all([seed(), seed(), seed()])
    expect(results.filter((result) => result.seeded)).toHaveLength(1)
    expect(results.flatMap((result) => result.promoCodes)).toHaveLength(4)
    expect(generated).toHaveLength(1)
    expect(await counts()).toEqual({ categories: 5, products: 30, promoCodes: 4 })
  })
})
