/**
 * The catalog's search in SQL on every request (CATALOG_SEARCH=sql, ADR 0013): each list is one
 * indexed query, its total a window count in the same query; the facet counts one query over the
 * rows that can count (facet-counts.ts); the suggestions three small queries. It reads the database
 * as it is at each answer, so it keeps nothing to invalidate. The fallback, and the oracle the
 * in-memory index is tested against (search/memory/catalog-index.test.ts).
 */
import { asc, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { CatalogSearch, ListedPage } from '../../catalog/catalog-search.ts'
import type { ProductListParams } from '../../catalog/catalog.types.ts'
import { categories, categoryViewColumns, products } from '../../catalog/catalog.schema.ts'
import { mediaUrlFor, toJoinedListItem, type SalePricing } from '../../catalog/product-view.ts'
import type { Database } from '../../db/client.ts'
import { LISTED_COLUMNS } from '../listed-columns.ts'
import { facetCounts } from './facet-counts.ts'
import { allConditions, productFilterSql, searchRelevance, searchTermsOf, type ProductFilterSql } from './product-filters.ts'
import { searchSuggestionsIn } from './search-suggestions.ts'

const SORT_COLUMNS = {
  created_at: products.createdAt,
  createdAt: products.createdAt,
  updated_at: products.updatedAt,
  updatedAt: products.updatedAt,
  name: products.name,
  rating: products.rating,
  bpm: products.bpm,
} as const

/** What a list's facets are counted within, whatever its filters: the category and the searches. */
function scopeKeyOf(params: ProductListParams): string {
  return JSON.stringify([params.category ?? null, params.search?.trim() || null, searchTermsOf(params.q)?.text ?? null])
}

/**
 * The list's order: relevance (how well name, tags, genre and description match, plus how close
 * the spelling is) when searching, else the column asked for. Products without a rating or a BPM
 * come last either way. Without a search, "relevance" is the newest first. Price is the price
 * shoppers pay now (a running sale's); discount is the saving as a share of the struck price,
 * the newest first among equal savings.
 */
function orderOf(params: ProductListParams, { search, prices }: ProductFilterSql): SQL[] {
  if (params.sortBy === 'relevance') {
    if (!search) return [desc(products.createdAt)]
    return [desc(searchRelevance(search)), desc(products.createdAt)]
  }
  const ascending = params.sortOrder === 'asc'
  if (params.sortBy === 'price') return [ascending ? asc(prices.paid) : desc(prices.paid)]
  if (params.sortBy === 'discount') return [ascending ? asc(prices.discountShare) : desc(prices.discountShare), desc(products.createdAt)]
  const column = SORT_COLUMNS[params.sortBy]
  if (params.sortBy === 'rating' || params.sortBy === 'bpm') return [sql`${column} ${ascending ? sql`asc` : sql`desc`} nulls last`]
  return [ascending ? asc(column) : desc(column)]
}

/** `mediaBaseUrl`: MEDIA_BASE_URL, where the items' covers and previews are handed out from instead of /media. */
export function createSqlSearch(db: Database, { mediaBaseUrl }: { mediaBaseUrl?: string | undefined } = {}): CatalogSearch {
  const mediaUrl = mediaUrlFor(mediaBaseUrl)

  /** One page of a list: the page on narrow rows (id, sort keys, the window count), then only its own rows read whole. */
  async function list(params: ProductListParams, pricing: SalePricing): Promise<ListedPage> {
    const filters = productFilterSql(params, pricing)
    const where = allConditions(filters)
    const page = db
      .select({ id: products.id, total: sql<number>`count(*) over()`.as('total') })
      .from(products)
      .leftJoin(categories, eq(products.categoryId, categories.id))
      .where(where)
      .orderBy(...orderOf(params, filters), asc(products.id))
      .limit(params.limit)
      .offset(params.offset)
      .as('page')
    const listing = db
      .select({ product: LISTED_COLUMNS, category: categoryViewColumns, total: sql<number>`${page.total}`.mapWith(Number) })
      .from(page)
      .innerJoin(products, eq(products.id, page.id))
      .leftJoin(categories, eq(products.categoryId, categories.id))
      .orderBy(...orderOf(params, filters), asc(products.id))
    const [rows, facets] = await Promise.all([listing, params.facets ? facetCounts(db, filters, params.tag ?? [], scopeKeyOf(params)) : undefined])
    let total = rows[0]?.total ?? 0
    if (rows.length === 0 && params.offset > 0) {
      // A page past the end still reports the total.
      const [counted] = await db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(products)
        .leftJoin(categories, eq(products.categoryId, categories.id))
        .where(where)
      total = counted?.total ?? 0
    }
    // Each row as lists show it, priced by the running sales.
    return { items: rows.map((row) => toJoinedListItem(row, mediaUrl, pricing)), total, facets }
  }

  return {
    list,
    facets: (params, pricing, remember) => facetCounts(db, productFilterSql(params, pricing), params.tag ?? [], scopeKeyOf(params), remember),
    suggestions: searchSuggestionsIn(db, mediaUrl),
    countsFacetsWithList: false,
  }
}
