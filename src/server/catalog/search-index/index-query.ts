/**
 * A product list answered from the in-memory index with the SQL path's rules (product-filters.ts,
 * facet-counts.ts, sale-prices.ts): the scope (active, category, substring, text search), one
 * condition per facet, each facet counted under every filter but its own, the same orders with
 * the product id breaking ties. Each product in scope gets one bit per facet it fails; the list is
 * the products failing none, and a facet counts those failing none but its own. Values are
 * compared as integer codes (index-rows.ts), so a request is a few passes over typed arrays.
 */
import type { CatalogFacets, FacetOption } from '../../../shared/contract/catalog-filters.ts'
import { saleCovers, saleRunsAt, salePriceCents } from '../../../shared/sales.ts'
import type { ProductListParams } from '../catalog.service.ts'
import { byCamelot, byName, composeFacets, FACET_TAG_COUNT } from '../facet-counts.ts'
import { FACET_DIMENSIONS, type FacetDimension } from '../product-filters.ts'
import type { SalePricing } from '../product-view.ts'
import type { IndexCategories, IndexRows, MultiValues, Vocabulary } from './index-rows.ts'
import { topK, type Compare } from './top-k.ts'

const BIT = Object.fromEntries(FACET_DIMENSIONS.map((dimension, i) => [dimension, 1 << i])) as Record<FacetDimension, number>
/** Scope counts kept per snapshot: the lists of one category or search share them. */
const KEPT_SCOPES = 500

export interface IndexSnapshot {
  rows: IndexRows
  categories: IndexCategories
  /** Facet counts of a scope (no filter applied), by scope and running sales. */
  scopeFacets: Map<string, CatalogFacets>
  /** Prices paid under a set of running sales, by their ids. */
  salePrices: Map<string, Float64Array>
  /** Every row in the order of a sort that depends on the rows alone, by sort and direction. */
  orders: Map<string, Int32Array>
}

