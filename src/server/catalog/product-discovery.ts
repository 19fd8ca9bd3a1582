/** Finding products beyond a plain list: the header's search suggestions, and "more like this" for a product page. */
import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm'
import type { ProductListItem, SearchSuggestions } from '../../shared/contract/catalog.ts'
import { compatibleKeys, musicKeyById } from '../../shared/music-keys.ts'
import type { Database } from '../db/client.ts'
import { categories, categoryViewColumns, products } from './catalog.schema.ts'
import { searchMatch, searchRelevance, searchTermsOf, textArray } from './product-filters.ts'
import { toJoinedListItem, type MediaUrl, type SalePricing } from './product-view.ts'

const SUGGESTED_PRODUCTS = 5
const SUGGESTED_CATEGORIES = 3
const SUGGESTED_TAGS = 5
/** "More like this" counts a tempo within this many BPM as close. */
const SIMILAR_BPM = 8

/** Rows of a raw query: node-postgres and PGlite both answer `{ rows }`. */
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

/** `pricingNow` answers the sales running now: the products found show the prices the catalog answers everywhere. */
export function createProductDiscovery(db: Database, mediaUrl: MediaUrl, pricingNow: () => Promise<SalePricing>) {
  return {
    /** What the header's search box offers for `q` (2 characters or more): products, categories and tags that match it. */
    async searchSuggestions(q: string): Promise<SearchSuggestions> {
      const search = searchTermsOf(q)
      if (!search) return { products: [], categories: [], tags: [] }
      const like = `${search.text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
      const [found, sections, tags] = await Promise.all([
        db
          .select({ id: products.id, name: products.name, imageUrl: products.imageUrl, categoryName: categories.name })
          .from(products)
          .leftJoin(categories, eq(products.categoryId, categories.id))
          .where(and(eq(products.isActive, true), searchMatch(search)))
          .orderBy(desc(searchRelevance(search)), desc(products.rating), products.id)
          .limit(SUGGESTED_PRODUCTS),
        db
          .select({ id: categories.id, name: categories.name, slug: categories.slug })
          .from(categories)
          .where(sql`lower(${categories.name}) like ${`%${like}`} or ${categories.slug} like ${`%${like}`}`)
          .orderBy(categories.position, categories.name)
          .limit(SUGGESTED_CATEGORIES),
        rowsOf<{ tag: string }>(
          db,
          sql`select tag from ${products} cross join unnest(${products.tags}) as tag
              where ${products.isActive} and tag like ${like}
              group by tag order by count(*) desc, tag limit ${SUGGESTED_TAGS}`,
        ),
      ])
      return {
        products: found.map((product) => ({ ...product, imageUrl: product.imageUrl && mediaUrl(product.imageUrl) })),
        categories: sections,
        tags: tags.map((row) => row.tag),
      }
    },

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
