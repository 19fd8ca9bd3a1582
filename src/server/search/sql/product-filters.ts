/**
 * The product list's filters as SQL over the products table (joined to categories): the scope
 * every filter shares (active, category, search) and one condition per facet, kept apart so the
 * facet counts can apply every filter but a facet's own. Each condition is served by an index
 * of the discovery columns (see src/server/catalog/catalog.schema.ts). The SQL engine
 * (sql-search.ts) reads them; the in-memory index applies the same rules (memory/index-query.ts).
 */
import { and, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm'
import type { ProductListParams } from '../../catalog/catalog.types.ts'
import { categories, categorySlugRedirects, products } from '../../catalog/catalog.schema.ts'
import type { SalePricing } from '../../catalog/product-view.ts'
import { textArray } from '../../catalog/raw-sql.ts'
import { salePriceSqlOf, type SalePriceSql } from './sale-prices.ts'

export const FACET_DIMENSIONS = ['genre', 'key', 'type', 'tag', 'bpm', 'price', 'onSale'] as const
export type FacetDimension = (typeof FACET_DIMENSIONS)[number]

/** A ranked full-text search: its tsquery (every word, as a prefix) and the text for trigram matching. */
export interface SearchTerms {
  text: string
  tsquery: SQL
}

/** Words of a search, letters and digits only (so they are safe inside a tsquery), at most eight. */
export function searchTermsOf(q: string | undefined): SearchTerms | null {
  const text = q?.trim().toLowerCase() ?? ''
  const words = text.match(/[\p{L}\p{N}]+/gu)?.slice(0, 8) ?? []
  if (words.length === 0) return null
  return { text: words.join(' '), tsquery: sql`to_tsquery('english', ${words.map((word) => `${word}:*`).join(' & ')})` }
}

/** `%term%` for ILIKE with the user's own % and _ taken literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

/**
 * Products whose words match (by stem or prefix) or whose spelling is close (trigrams). Each half
 * is served by its own index; written as one OR, the planner would compare every row instead.
 */
export function searchMatch(search: SearchTerms): SQL {
  return sql`${products.id} in (
    select ${products.id} from ${products} where ${products.searchVector} @@ ${search.tsquery}
    union select ${products.id} from ${products} where ${products.searchText} %> ${search.text})`
}

/** How well a product answers a search: its words' weighted rank plus how close its spelling is. */
export function searchRelevance(search: SearchTerms): SQL {
  return sql`ts_rank_cd(${products.searchVector}, ${search.tsquery}) + word_similarity(${search.text}, ${products.searchText})`
}

export interface ProductFilterSql {
  /** Active products of the category that match the search: what every facet counts within. */
  scope: SQL[]
  /** One condition per facet the request narrows by. */
  facets: Partial<Record<FacetDimension, SQL>>
  search: SearchTerms | null
  /** The price shoppers pay while the running sales run, and what is on sale: the price facet, "On sale" and the sorts read these. */
  prices: SalePriceSql
}

/** The request's conditions, with the price filter and "On sale" on the prices the running sales make at `pricing.now`. */
export function productFilterSql(params: ProductListParams, pricing: SalePricing): ProductFilterSql {
  const prices = salePriceSqlOf(pricing)
  const scope: SQL[] = [eq(products.isActive, true)]
  if (params.category) {
    // A slug the category had before still lists it.
    const moved = sql`${categories.id} = (select ${categorySlugRedirects.categoryId} from ${categorySlugRedirects} where ${categorySlugRedirects.slug} = ${params.category})`
    scope.push(or(eq(categories.slug, params.category), moved)!)
  }
  const substring = params.search?.trim()
  if (substring) {
    const pattern = containsPattern(substring)
    scope.push(sql`(${products.name} ilike ${pattern} or ${products.description} ilike ${pattern})`)
  }
  const search = searchTermsOf(params.q)
  // A word typed in full or begun matches by its stem; a misspelt one by its trigrams.
  if (search) scope.push(searchMatch(search))

  const facets: Partial<Record<FacetDimension, SQL>> = {}
  if (params.genre?.length)
    facets.genre = inArray(
      sql`lower(${products.genre})`,
      params.genre.map((genre) => genre.toLowerCase()),
    )
  if (params.keys.length) facets.key = inArray(products.musicKey, params.keys)
  if (params.type?.length) facets.type = sql`${products.soundTypes} && ${textArray(params.type)}`
  if (params.tag?.length) facets.tag = sql`${products.tags} && ${textArray(params.tag.map((tag) => tag.toLowerCase()))}`
  if (params.bpmMin !== undefined || params.bpmMax !== undefined) {
    facets.bpm = and(
      params.bpmMin !== undefined ? gte(products.bpm, params.bpmMin) : undefined,
      params.bpmMax !== undefined ? lte(products.bpm, params.bpmMax) : undefined,
    )!
  }
  if (params.priceMin !== undefined || params.priceMax !== undefined) {
    facets.price = and(
      params.priceMin !== undefined ? sql`${prices.paid} >= ${params.priceMin}` : undefined,
      params.priceMax !== undefined ? sql`${prices.paid} <= ${params.priceMax}` : undefined,
    )!
  }
  if (params.onSale) facets.onSale = prices.onSale
  return { scope, facets, search, prices }
}

/** Every condition of the request: its scope and all its facets. */
export function allConditions(filters: ProductFilterSql): SQL {
  return and(...filters.scope, ...Object.values(filters.facets))!
}

/** The facets' conditions except `dimension`'s own, as one boolean (true when there are none). */
export function conditionsExcept(filters: ProductFilterSql, dimension: FacetDimension): SQL {
  const others = Object.entries(filters.facets)
    .filter(([name]) => name !== dimension)
    .map(([, condition]) => condition)
  return others.length > 0 ? and(...others)! : sql`true`
}
