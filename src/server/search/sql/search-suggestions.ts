/**
 * What the header's search box offers, in SQL: the products the search matches (best first),
 * and the categories and tags that begin with it. Both engines answer with it: the in-memory
 * index keeps the list's fields, not the categories' names nor the tags' counts.
 */
import { and, desc, eq, sql } from 'drizzle-orm'
import type { SearchSuggestions } from '../../../shared/contract/catalog.ts'
import { categories, products } from '../../catalog/catalog.schema.ts'
import type { MediaUrl } from '../../catalog/product-view.ts'
import { rowsOf } from '../../catalog/raw-sql.ts'
import type { Database } from '../../db/client.ts'
import { searchMatch, searchRelevance, searchTermsOf } from './product-filters.ts'

const SUGGESTED_PRODUCTS = 5
const SUGGESTED_CATEGORIES = 3
const SUGGESTED_TAGS = 5

/** The suggestions for `q` (2 characters or more): products, categories and tags that match it; covers at the URLs of `mediaUrl`. */
export function searchSuggestionsIn(db: Database, mediaUrl: MediaUrl) {
  return async (q: string): Promise<SearchSuggestions> => {
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
  }
}
