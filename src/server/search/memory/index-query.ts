/**
 * A product list answered from the in-memory index with the SQL path's rules (sql/product-filters.ts,
 * facet-counts.ts, sale-prices.ts): the scope (active, category, substring, text search), one
 * condition per facet, each facet counted under every filter but its own, the same orders with
 * the product id breaking ties. A request is a few operations on bitsets (index-sets.ts): the
 * scope's rows, the rows each filter keeps, and their intersection, the list. Values are compared
 * as integer codes (index-rows.ts).
 */
import type { TypedFastBitSet } from 'typedfastbitset'
import type { CatalogFacets } from '../../../shared/contract/catalog-filters.ts'
import { saleCovers, saleRunsAt, salePriceCents } from '../../../shared/sales.ts'
import type { ProductListParams } from '../../catalog/catalog.types.ts'
import { FACET_DIMENSIONS, type FacetDimension } from '../sql/product-filters.ts'
import type { SalePricing } from '../../catalog/product-view.ts'
import type { IndexCategories, IndexRows, Vocabulary } from './index-rows.ts'
import { bpmRange, buildIndexSets, emptySet, rowsWhere, unionOf, type IndexSets } from './index-sets.ts'
import { topK, type Compare } from './top-k.ts'

/** A text search's matches: document numbers and their scores, and the row of each document number (-1: none). */
export interface SearchMatches {
  docs: ArrayLike<number>
  scores: ArrayLike<number>
  rowOfDocument: Int32Array
}

/** The products matching a text search; null without one. */
type TextSearch = (q: string) => SearchMatches | null

export interface IndexSnapshot {
  rows: IndexRows
  categories: IndexCategories
  /** The rows of each filter value; made by the first list that needs them. */
  sets: IndexSets | null
  /** Facet counts of a scope (no filter applied), by scope and running sales. */
  scopeFacets: Map<string, CatalogFacets>
  /** Prices paid under a set of running sales, by their ids. */
  salePrices: Map<string, Float64Array>
  /** Every row in the order of a sort that depends on the rows alone, by sort and direction, and each row's place in it. */
  orders: Map<string, { order: Int32Array; placeOf: Int32Array }>
  /** The row of each of the text engine's document numbers, for a version of its texts; made by the first search. */
  documentRows: { version: number; rowOfDocument: Int32Array } | null
}

/** A request read against one snapshot: the rows in scope, the rows each filter keeps, and the prices the running sales make. */
export interface Selection {
  /** The rows in scope (active, in the category, matching the searches). */
  scope: TypedFastBitSet
  /** The filters the request applies, and the rows (of the whole catalog) each keeps. */
  active: FacetDimension[]
  passes: TypedFastBitSet[]
  /** The list: the rows in scope that every filter keeps. */
  matches: TypedFastBitSet
  paid: ArrayLike<number>
  /** Relevance of each row to the text search; null without one. */
  scores: Float64Array | null
  /** Names the scope and the running sales, for the kept scope counts. */
  scopeKey: string
}

/** The price paid now for each row, as salePriceSqlOf computes it: the best running sale's, for fixed-price products above 0. */
function pricesOf(snapshot: IndexSnapshot, pricing: SalePricing): { paid: ArrayLike<number>; salesKey: string } {
  const { rows } = snapshot
  const running = pricing.sales.filter((sale) => saleRunsAt(sale, pricing.now))
  if (running.length === 0) return { paid: rows.priceCents, salesKey: '' }
  const salesKey = running.map((sale) => sale.id).join(',')
  const kept = snapshot.salePrices.get(salesKey)
  if (kept) return { paid: kept, salesKey }
  const paid = new Float64Array(rows.count)
  for (let row = 0; row < rows.count; row++) {
    const regular = rows.priceCents[row]!
    let best = regular
    if (rows.payWhatYouWant[row] === 0 && regular > 0) {
      const categoryCode = rows.categoryCodes[row]!
      const product = { id: rows.ids[row]!, categoryId: categoryCode < 0 ? null : rows.categories.values[categoryCode]! }
      for (const sale of running) if (saleCovers(sale, product)) best = Math.min(best, salePriceCents(regular, sale))
    }
    paid[row] = best
  }
  snapshot.salePrices.clear()
  snapshot.salePrices.set(salesKey, paid)
  return { paid, salesKey }
}

