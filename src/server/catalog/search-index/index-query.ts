/**
 * A product list answered from the in-memory index with the SQL path's rules (product-filters.ts,
 * facet-counts.ts, sale-prices.ts): the scope (active, category, substring, text search), one
 * condition per facet, each facet counted under every filter but its own, the same orders with
 * the product id breaking ties. Each product in scope gets one bit per facet it fails; the list is
 * the products failing none, and a facet counts those failing none but its own.
 */
import type { CatalogFacets, FacetOption } from '../../../shared/contract/catalog-filters.ts'
import { saleCovers, saleRunsAt, salePriceCents } from '../../../shared/sales.ts'
import type { ProductListParams } from '../catalog.service.ts'
import { byCamelot, byName, composeFacets, FACET_TAG_COUNT } from '../facet-counts.ts'
import { FACET_DIMENSIONS, type FacetDimension } from '../product-filters.ts'
import type { SalePricing } from '../product-view.ts'
import type { IndexCategories, IndexRows, TagRanks } from './index-rows.ts'
import { topK, type Compare } from './top-k.ts'

const BIT: Record<FacetDimension, number> = Object.fromEntries(FACET_DIMENSIONS.map((dimension, i) => [dimension, 1 << i])) as Record<FacetDimension, number>

export interface IndexSnapshot {
  rows: IndexRows
  categories: IndexCategories
  tagRanks: TagRanks
}

/** A request read against one snapshot: the rows in scope, what each fails, and the prices the running sales make. */
interface Selection {
  scope: Int32Array
  masks: Uint8Array
  active: FacetDimension[]
  paid: (row: number) => number
  onSale: (row: number) => boolean
  scores: Map<string, number> | null
}

/** The price paid now for each row, as salePriceSqlOf computes it: the best running sale's, for fixed-price products above 0. */
function pricesOf(rows: IndexRows, pricing: SalePricing): Pick<Selection, 'paid' | 'onSale'> {
  const running = pricing.sales.filter((sale) => saleRunsAt(sale, pricing.now))
  if (running.length === 0) return { paid: (row) => rows.priceCents[row]!, onSale: (row) => rows.onSale[row] === 1 }
  const paid = new Float64Array(rows.count)
  for (let row = 0; row < rows.count; row++) {
    const regular = rows.priceCents[row]!
    let best = regular
    if (rows.priceModels[row] === 'fixed' && regular > 0) {
      const product = { id: rows.ids[row]!, categoryId: rows.categoryIds[row]! }
      for (const sale of running) if (saleCovers(sale, product)) best = Math.min(best, salePriceCents(regular, sale))
    }
    paid[row] = best
  }
  return { paid: (row) => paid[row]!, onSale: (row) => rows.onSale[row] === 1 || paid[row]! < rows.priceCents[row]! }
}

const overlaps = (values: readonly string[], wanted: ReadonlySet<string>) => values.some((value) => wanted.has(value))

