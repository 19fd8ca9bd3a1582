/**
 * Finding products beyond a plain list: the filter panel's facet counts (one query, whatever the
 * number of options), the header's search suggestions, and "more like this" for a product page.
 */
import { and, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm'
import type { CatalogFacets, FacetOption } from '../../shared/contract/catalog-filters.ts'
import type { ProductListItem, SearchSuggestions } from '../../shared/contract/catalog.ts'
import { compatibleKeys, musicKeyById } from '../../shared/music-keys.ts'
import type { Database } from '../db/client.ts'
import { categories, products } from './catalog.schema.ts'
import { conditionsExcept, searchMatch, searchTermsOf, textArray, type FacetDimension, type ProductFilterSql } from './product-filters.ts'
import { toCategoryView, toProductListItem } from './product-view.ts'

/** Tags offered in the filter panel: the most used among the listed products (and any the shopper picked). */
const FACET_TAG_COUNT = 30
const SUGGESTED_PRODUCTS = 5
const SUGGESTED_CATEGORIES = 3
const SUGGESTED_TAGS = 5
/** "More like this" counts a tempo within this many BPM as close. */
const SIMILAR_BPM = 8

interface FacetRow {
  facet: 'genre' | 'key' | 'type' | 'tag' | 'bpm' | 'price' | 'onSale'
  value: string | null
  count: number
  low: number | null
  high: number | null
}

/** Rows of a raw query: node-postgres and PGlite both answer `{ rows }`. */
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

/**
 * Rows that can count anywhere: a row failing two of the request's facet filters is in no
 * facet's count. Tags, the costliest facet (every tag of every row), are counted over these alone.
 */
function reachable(filters: ProductFilterSql): SQL {
  const dimensions = Object.keys(filters.facets) as FacetDimension[]
  if (dimensions.length < 2) return sql`true`
  return or(...dimensions.map((dimension) => conditionsExcept(filters, dimension)))!
}

const categoryColumns = { id: categories.id, name: categories.name, slug: categories.slug, description: categories.description }

export function createProductDiscovery(db: Database) {
  return {
    /**
     * The filter panel's options among the products in scope (active, in the category, matching
     * the search), each counted under every other filter: one query that reads the scope once,
     * from an index holding just the facet columns (products_facets_idx). Genres, keys and types
     * list every value in scope, so one no product would match shows disabled; tags list the
     * most used that some product could still match.
     */
    async facetCounts(filters: ProductFilterSql, selectedTags: readonly string[] = []): Promise<CatalogFacets> {
      const counted = (dimension: Parameters<typeof conditionsExcept>[1]) => conditionsExcept(filters, dimension)
      const rows = await rowsOf<FacetRow>(
        db,
        sql`with scoped as materialized (
          select ${products.genre} as genre, ${products.musicKey} as music_key, ${products.soundTypes} as sound_types, ${products.tags} as tags,
            ${products.bpm} as bpm, ${products.priceCents} as price_cents, ${products.onSale} as on_sale,
            ${counted('genre')} as for_genre, ${counted('key')} as for_key, ${counted('type')} as for_type, ${counted('tag')} as for_tag,
            ${counted('bpm')} as for_bpm, ${counted('price')} as for_price, ${counted('onSale')} as for_on_sale, ${reachable(filters)} as reach
          from ${products} left join ${categories} on ${eq(products.categoryId, categories.id)}
          where ${and(...filters.scope)}
        )
        select 'genre' as facet, genre as value, (count(*) filter (where for_genre))::int as count, null::float8 as low, null::float8 as high from scoped where genre is not null group by genre
        union all select 'key', music_key, (count(*) filter (where for_key))::int, null, null from scoped where music_key is not null group by music_key
        union all select 'type', type, (count(*) filter (where for_type))::int, null, null from scoped cross join unnest(sound_types) as type group by type
        union all (
          select 'tag', tag, (count(*) filter (where for_tag))::int, null, null from scoped cross join unnest(tags) as tag where reach group by tag
          order by tag = any(${textArray(selectedTags.map((tag) => tag.toLowerCase()))}) desc, 3 desc, 2 limit ${FACET_TAG_COUNT}
        )
        union all select 'bpm', null, 0, (min(bpm) filter (where for_bpm))::float8, (max(bpm) filter (where for_bpm))::float8 from scoped
        union all select 'price', null, 0, (min(price_cents) filter (where for_price))::float8, (max(price_cents) filter (where for_price))::float8 from scoped
        union all select 'onSale', null, (count(*) filter (where on_sale and for_on_sale))::int, null, null from scoped`,
      )
      const options = (facet: FacetRow['facet']): FacetOption[] =>
        rows.filter((row) => row.facet === facet && row.value !== null).map((row) => ({ value: row.value!, count: Number(row.count) }))
      const range = (facet: 'bpm' | 'price') => {
        const row = rows.find((candidate) => candidate.facet === facet)
        return row && row.low !== null && row.high !== null ? { min: Number(row.low), max: Number(row.high) } : null
      }
      const byName = (a: FacetOption, b: FacetOption) => a.value.localeCompare(b.value)
      const keyOrder = (a: FacetOption, b: FacetOption) => (musicKeyById(a.value)?.camelot ?? '').localeCompare(musicKeyById(b.value)?.camelot ?? '', undefined, { numeric: true })
      return {
        genre: options('genre').sort(byName),
        key: options('key').sort(keyOrder),
        type: options('type'),
        tag: options('tag'),
        bpm: range('bpm'),
        price: range('price'),
        onSale: Number(rows.find((row) => row.facet === 'onSale')?.count ?? 0),
      }
    },

    /** What the header's search box offers for `q` (2 characters or more): products, categories and tags that match it. */
    async searchSuggestions(q: string): Promise<SearchSuggestions> {
      const search = searchTermsOf(q)
      if (!search) return { products: [], categories: [], tags: [] }
      const like = `${search.text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
      const relevance = sql`ts_rank_cd(${products.searchVector}, ${search.tsquery}) + word_similarity(${search.text}, ${products.searchText})`
      const [found, sections, tags] = await Promise.all([
        db
          .select({ id: products.id, name: products.name, imageUrl: products.imageUrl, categoryName: categories.name })
          .from(products)
          .leftJoin(categories, eq(products.categoryId, categories.id))
          .where(and(eq(products.isActive, true), searchMatch(search)))
          .orderBy(desc(relevance), desc(products.rating), products.id)
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
      return { products: found, categories: sections, tags: tags.map((row) => row.tag) }
    },

    /**
     * Other active products most like this one: the same genre counts most, then a key that
     * mixes with it and a tempo within 8 BPM, then the same category; ties go to the better rated.
     * Empty for an unknown product.
     */
    async relatedProducts(productId: string, limit: number): Promise<ProductListItem[]> {
      const [product] = await db.select({ genre: products.genre, musicKey: products.musicKey, bpm: products.bpm, categoryId: products.categoryId }).from(products).where(eq(products.id, productId))
      if (!product) return []
      const key = product.musicKey ? musicKeyById(product.musicKey) : null
      const compatible = key ? compatibleKeys(key).map((found) => found.id) : []
      const score = sql`(case when ${product.genre !== null} and lower(${products.genre}) = lower(${product.genre}) then 4 else 0 end)
        + (case when ${products.musicKey} = any(${textArray(compatible)}) then 2 else 0 end)
        + (case when ${product.bpm !== null} and abs(${products.bpm} - ${product.bpm ?? 0}) <= ${SIMILAR_BPM} then 2 else 0 end)
        + (case when ${products.categoryId} = ${product.categoryId} then 1 else 0 end)`
      const rows = await db
        .select({ product: products, category: categoryColumns })
        .from(products)
        .leftJoin(categories, eq(products.categoryId, categories.id))
        .where(and(eq(products.isActive, true), ne(products.id, productId)))
        .orderBy(desc(score), sql`${products.rating} desc nulls last`, desc(products.createdAt), products.id)
        .limit(limit)
      return rows.map((row) => toProductListItem(row.product, row.category?.id ? toCategoryView(row.category) : null))
    },
  }
}
