/**
 * Seeds the demo catalog on first start: generates the cover art, previews and product files
 * under DATA_DIR, then inserts categories and products. Does nothing when categories exist,
 * except adding any missing seed promo code.
 * On PostgreSQL an advisory lock keeps several starting processes from seeding twice.
 */
import { count, sql } from 'drizzle-orm'
import type { DatabaseHandle } from './client.ts'
import { generateDemoAssets, type DemoCatalog } from './demo/generate.ts'
import { categories, products, promoCodes } from './schema.ts'

const SEED_LOCK_KEY = 4_242_001

/** The spec's promo codes (§9); inserted on every start, so databases seeded before them get them too. */
export const SEED_PROMO_CODES = [
  { code: 'WELCOME10', percentOff: 10 },
  { code: 'SAVE20', percentOff: 20 },
  { code: 'SPECIAL25', percentOff: 25 },
  { code: 'LAUNCH', percentOff: 15 },
] as const
const DAY_MS = 24 * 60 * 60 * 1000

export interface SeedResult {
  seeded: boolean
  categories: number
  products: number
}

export interface SeedOptions {
  now?: Date
  /** Makes the catalog's files; tests pass one that reuses files generated once. */
  generate?: (dataDir: string) => Promise<DemoCatalog>
}

export async function seedDemoCatalog(database: DatabaseHandle, dataDir: string, options: SeedOptions = {}): Promise<SeedResult> {
  const { db } = database
  const { now = new Date(), generate = generateDemoAssets } = options
  return db.transaction(async (tx) => {
    if (database.kind === 'postgres') await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`)
    await tx.insert(promoCodes).values([...SEED_PROMO_CODES]).onConflictDoNothing({ target: promoCodes.code })
    const [existing] = await tx.select({ n: count() }).from(categories)
    if ((existing?.n ?? 0) > 0) return { seeded: false, categories: existing!.n, products: 0 }

    const catalog = await generate(dataDir)
    const insertedCategories = await tx
      .insert(categories)
      .values(catalog.categories.map(({ name, slug, description }) => ({ name, slug, description })))
      .returning({ id: categories.id, slug: categories.slug })
    const categoryIds = new Map(insertedCategories.map((row) => [row.slug, row.id]))

    await tx.insert(products).values(
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
          previewPeaks: product.previewPeaks,
          rating: typeof product.metadata.rating === 'number' ? product.metadata.rating : null,
          createdAt,
          updatedAt: createdAt,
        }
      }),
    )
    return { seeded: true, categories: catalog.categories.length, products: catalog.products.length }
  })
}