/** The rows in scope and, for each, the facets whose conditions it fails. */
export function select(snapshot: IndexSnapshot, params: ProductListParams, pricing: SalePricing, search: (q: string) => Map<string, number> | null): Selection {
  const { rows } = snapshot
  const prices = pricesOf(rows, pricing)
  const categoryIds = params.category ? (snapshot.categories.idsBySlug.get(params.category) ?? new Set<string>()) : null
  const substring = params.search?.trim().toLowerCase() || null
  const scores = params.q ? search(params.q) : null

  const genres = params.genre?.length ? new Set(params.genre.map((genre) => genre.toLowerCase())) : null
  const keys = params.keys.length ? new Set(params.keys) : null
  const types = params.type?.length ? new Set(params.type) : null
  const tags = params.tag?.length ? new Set(params.tag.map((tag) => tag.toLowerCase())) : null
  const bpm = params.bpmMin !== undefined || params.bpmMax !== undefined
  const price = params.priceMin !== undefined || params.priceMax !== undefined
  const active = FACET_DIMENSIONS.filter(
    (dimension) =>
      ({ genre: genres, key: keys, type: types, tag: tags, bpm: bpm || null, price: price || null, onSale: params.onSale || null })[dimension] !== null,
  )

  const scope: number[] = []
  const masks: number[] = []
  for (let row = 0; row < rows.count; row++) {
    if (categoryIds && !categoryIds.has(rows.categoryIds[row] ?? '')) continue
    if (substring && !rows.namesLower[row]!.includes(substring) && !rows.descriptionsLower[row]!.includes(substring)) continue
    if (scores && !scores.has(rows.ids[row]!)) continue
    let mask = 0
    if (genres && !genres.has(rows.genresLower[row] ?? '\u0000')) mask |= BIT.genre
    if (keys && !keys.has(rows.musicKeys[row] ?? '\u0000')) mask |= BIT.key
    if (types && !overlaps(rows.soundTypes[row]!, types)) mask |= BIT.type
    if (tags && !overlaps(rows.tags[row]!, tags)) mask |= BIT.tag
    if (bpm) {
      const value = rows.bpm[row]!
      // NaN (no BPM) fails every comparison, as NULL does in SQL.
      if (!((params.bpmMin === undefined || value >= params.bpmMin) && (params.bpmMax === undefined || value <= params.bpmMax))) mask |= BIT.bpm
    }
    if (price) {
      const value = prices.paid(row)
      if (!((params.priceMin === undefined || value >= params.priceMin) && (params.priceMax === undefined || value <= params.priceMax))) mask |= BIT.price
    }
    if (params.onSale && !prices.onSale(row)) mask |= BIT.onSale
    scope.push(row)
    masks.push(mask)
  }
  return { scope: Int32Array.from(scope), masks: Uint8Array.from(masks), active, ...prices, scores }
}

const byNumber = (a: number, b: number) => (a < b ? -1 : a > b ? 1 : 0)

/** The list's order (orderOf in catalog.service.ts), every order ending on the product id. */
function orderOf(snapshot: IndexSnapshot, params: ProductListParams, selection: Selection): Compare {
  const { rows } = snapshot
  const byId: Compare = (a, b) => (rows.ids[a]! < rows.ids[b]! ? -1 : rows.ids[a]! > rows.ids[b]! ? 1 : 0)
  const newestFirst: Compare = (a, b) => byNumber(rows.createdUs[b]!, rows.createdUs[a]!)
  const then =
    (...compares: Compare[]): Compare =>
    (a, b) => {
      for (const compare of compares) {
        const order = compare(a, b)
        if (order !== 0) return order
      }
      return 0
    }
  const direction = params.sortOrder === 'asc' ? 1 : -1
  const column =
    (values: ArrayLike<number>): Compare =>
    (a, b) =>
      direction * byNumber(values[a]!, values[b]!)
  // No rating or BPM comes last either way.
  const nullsLast =
    (values: Float64Array): Compare =>
    (a, b) => {
      const missingA = Number.isNaN(values[a]!)
      const missingB = Number.isNaN(values[b]!)
      if (missingA || missingB) return missingA === missingB ? 0 : missingA ? 1 : -1
      return direction * byNumber(values[a]!, values[b]!)
    }
  switch (params.sortBy) {
    case 'relevance': {
      const { scores } = selection
      if (!scores) return then(newestFirst, byId)
      return then((a, b) => byNumber(scores.get(rows.ids[b]!) ?? 0, scores.get(rows.ids[a]!) ?? 0), newestFirst, byId)
    }
    case 'price':
      return then((a, b) => direction * byNumber(selection.paid(a), selection.paid(b)), byId)
    case 'discount': {
      const share = (row: number) => {
        const compareAt = rows.compareAtCents[row]!
        const struck = Math.max(rows.priceCents[row]!, compareAt >= 0 ? compareAt : 0)
        return struck === 0 ? 0 : (struck - selection.paid(row)) / struck
      }
      return then((a, b) => direction * byNumber(share(a), share(b)), newestFirst, byId)
    }
    case 'rating':
      return then(nullsLast(rows.rating), byId)
    case 'bpm':
      return then(nullsLast(rows.bpm), byId)
    case 'name':
      return then(column(rows.nameRank), byId)
    case 'updated_at':
    case 'updatedAt':
      return then(column(rows.updatedUs), byId)
    default:
      return then(column(rows.createdUs), byId)
  }
}

