/**
 * Seeds the demo store: the demo catalog (its cover art, previews and product files generated
 * under DATA_DIR, then its categories and products) and the demo promo codes.
 *
 * Each item is created once. The seed log holds a key per item it has created (`demo-catalog`,
 * `promo:WELCOME10`, ...); an item is created only while its key is absent, and its key is
 * written in the same transaction. So a code or product the owner deletes or edits stays
 * deleted or edited, and deleting every category does not bring the demo back.
 *
 * The products go in without waveform peaks; the store computes them from the previews
 * (catalog's backfillPreviewPeaks, run after seeding).
 * On PostgreSQL an advisory lock keeps several starting processes from seeding twice.
 *
 * An entry point of its own: start-up imports this module (and with it the demo catalog's
 * modules) only when SEED_DEMO is on, and `owner demo seed` runs it on demand (seedDemoStore).
 */
import { createReadStream } from 'node:fs'
import { join } from 'node:path'
import { count, inArray, sql } from 'drizzle-orm'
import { generateApart } from '../../demo-catalog/generate-apart.ts'
import type { DemoCatalog } from '../../demo-catalog/generate.ts'
import { DEMO_PROMO_CODES } from '../../demo-catalog/promo-codes.ts'
import { IMAGE_WIDTHS } from '../../shared/product-view.ts'
import { discoveryColumnsOf } from '../catalog/discovery-columns.ts'
import type { AppConfig } from '../config.ts'
import { dataPaths, PROJECT_ROOT } from '../paths.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import type { DatabaseHandle, Executor } from './client.ts'
import { categories, productFileVersions, products, promoCodes, seedLog } from './schema.ts'

const SEED_LOCK_KEY = 4_242_001
const SIZED_IMAGE = /-(?:320|640|1024)\.webp$/
const DAY_MS = 24 * 60 * 60 * 1000
/** Who the demo products' file versions name as their uploader. */
const DEMO_UPLOADER = 'demo seed'

/** Seed-log key of the demo catalog as a whole (its categories and products). */
export const DEMO_CATALOG_SEED_KEY = 'demo-catalog'
/** Seed-log key of one demo promo code. */
export const promoSeedKey = (code: string): string => `promo:${code}`

export interface SeedResult {
  /** The demo catalog was created by this call. */
  seeded: boolean
  categories: number
  products: number
  /** Demo promo codes created by this call. */
  promoCodes: string[]
}

export interface SeedOptions {
  /** SEED_DEMO: when false nothing is read, generated or written. Default true. */
  enabled?: boolean
  now?: Date
  /** Makes the catalog's files; tests pass one that reuses files generated once. */
  generate?: (dataDir: string) => Promise<DemoCatalog>
  /**
   * Where the generated files go when they are not served from DATA_DIR (a bucket): called
   * before the products are written, under the seed's lock, so no process lists a demo product
   * whose files are not there yet.
   */
  publish?: (catalog: DemoCatalog, dataDir: string) => Promise<void>
}

/**
 * Generates the demo's files in a process of its own, whose memory ends with it: the store's first
 * start and `owner demo seed` seed with it (seedDemoStore). Built, that process runs tsc's output of
 * the generator (the store itself runs from a bundle, where the generator's code has no file of its own).
 */
const generateDemoApart = (dataDir: string) =>
  generateApart(dataDir, import.meta.url.endsWith('.ts') ? undefined : join(PROJECT_ROOT, 'dist/node/demo-catalog/generate-apart.js'))

/** The demo's generator (audio synthesis, cover art, archives) is loaded only by the start that seeds. */
async function generateDemoAssets(dataDir: string): Promise<DemoCatalog> {
  const { generateDemoAssets: generate } = await import('../../demo-catalog/generate.ts')
  return generate(dataDir)
}

const nothingSeeded = (): SeedResult => ({ seeded: false, categories: 0, products: 0, promoCodes: [] })

/**
 * Seeds the demo store into the store's own storages, as start-up does with SEED_DEMO on and as
 * `owner demo seed` does: the files generated in a process of their own, then copied into the
 * bucket when the store keeps its files in one.
 */
export function seedDemoStore(
  database: DatabaseHandle,
  config: Pick<AppConfig, 'dataDir' | 'storage'>,
  storages: { files: FileStorage; media: FileStorage },
): Promise<SeedResult> {
  return seedDemoCatalog(database, config.dataDir, {
    generate: generateDemoApart,
    ...(config.storage.kind === 's3' ? { publish: copyDemoFilesTo(storages) } : {}),
  })
}

/** What a seed created, in the lines the store's log and the owner CLI print (none when it created nothing). */
export function seededLines(seed: SeedResult): string[] {
  return [
    ...(seed.seeded ? [`Seeded the demo catalog: ${seed.categories} categories, ${seed.products} products`] : []),
    ...(seed.promoCodes.length > 0 ? [`Seeded the demo promo codes ${seed.promoCodes.join(', ')}`] : []),
  ]
}