/** A request read against one snapshot: the rows in scope, what each fails, and the prices the running sales make. */
interface Selection {
  scope: Int32Array
  masks: Uint8Array
  length: number
  active: FacetDimension[]
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

const asIs = (value: string) => value

/** 1 at the code of every vocabulary value (read by `readValue`) that `wanted` holds; null when nothing is wanted. */
function wantedCodes(vocabulary: Vocabulary, wanted: readonly string[] | undefined, readValue = asIs): Uint8Array | null {
  if (!wanted?.length) return null
  const set = new Set(wanted)
  return Uint8Array.from(vocabulary.values, (value) => (set.has(readValue(value)) ? 1 : 0))
}

function anyWanted(values: MultiValues, row: number, wanted: Uint8Array): boolean {
  for (let at = values.offsets[row]!; at < values.offsets[row + 1]!; at++) if (wanted[values.codes[at]!] === 1) return true
  return false
}

const lower = (value: string) => value.toLowerCase()

/** The rows in scope and, for each, the facets whose conditions it fails. */
export function select(snapshot: IndexSnapshot, params: ProductListParams, pricing: SalePricing, search: (q: string) => Map<string, number> | null): Selection {
  const { rows } = snapshot
  const { paid, salesKey } = pricesOf(snapshot, pricing)
  const categoryIds = params.category ? (snapshot.categories.idsBySlug.get(params.category) ?? new Set<string>()) : null
  const categories = categoryIds ? Uint8Array.from(rows.categories.values, (id) => (categoryIds.has(id) ? 1 : 0)) : null
  const substring = params.search?.trim().toLowerCase() || null
  const found = params.q ? search(params.q) : null
  let candidates: Int32Array | null = null
  let scores: Float64Array | null = null
  if (found) {
    scores = new Float64Array(rows.count)
    const hits: number[] = []
    for (const [id, score] of found) {
      const row = rows.rowOf.get(id)
      if (row === undefined) continue
      scores[row] = score
      hits.push(row)
    }
    candidates = Int32Array.from(hits).sort()
  }

  // Genres compare in lower case on both sides; tags are stored in lower case and the picked ones are lowered.
  const genres = wantedCodes(rows.genres, params.genre?.map(lower), lower)
  const keys = wantedCodes(rows.keys, params.keys.length ? params.keys : undefined)
  const types = wantedCodes(rows.soundTypes.vocabulary, params.type)
  const tags = wantedCodes(rows.tags.vocabulary, params.tag?.map(lower))
  const bpmMin = params.bpmMin ?? -Infinity
  const bpmMax = params.bpmMax ?? Infinity
  const bpm = params.bpmMin !== undefined || params.bpmMax !== undefined
  const priceMin = params.priceMin ?? -Infinity
  const priceMax = params.priceMax ?? Infinity
  const price = params.priceMin !== undefined || params.priceMax !== undefined
  const onSale = params.onSale === true
  const filters: Record<FacetDimension, boolean> = { genre: !!genres, key: !!keys, type: !!types, tag: !!tags, bpm, price, onSale }
  const active = FACET_DIMENSIONS.filter((dimension) => filters[dimension])

  const total = candidates ? candidates.length : rows.count
  const scope = new Int32Array(total)
  const masks = new Uint8Array(total)
  let length = 0
  for (let i = 0; i < total; i++) {
    const row = candidates ? candidates[i]! : i
    if (categories) {
      const code = rows.categoryCodes[row]!
      if (code < 0 || categories[code] === 0) continue
    }
    if (substring && !rows.namesLower[row]!.includes(substring) && !rows.descriptionsLower[row]!.includes(substring)) continue
    let mask = 0
    if (genres) {
      const code = rows.genreCodes[row]!
      if (code < 0 || genres[code] === 0) mask |= BIT.genre
    }
    if (keys) {
      const code = rows.keyCodes[row]!
      if (code < 0 || keys[code] === 0) mask |= BIT.key
    }
    if (types && !anyWanted(rows.soundTypes, row, types)) mask |= BIT.type
    if (tags && !anyWanted(rows.tags, row, tags)) mask |= BIT.tag
    // NaN (no BPM) fails every comparison, as NULL does in SQL.
    if (bpm && !(rows.bpm[row]! >= bpmMin && rows.bpm[row]! <= bpmMax)) mask |= BIT.bpm
    if (price && !(paid[row]! >= priceMin && paid[row]! <= priceMax)) mask |= BIT.price
    if (onSale && rows.onSale[row] === 0 && !(paid[row]! < rows.priceCents[row]!)) mask |= BIT.onSale
    scope[length] = row
    masks[length] = mask
    length++
  }
  const scopeKey = JSON.stringify([params.category ?? null, substring, params.q?.trim().toLowerCase() || null, salesKey])
  return { scope, masks, length, active, paid, scores, scopeKey }
}

/** The list's order (orderOf in catalog.service.ts), every order ending on the product id. */
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

/** One page of the list, in its order, and how many products the list has. */
export function pageOf(snapshot: IndexSnapshot, params: ProductListParams, selection: Selection): { ids: string[]; total: number } {
  const { rows } = snapshot
  const wanted = params.offset + params.limit
  const page: number[] = []
  let total = 0
  if (orderIsFixed(params, selection, rows)) {
    // Walk the whole catalog in the list's order, keeping the matching rows until the page is full.
    const matches = new Uint8Array(rows.count)
    for (let i = 0; i < selection.length; i++) {
      if (selection.masks[i] !== 0) continue
      matches[selection.scope[i]!] = 1
      total++
    }
    const key = `${params.sortBy}:${params.sortOrder === 'asc' ? 'asc' : 'desc'}`
    let order = snapshot.orders.get(key)
    if (!order) {
      order = Int32Array.from({ length: rows.count }, (_, row) => row).sort(orderOf(rows, params, selection))
      snapshot.orders.set(key, order)
    }
    for (let at = 0, seen = 0; at < order.length && seen < wanted; at++) {
      if (matches[order[at]!] === 0) continue
      if (seen >= params.offset) page.push(order[at]!)
      seen++
    }
  } else {
    const matching: number[] = []
    for (let i = 0; i < selection.length; i++) if (selection.masks[i] === 0) matching.push(selection.scope[i]!)
    total = matching.length
    page.push(...topK(matching, wanted, orderOf(rows, params, selection)).slice(params.offset))
  }
  return { ids: page.map((row) => rows.ids[row]!), total }
}

/** Counts by code, and which codes any counted row holds (listed even when their count is 0). */
class Tally {
  readonly counts: Int32Array
  readonly seen: Uint8Array
  constructor(
    private readonly vocabulary: Vocabulary,
    size = vocabulary.values.length,
  ) {
    this.counts = new Int32Array(size)
    this.seen = new Uint8Array(size)
  }
  options(): FacetOption[] {
    const options: FacetOption[] = []
    for (let code = 0; code < this.seen.length; code++)
      if (this.seen[code] === 1) options.push({ value: this.vocabulary.values[code]!, count: this.counts[code]! })
    return options
  }
}

type Keep = 'all' | 'passing' | 'failingAtMostOne'

/** countRows of facet-counts.ts over the rows `keep` names: each facet counts the rows failing no condition but its own. */
function countRows(rows: IndexRows, selection: Selection, keep: Keep, selectedTags: readonly string[]): CatalogFacets {
  const genre = new Tally(rows.genres)
  const key = new Tally(rows.keys)
  const type = new Tally(rows.soundTypes.vocabulary)
  const tag = new Tally(rows.tags.vocabulary)
  let bpmLow = Infinity
  let bpmHigh = -Infinity
  let priceLow = Infinity
  let priceHigh = -Infinity
  let onSale = 0
  const { paid } = selection
  const tally = (values: MultiValues, into: Tally, row: number, counted: boolean) => {
    for (let at = values.offsets[row]!; at < values.offsets[row + 1]!; at++) {
      const code = values.codes[at]!
      into.seen[code] = 1
      if (counted) into.counts[code]!++
    }
  }
  for (let i = 0; i < selection.length; i++) {
    const mask = keep === 'all' ? 0 : selection.masks[i]!
    if (keep === 'passing' ? mask !== 0 : (mask & (mask - 1)) !== 0) continue
    const row = selection.scope[i]!
    const genreCode = rows.genreCodes[row]!
    if (genreCode >= 0) {
      genre.seen[genreCode] = 1
      if ((mask & ~BIT.genre) === 0) genre.counts[genreCode]!++
    }
    const keyCode = rows.keyCodes[row]!
    if (keyCode >= 0) {
      key.seen[keyCode] = 1
      if ((mask & ~BIT.key) === 0) key.counts[keyCode]!++
    }
    tally(rows.soundTypes, type, row, (mask & ~BIT.type) === 0)
    tally(rows.tags, tag, row, (mask & ~BIT.tag) === 0)
    const bpm = rows.bpm[row]!
    if (!Number.isNaN(bpm) && (mask & ~BIT.bpm) === 0) {
      if (bpm < bpmLow) bpmLow = bpm
      if (bpm > bpmHigh) bpmHigh = bpm
    }
    if ((mask & ~BIT.price) === 0) {
      const price = paid[row]!
      if (price < priceLow) priceLow = price
      if (price > priceHigh) priceHigh = price
    }
    if ((mask & ~BIT.onSale) === 0 && (rows.onSale[row] === 1 || paid[row]! < rows.priceCents[row]!)) onSale++
  }
  const selected = new Set(selectedTags.map((value) => value.toLowerCase()))
  // Tag codes follow the database's order of names: the picked first, then the most used, then by name.
  const tags = tag
    .options()
    .map((option, order) => ({ option, order, picked: selected.has(option.value) }))
    .sort((a, b) => Number(b.picked) - Number(a.picked) || b.option.count - a.option.count || a.order - b.order)
    .slice(0, FACET_TAG_COUNT)
    .map(({ option }) => option)
  return {
    genre: genre.options().sort(byName),
    key: key.options().sort(byCamelot),
    type: type.options(),
    tag: tags,
    bpm: bpmLow <= bpmHigh ? { min: bpmLow, max: bpmHigh } : null,
    price: priceLow <= priceHigh ? { min: priceLow, max: priceHigh } : null,
    onSale,
  }
}

/** The filter panel's options and counts, as facetCounts composes them from the scope's counts and the rows that can count. */
export function facetsOf(snapshot: IndexSnapshot, params: ProductListParams, selection: Selection): CatalogFacets {
  let scope = snapshot.scopeFacets.get(selection.scopeKey)
  if (!scope) {
    scope = countRows(snapshot.rows, selection, 'all', [])
    if (snapshot.scopeFacets.size >= KEPT_SCOPES) snapshot.scopeFacets.delete(snapshot.scopeFacets.keys().next().value!)
    snapshot.scopeFacets.set(selection.scopeKey, scope)
  }
  const { active } = selection
  if (active.length === 0) return scope
  const selectedTags = params.tag ?? []
  // With one filter, the rows it keeps; with more, the rows failing at most one.
  const narrowed = countRows(snapshot.rows, selection, active.length === 1 ? 'passing' : 'failingAtMostOne', selectedTags)
  return composeFacets(scope, narrowed, active, selectedTags)
}