/** "On sale" as the SQL path reads it: marked on sale by the owner, or priced below its regular price by a running sale. */
export const isOnSale = (rows: IndexRows, paid: ArrayLike<number>, row: number) => rows.onSale[row] === 1 || paid[row]! < rows.priceCents[row]!

const asIs = (value: string) => value

/** 1 at the code of every vocabulary value (read by `readValue`) that `wanted` holds; null when nothing is wanted. */
function wantedCodes(vocabulary: Vocabulary, wanted: readonly string[] | undefined, readValue = asIs): Uint8Array | null {
  if (!wanted?.length) return null
  const set = new Set(wanted)
  return Uint8Array.from(vocabulary.values, (value) => (set.has(readValue(value)) ? 1 : 0))
}

const lower = (value: string) => value.toLowerCase()

/** The rows in scope: the active products, narrowed by the category, the substring search and the text search. */
function scopeOf(snapshot: IndexSnapshot, sets: IndexSets, params: ProductListParams, search: TextSearch) {
  const { rows } = snapshot
  let scope: TypedFastBitSet | null = null
  const found = params.q ? search(params.q) : null
  const scores = found ? new Float64Array(rows.count) : null
  if (found && scores) {
    scope = emptySet(rows.count)
    const { docs, rowOfDocument } = found
    for (let i = 0; i < docs.length; i++) {
      const row = rowOfDocument[docs[i]!]!
      if (row < 0) continue
      scores[row] = found.scores[i]!
      scope.add(row)
    }
  }
  if (params.category) {
    const categoryIds = snapshot.categories.idsBySlug.get(params.category) ?? new Set<string>()
    const inCategory = unionOf(
      rows.count,
      sets.categories,
      Uint8Array.from(rows.categories.values, (id) => (categoryIds.has(id) ? 1 : 0)),
    )
    scope = scope ? scope.intersection(inCategory) : inCategory
  }
  const substring = params.search?.trim().toLowerCase() || null
  if (substring) scope = rowsWhere(rows.count, scope, (row) => rows.namesLower[row]!.includes(substring) || rows.descriptionsLower[row]!.includes(substring))
  return { scope: scope ?? sets.all, substring, scores }
}

/** The rows in scope, and the rows each of the request's filters keeps. */
export function select(snapshot: IndexSnapshot, params: ProductListParams, pricing: SalePricing, search: TextSearch): Selection {
  const { rows } = snapshot
  const sets = (snapshot.sets ??= buildIndexSets(rows))
  const { count } = rows
  const { paid, salesKey } = pricesOf(snapshot, pricing)
  const { scope, substring, scores } = scopeOf(snapshot, sets, params, search)

  const passes: Partial<Record<FacetDimension, TypedFastBitSet>> = {}
  // Genres compare in lower case on both sides; tags are stored in lower case and the picked ones are lowered.
  const genres = wantedCodes(rows.genres, params.genre?.map(lower), lower)
  if (genres) passes.genre = unionOf(count, sets.genres, genres)
  const keys = wantedCodes(rows.keys, params.keys.length ? params.keys : undefined)
  if (keys) passes.key = unionOf(count, sets.keys, keys)
  const types = wantedCodes(rows.soundTypes.vocabulary, params.type)
  if (types) passes.type = unionOf(count, sets.soundTypes, types)
  const tags = wantedCodes(rows.tags.vocabulary, params.tag?.map(lower))
  if (tags) passes.tag = unionOf(count, sets.tags, tags)
  if (params.bpmMin !== undefined || params.bpmMax !== undefined)
    passes.bpm = bpmRange(count, sets.byBpm, params.bpmMin ?? -Infinity, params.bpmMax ?? Infinity)
  if (params.priceMin !== undefined || params.priceMax !== undefined) {
    const priceMin = params.priceMin ?? -Infinity
    const priceMax = params.priceMax ?? Infinity
    passes.price = rowsWhere(count, scope, (row) => paid[row]! >= priceMin && paid[row]! <= priceMax)
  }
  if (params.onSale === true) passes.onSale = rowsWhere(count, scope, (row) => isOnSale(rows, paid, row))

  const active = FACET_DIMENSIONS.filter((dimension) => passes[dimension] !== undefined)
  const kept = active.map((dimension) => passes[dimension]!)
  const matches = scope.clone()
  for (const pass of kept) matches.intersection(pass)
  const scopeKey = JSON.stringify([params.category ?? null, substring, params.q?.trim().toLowerCase() || null, salesKey])
  return { scope, active, passes: kept, matches, paid, scores, scopeKey }
}