/** One page of the list, in its order, and how many products the list has. */
export function pageOf(snapshot: IndexSnapshot, params: ProductListParams, selection: Selection): { ids: string[]; total: number } {
  const matching: number[] = []
  for (let i = 0; i < selection.scope.length; i++) if (selection.masks[i] === 0) matching.push(selection.scope[i]!)
  const ordered = topK(matching, params.offset + params.limit, orderOf(snapshot, params, selection))
  return { ids: ordered.slice(params.offset).map((row) => snapshot.rows.ids[row]!), total: matching.length }
}

const POPCOUNT_AT_MOST_ONE = (mask: number) => (mask & (mask - 1)) === 0

/** countRows of facet-counts.ts over the rows `keep` accepts: each facet counts the rows failing no condition but its own. */
function countRows(
  snapshot: IndexSnapshot,
  selection: Selection,
  keep: (mask: number) => boolean,
  withFilters: boolean,
  selectedTags: readonly string[],
): CatalogFacets {
  const { rows, tagRanks } = snapshot
  const genre = new Map<string, number>()
  const key = new Map<string, number>()
  const type = new Map<string, number>()
  const tag = new Map<string, number>()
  let bpm: { min: number; max: number } | null = null
  let price: { min: number; max: number } | null = null
  let onSale = 0
  const widen = (range: { min: number; max: number } | null, value: number) =>
    range ? { min: Math.min(range.min, value), max: Math.max(range.max, value) } : { min: value, max: value }
  const add = (counts: Map<string, number>, value: string, counted: boolean) => counts.set(value, (counts.get(value) ?? 0) + (counted ? 1 : 0))
  for (let i = 0; i < selection.scope.length; i++) {
    const mask = withFilters ? selection.masks[i]! : 0
    if (!keep(mask)) continue
    const row = selection.scope[i]!
    const passesBut = (dimension: FacetDimension) => (mask & ~BIT[dimension]) === 0
    const genreOf = rows.genres[row]
    if (genreOf !== null && genreOf !== undefined) add(genre, genreOf, passesBut('genre'))
    const keyOf = rows.musicKeys[row]
    if (keyOf !== null && keyOf !== undefined) add(key, keyOf, passesBut('key'))
    for (const value of rows.soundTypes[row]!) add(type, value, passesBut('type'))
    for (const value of rows.tags[row]!) add(tag, value, passesBut('tag'))
    const bpmOf = rows.bpm[row]!
    if (!Number.isNaN(bpmOf) && passesBut('bpm')) bpm = widen(bpm, bpmOf)
    if (passesBut('price')) price = widen(price, selection.paid(row))
    if (selection.onSale(row) && passesBut('onSale')) onSale++
  }
  const options = (counts: Map<string, number>): FacetOption[] => [...counts].map(([value, count]) => ({ value, count }))
  const selected = new Set(selectedTags.map((value) => value.toLowerCase()))
  const tags = options(tag)
    .sort(
      (a, b) =>
        Number(selected.has(b.value)) - Number(selected.has(a.value)) || b.count - a.count || (tagRanks.get(a.value) ?? 0) - (tagRanks.get(b.value) ?? 0),
    )
    .slice(0, FACET_TAG_COUNT)
  return { genre: options(genre).sort(byName), key: options(key).sort(byCamelot), type: options(type), tag: tags, bpm, price, onSale }
}

/** The filter panel's options and counts, as facetCounts composes them from the scope's counts and the rows that can count. */
export function facetsOf(snapshot: IndexSnapshot, params: ProductListParams, selection: Selection): CatalogFacets {
  const scope = countRows(snapshot, selection, () => true, false, [])
  const { active } = selection
  if (active.length === 0) return scope
  const selectedTags = params.tag ?? []
  // With one filter, the rows it keeps; with more, the rows failing at most one.
  const narrowed = countRows(snapshot, selection, active.length === 1 ? (mask) => mask === 0 : POPCOUNT_AT_MOST_ONE, true, selectedTags)
  return composeFacets(scope, narrowed, active, selectedTags)
}
