/** "More like this" for a product page: the active products closest to one by genre, key, tempo and category. */
import { and, desc, eq, ne, sql } from 'drizzle-orm'
import type { ProductListItem } from '../../shared/contract/catalog.ts'
import { compatibleKeys, musicKeyById } from '../../shared/music-keys.ts'
import type { Database } from '../db/client.ts'
import { categories, categoryViewColumns, products } from './catalog.schema.ts'
import { toJoinedListItem, type MediaUrl, type SalePricing } from './product-view.ts'
import { textArray } from './raw-sql.ts'

/** "More like this" counts a tempo within this many BPM as close. */
const SIMILAR_BPM = 8

/** `pricingNow` answers the sales running now: the products found show the prices the catalog answers everywhere. */
export function createProductDiscovery(db: Database, mediaUrl: MediaUrl, pricingNow: () => Promise<SalePricing>) {
  return {
    /**
     * Other active products most like this one: the same genre counts most, then a key that
     * mixes with it and a tempo within 8 BPM, then the same category; ties go to the better rated.
     * Empty for an unknown product.
     */
    async relatedProducts(productId: string, limit: number): Promise<ProductListItem[]> {
      const [product] = await db
        .select({ genre: products.genre, musicKey: products.musicKey, bpm: products.bpm, categoryId: products.categoryId })
        .from(products)
        .where(eq(products.id, productId))
      if (!product) return []
      const key = product.musicKey ? musicKeyById(product.musicKey) : null
      const compatible = key ? compatibleKeys(key).map((found) => found.id) : []
      const score = sql`(case when ${product.genre !== null} and lower(${products.genre}) = lower(${product.genre}) then 4 else 0 end)
        + (case when ${products.musicKey} = any(${textArray(compatible)}) then 2 else 0 end)
        + (case when ${product.bpm !== null} and abs(${products.bpm} - ${product.bpm ?? 0}) <= ${SIMILAR_BPM} then 2 else 0 end)
        + (case when ${products.categoryId} = ${product.categoryId} then 1 else 0 end)`
      const [pricing, rows] = await Promise.all([
        pricingNow(),
        db
          .select({ product: products, category: categoryViewColumns })
          .from(products)
          .leftJoin(categories, eq(products.categoryId, categories.id))
          .where(and(eq(products.isActive, true), ne(products.id, productId)))
          .orderBy(desc(score), sql`${products.rating} desc nulls last`, desc(products.createdAt), products.id)
          .limit(limit),
      ])
      return rows.map((row) => toJoinedListItem(row, mediaUrl, pricing))
    },
  }
}
