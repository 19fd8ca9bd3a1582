/**
 * The filter panel's options and counts. A facet's counts apply every filter but its own, so
 * picking a second genre shows what it would add. Per request this is one query over the rows
 * that can count: those failing at most one of the request's filters (a row failing two is in
 * no count), found through the filter columns' indexes. What does not depend on the filters
 * (which genres, keys and types exist in the scope, and the counts of a facet when it is the
 * only filter) comes from the scope's own counts, made once per scope and kept by the caller.
 */
import { and, eq, or, sql, type SQL } from 'drizzle-orm'
import type { CatalogFacets, FacetOption } from '../../../shared/contract/catalog-filters.ts'
import { MUSIC_KEYS } from '../../../shared/music-keys.ts'
import type { Database } from '../../db/client.ts'
import type { Remember } from '../../catalog/catalog-search.ts'
import { categories, products } from '../../catalog/catalog.schema.ts'
import { rowsOf, textArray } from '../../catalog/raw-sql.ts'
import { conditionsExcept, type FacetDimension, type ProductFilterSql } from './product-filters.ts'

/** Tags offered in the filter panel: the most used among the products that can count (and any the shopper picked). */
export const FACET_TAG_COUNT = 30

const makeEveryTime: Remember = (_key, make) => make()

interface FacetRow {
  facet: 'genre' | 'key' | 'type' | 'tag' | 'bpm' | 'price' | 'onSale'
  value: string | null
  count: number
  low: number | null
  high: number | null
}

export const byName = (a: FacetOption, b: FacetOption) => a.value.localeCompare(b.value)
/** Each key's place round the Camelot wheel (1A, 1B, 2A … 12B); a value that is no key comes first. */
const CAMELOT_ORDER = new Map(
  MUSIC_KEYS.map((key) => ({ id: key.id, number: Number.parseInt(key.camelot, 10), letter: key.camelot.slice(-1) }))
    .sort((a, b) => a.number - b.number || a.letter.localeCompare(b.letter))
    .map((key, place) => [key.id, place]),
)
export const byCamelot = (a: FacetOption, b: FacetOption) => (CAMELOT_ORDER.get(a.value) ?? -1) - (CAMELOT_ORDER.get(b.value) ?? -1)

/**
 * Counts over the rows `where` keeps, each facet under every filter but its own. One query; the
 * rows are read once. The price range and "On sale" count the prices the running sales make, as the filters do.
 */
async function countRows(db: Database, filters: ProductFilterSql, where: SQL, selectedTags: readonly string[]): Promise<CatalogFacets> {
  const counted = (dimension: FacetDimension) => conditionsExcept(filters, dimension)
  const rows = await rowsOf<FacetRow>(
    db,
    sql`with scoped as materialized (
      select ${products.genre} as genre, ${products.musicKey} as music_key, ${products.soundTypes} as sound_types, ${products.tags} as tags,
        ${products.bpm} as bpm, ${filters.prices.paid} as price_cents, ${filters.prices.onSale} as on_sale,
        ${counted('genre')} as for_genre, ${counted('key')} as for_key, ${counted('type')} as for_type, ${counted('tag')} as for_tag,
        ${counted('bpm')} as for_bpm, ${counted('price')} as for_price, ${counted('onSale')} as for_on_sale
      from ${products} left join ${categories} on ${eq(products.categoryId, categories.id)}
      where ${where}
    )
    select 'genre' as facet, genre as value, (count(*) filter (where for_genre))::int as count, null::float8 as low, null::float8 as high from scoped where genre is not null group by genre
    union all select 'key', music_key, (count(*) filter (where for_key))::int, null, null from scoped where music_key is not null group by music_key
    union all select 'type', type, (count(*) filter (where for_type))::int, null, null from scoped cross join unnest(sound_types) as type group by type
    union all (
      select 'tag', tag, (count(*) filter (where for_tag))::int, null, null from scoped cross join unnest(tags) as tag group by tag
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
  return {
    genre: options('genre').sort(byName),
    key: options('key').sort(byCamelot),
    type: options('type'),
    tag: options('tag'),
    bpm: range('bpm'),
    price: range('price'),
    onSale: Number(rows.find((row) => row.facet === 'onSale')?.count ?? 0),
  }
}

/** Every option of the scope, counted as the narrowed rows count it (0 when none of them has it). */
function recount(scopeOptions: FacetOption[], narrowed: FacetOption[]): FacetOption[] {
  const counts = new Map(narrowed.map((option) => [option.value, option.count]))
  return scopeOptions.map((option) => ({ value: option.value, count: counts.get(option.value) ?? 0 }))
}

/**
 * The facets of a list. `scopeKey` names its scope (category and searches); `remember` keeps the
 * scope's own counts between requests.
 */
export async function facetCounts(
  db: Database,
  filters: ProductFilterSql,
  selectedTags: readonly string[],
  scopeKey: string,
  remember: Remember = makeEveryTime,
): Promise<CatalogFacets> {
  const scope = await remember(`facet-scope:${scopeKey}`, () => countRows(db, { ...filters, facets: {} }, and(...filters.scope)!, []))
  const active = Object.keys(filters.facets) as FacetDimension[]
  if (active.length === 0) return scope
  // The only filter's own counts are the scope's; every other facet counts the rows it keeps.
  const sole = active.length === 1 ? active[0]! : null
  const canCount = sole ? filters.facets[sole]! : or(...active.map((dimension) => conditionsExcept(filters, dimension)))!
  const narrowed = await countRows(db, filters, and(...filters.scope, canCount)!, selectedTags)
  return composeFacets(scope, narrowed, active, selectedTags)
}

/**
 * The facets of a list from its scope's counts (no filter applied) and the counts over the rows
 * that can count (with filters: those failing at most one; with one filter: those it keeps),
 * each facet counted under every filter but its own. The in-memory index composes them the same way.
 */
export function composeFacets(
  scope: CatalogFacets,
  narrowed: CatalogFacets,
  active: readonly FacetDimension[],
  selectedTags: readonly string[],
): CatalogFacets {
  if (active.length === 0) return scope
  const sole = active.length === 1 ? active[0]! : null
  const pick = <K extends keyof CatalogFacets>(dimension: FacetDimension, facet: K): CatalogFacets[K] => (sole === dimension ? scope[facet] : narrowed[facet])
  const selected = new Set(selectedTags.map((tag) => tag.toLowerCase()))
  return {
    genre: sole === 'genre' ? scope.genre : recount(scope.genre, narrowed.genre),
    key: sole === 'key' ? scope.key : recount(scope.key, narrowed.key),
    type: sole === 'type' ? scope.type : recount(scope.type, narrowed.type),
    // With tags the only filter, the rows kept are those with a picked tag: each picked tag's count there is its count in the scope.
    tag:
      sole === 'tag'
        ? [...narrowed.tag.filter((option) => selected.has(option.value)), ...scope.tag.filter((option) => !selected.has(option.value))].slice(
            0,
            FACET_TAG_COUNT,
          )
        : narrowed.tag,
    bpm: pick('bpm', 'bpm'),
    price: pick('price', 'price'),
    onSale: pick('onSale', 'onSale'),
  }
}