/** The list's order (orderOf in search/sql/sql-search.ts), every order ending on the product id. */
function orderOf(rows: IndexRows, params: ProductListParams, { paid, scores }: Selection): Compare {
  const { idRank, createdUs } = rows
  const direction = params.sortOrder === 'asc' ? 1 : -1
  const byId: Compare = (a, b) => idRank[a]! - idRank[b]!
  const column =
    (values: ArrayLike<number>): Compare =>
    (a, b) =>
      direction * (values[a]! - values[b]!) || byId(a, b)
  // No rating or BPM (NaN) comes last either way.
  const nullsLast =
    (values: Float64Array): Compare =>
    (a, b) => {
      const x = values[a]!
      const y = values[b]!
      if (Number.isNaN(x)) return Number.isNaN(y) ? byId(a, b) : 1
      if (Number.isNaN(y)) return -1
      return direction * (x - y) || byId(a, b)
    }
  switch (params.sortBy) {
    case 'relevance':
      if (!scores) return (a, b) => createdUs[b]! - createdUs[a]! || byId(a, b)
      return (a, b) => scores[b]! - scores[a]! || createdUs[b]! - createdUs[a]! || byId(a, b)
    case 'price':
      return column(paid)
    case 'discount': {
      const share = (row: number) => {
        const compareAt = rows.compareAtCents[row]!
        const struck = Math.max(rows.priceCents[row]!, compareAt >= 0 ? compareAt : 0)
        return struck === 0 ? 0 : (struck - paid[row]!) / struck
      }
      return (a, b) => direction * (share(a) - share(b)) || createdUs[b]! - createdUs[a]! || byId(a, b)
    }
    case 'rating':
      return nullsLast(rows.rating)
    case 'bpm':
      return nullsLast(rows.bpm)
    case 'name':
      return column(rows.nameRank)
    case 'updated_at':
    case 'updatedAt':
      return column(rows.updatedUs)
    default:
      return column(createdUs)
  }
}

/** Orders that depend on the rows alone (not on a search's scores or running sales' prices) are made once per snapshot. */
function orderIsFixed(params: ProductListParams, selection: Selection, rows: IndexRows): boolean {
  if (params.sortBy === 'relevance') return selection.scores === null
  if (params.sortBy === 'price' || params.sortBy === 'discount') return selection.paid === rows.priceCents
  return true
}

/** A list this much smaller than the catalog is ordered by its rows' places in the order, not by walking the order. */
const SPARSE_LIST = 16

/** One page of the list, in its order, and how many products the list has. */
export function pageOf(snapshot: IndexSnapshot, params: ProductListParams, selection: Selection): { ids: string[]; total: number } {
  const { rows } = snapshot
  const wanted = params.offset + params.limit
  const { matches } = selection
  const total = matches.size()
  let page: number[]
  if (orderIsFixed(params, selection, rows)) {
    const key = `${params.sortBy}:${params.sortOrder === 'asc' ? 'asc' : 'desc'}`
    let sorted = snapshot.orders.get(key)
    if (!sorted) {
      const order = Int32Array.from({ length: rows.count }, (_, row) => row).sort(orderOf(rows, params, selection))
      const placeOf = new Int32Array(rows.count)
      order.forEach((row, place) => (placeOf[row] = place))
      sorted = { order, placeOf }
      snapshot.orders.set(key, sorted)
    }
    const { order, placeOf } = sorted
    if (total * SPARSE_LIST < rows.count) {
      page = topK(matches.array(), wanted, (a, b) => placeOf[a]! - placeOf[b]!).slice(params.offset)
    } else {
      // Walk the catalog in the list's order, keeping the matching rows until the page is full.
      page = []
      for (let at = 0, seen = 0; at < order.length && seen < wanted; at++) {
        if (!matches.has(order[at]!)) continue
        if (seen >= params.offset) page.push(order[at]!)
        seen++
      }
    }
  } else {
    page = topK(matches.array(), wanted, orderOf(rows, params, selection)).slice(params.offset)
  }
  return { ids: page.map((row) => rows.ids[row]!), total }
}