export async function seedDemoCatalog(database: DatabaseHandle, dataDir: string, options: SeedOptions = {}): Promise<SeedResult> {
  const { enabled = true, now = new Date(), generate = generateDemoAssets, publish } = options
  if (!enabled) return nothingSeeded()
  // Every start after the first finds each item created: one read, and no write transaction.
  const keys = [DEMO_CATALOG_SEED_KEY, ...DEMO_PROMO_CODES.map((promo) => promoSeedKey(promo.code))]
  const logged = await database.db.select({ key: seedLog.key }).from(seedLog).where(inArray(seedLog.key, keys))
  if (logged.length === keys.length) return nothingSeeded()
  return database.db.transaction(async (tx) => {
    if (database.kind === 'postgres') await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`)
    if (await predatesSeedLog(tx)) {
      await record(tx, keys)
      return nothingSeeded()
    }

    const result = nothingSeeded()
    for (const promo of DEMO_PROMO_CODES) {
      if (!(await claim(tx, promoSeedKey(promo.code)))) continue
      // A code of the same name the owner made before the seed got to it is theirs: kept as is.
      await tx.insert(promoCodes).values({ code: promo.code, percentOff: promo.percentOff }).onConflictDoNothing({ target: promoCodes.code })
      result.promoCodes.push(promo.code)
    }
    if (await claim(tx, DEMO_CATALOG_SEED_KEY)) {
      const catalog = await generate(dataDir)
      await publish?.(catalog, dataDir)
      await insertCatalog(tx, catalog, now)
      Object.assign(result, { seeded: true, categories: catalog.categories.length, products: catalog.products.length })
    }
    return result
  })
}

/**
 * A database the store ran on before the seed log existed: the log is empty but the store
 * already holds categories, products or promo codes (the old seed added the demo promo codes
 * at every start, so any such database has some). Its demo was seeded then, and a demo code
 * missing from it was deleted by the owner, so every demo item counts as created.
 */
async function predatesSeedLog(tx: Executor): Promise<boolean> {
  const [logged] = await tx.select({ n: count() }).from(seedLog)
  if ((logged?.n ?? 0) > 0) return false
  for (const table of [categories, products, promoCodes]) {
    if ((await tx.select({ id: table.id }).from(table).limit(1)).length > 0) return true
  }
  return false
}

/** Writes the key unless present; true when this call wrote it (so the item is to be created now). */
async function claim(tx: Executor, key: string): Promise<boolean> {
  const written = await tx.insert(seedLog).values({ key }).onConflictDoNothing({ target: seedLog.key }).returning({ key: seedLog.key })
  return written.length > 0
}

async function record(tx: Executor, keys: string[]): Promise<void> {
  await tx
    .insert(seedLog)
    .values(keys.map((key) => ({ key })))
    .onConflictDoNothing({ target: seedLog.key })
}

/**
 * Copies the demo catalog's generated files from DATA_DIR into the store's storages (a bucket):
 * each product's file, and every cover, gallery image and preview its products name under /media.
 */
export function copyDemoFilesTo(storages: { files: FileStorage; media: FileStorage }): (catalog: DemoCatalog, dataDir: string) => Promise<void> {
  return async (catalog, dataDir) => {
    const paths = dataPaths(dataDir)
    const mediaKeys = new Set(
      catalog.products
        .flatMap((product) => [product.imageUrl, ...(product.metadata.images ?? []), product.metadata.audioPreview])
        .filter((url): url is string => typeof url === 'string' && url.startsWith('/media/'))
        // A cover is stored at every width the storefront's srcset names.
        .flatMap((url) => (SIZED_IMAGE.test(url) ? IMAGE_WIDTHS.map((width) => url.replace(SIZED_IMAGE, `-${width}.webp`)) : [url]))
        .map((url) => url.slice('/media/'.length)),
    )
    for (const product of catalog.products) await storages.files.put(product.fileUrl, createReadStream(join(paths.files, product.fileUrl)))
    for (const key of mediaKeys) await storages.media.put(key, createReadStream(join(paths.media, key)))
  }
}

async function insertCatalog(tx: Executor, catalog: DemoCatalog, now: Date): Promise<void> {
  const insertedCategories = await tx
    .insert(categories)
    .values(catalog.categories.map(({ name, slug, description }) => ({ name, slug, description })))
    .onConflictDoNothing({ target: categories.slug })
    .returning({ id: categories.id, slug: categories.slug })
  const categoryIds = new Map(insertedCategories.map((row) => [row.slug, row.id]))
  // A category of the same slug the owner made first keeps its row; demo products join it.
  const missing = catalog.categories.map((category) => category.slug).filter((slug) => !categoryIds.has(slug))
  if (missing.length > 0) {
    for (const row of await tx.select({ id: categories.id, slug: categories.slug }).from(categories).where(inArray(categories.slug, missing))) {
      categoryIds.set(row.slug, row.id)
    }
  }

  const inserted = await tx
    .insert(products)
    .values(
      catalog.products.map((product) => {
        const createdAt = new Date(now.getTime() - product.createdDaysAgo * DAY_MS)
        return {
          name: product.name,
          description: product.description,
          priceCents: product.priceCents,
          imageUrl: product.imageUrl,
          categoryId: categoryIds.get(product.categorySlug) ?? null,
          isActive: product.isActive,
          fileSize: product.fileSize,
          fileUrl: product.fileUrl,
          downloadLimit: product.downloadLimit,
          metadata: product.metadata,
          // Computed from the preview by the store (backfillPreviewPeaks), as for any product.
          previewPeaks: null,
          ...discoveryColumnsOf(product.metadata, product.priceCents),
          // Its file is version 1, published when the product was made (as migration 0014 records older products' files).
          liveFileVersion: product.fileUrl ? 1 : null,
          createdAt,
          updatedAt: createdAt,
        }
      }),
    )
    .returning({ id: products.id, fileUrl: products.fileUrl, fileSize: products.fileSize, fileSha256: products.fileSha256, createdAt: products.createdAt })
  const withFiles = inserted.filter((product) => product.fileUrl !== null)
  if (withFiles.length === 0) return
  await tx.insert(productFileVersions).values(
    withFiles.map((product) => ({
      productId: product.id,
      number: 1,
      storageKey: product.fileUrl!,
      fileName: product.fileUrl!.split('/').at(-1)!,
      size: product.fileSize,
      sha256: product.fileSha256,
      uploadedBy: DEMO_UPLOADER,
      uploadedAt: product.createdAt,
      publishedAt: product.createdAt,
    })),
  )
}
