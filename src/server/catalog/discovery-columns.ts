/**
 * The columns shoppers filter by (BPM, key, genre, tags, sound types, on sale, rating) are copies
 * of what the product's metadata says, made on every write of a product so lists can filter
 * with indexes. Rows written before these columns existed, or by older rules, are derived again
 * at start-up in batches.
 */
import { and, asc, eq, gt, lt } from 'drizzle-orm'
import { SOUND_TYPE_IDS } from '../../shared/contract/catalog-filters.ts'
import { parseMusicKey } from '../../shared/music-keys.ts'
import type { ProductMetadata } from '../../shared/product-view.ts'
import type { Database } from '../db/client.ts'
import { categories, products } from './catalog.schema.ts'

/** Raised whenever the rules below change, so stored rows are derived again. */
export const DISCOVERY_VERSION = 1

/** Sound types of a product whose owner has not said, by the demo categories' slugs (used once, when the columns arrive). */
const TYPES_BY_CATEGORY: Record<string, string[]> = {
  'sample-packs': ['loops'],
  'midi-packs': ['midi'],
  instruments: ['instruments'],
  processors: ['presets'],
  tools: ['tools'],
}

export interface DiscoveryColumns {
  bpm: number | null
  musicKey: string | null
  genre: string | null
  tags: string[]
  soundTypes: string[]
  onSale: boolean
  rating: number | null
  discoveryVersion: number
}

/** The filter columns of a product with this metadata and price. */
export function discoveryColumnsOf(metadata: ProductMetadata, priceCents: number): DiscoveryColumns {
  const bpm = Number(metadata.bpm)
  const genre = typeof metadata.genre === 'string' ? metadata.genre.trim() : ''
  const tags = Array.isArray(metadata.tags)
    ? metadata.tags
        .filter((tag): tag is string => typeof tag === 'string')
        .map((tag) => tag.trim().toLowerCase())
        .filter(Boolean)
    : []
  const types = Array.isArray(metadata.types) ? metadata.types.filter((type): type is string => typeof type === 'string' && SOUND_TYPE_IDS.includes(type)) : []
  const originalPrice = typeof metadata.originalPrice === 'number' ? metadata.originalPrice : 0
  return {
    bpm: metadata.bpm !== undefined && metadata.bpm !== null && Number.isFinite(bpm) && bpm > 0 ? bpm : null,
    musicKey: typeof metadata.key === 'string' ? (parseMusicKey(metadata.key)?.id ?? null) : null,
    genre: genre || null,
    tags: [...new Set(tags)],
    soundTypes: [...new Set(types)],
    onSale: Boolean(metadata.isOnSale) || originalPrice > priceCents,
    rating: typeof metadata.rating === 'number' && Number.isFinite(metadata.rating) ? metadata.rating : null,
    discoveryVersion: DISCOVERY_VERSION,
  }
}

const BATCH = 500

/**
 * Derives the filter columns of every product stored by older rules, a batch at a time; a
 * product without sound types gets its category's usual ones. Answers how many it updated.
 */
export async function backfillDiscoveryColumns(db: Database): Promise<number> {
  let updated = 0
  let after = '00000000-0000-0000-0000-000000000000'
  for (;;) {
    const rows = await db
      .select({ id: products.id, metadata: products.metadata, priceCents: products.priceCents, categorySlug: categories.slug })
      .from(products)
      .leftJoin(categories, eq(products.categoryId, categories.id))
      .where(and(lt(products.discoveryVersion, DISCOVERY_VERSION), gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(BATCH)
    if (rows.length === 0) return updated
    await db.transaction(async (tx) => {
      for (const row of rows) {
        const metadata: ProductMetadata = { ...row.metadata }
        if (!Array.isArray(metadata.types) && row.categorySlug && TYPES_BY_CATEGORY[row.categorySlug]) metadata.types = TYPES_BY_CATEGORY[row.categorySlug]
        // Only rows still on older rules: a product saved meanwhile by the new code is left as saved.
        await tx
          .update(products)
          .set({ metadata, ...discoveryColumnsOf(metadata, row.priceCents) })
          .where(and(eq(products.id, row.id), lt(products.discoveryVersion, DISCOVERY_VERSION)))
      }
    })
    updated += rows.length
    after = rows[rows.length - 1]!.id
    if (rows.length < BATCH) return updated
  }
}
