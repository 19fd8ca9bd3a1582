/**
 * The filter panel's counts from the in-memory index, as sql/facet-counts.ts makes them on the SQL
 * path: the scope's own counts (kept per scope), and the counts over the rows that can count
 * (with one filter, those it keeps; with more, those failing at most one), each facet counting
 * the rows that fail no filter but its own. Only those rows are walked, found as bitsets.
 */
import type { TypedFastBitSet } from 'typedfastbitset'
import type { CatalogFacets, FacetOption } from '../../../shared/contract/catalog-filters.ts'
import type { ProductListParams } from '../../catalog/catalog.types.ts'
import { byCamelot, byName, composeFacets, FACET_TAG_COUNT } from '../sql/facet-counts.ts'
import { FACET_DIMENSIONS, type FacetDimension } from '../sql/product-filters.ts'
import { isOnSale, type IndexSnapshot, type Selection } from './index-query.ts'
import type { IndexRows, MultiValues, Vocabulary } from './index-rows.ts'
import { failingAtMostOne } from './index-sets.ts'

/** Scope counts kept per snapshot: the lists of one category or search share them. */
const KEPT_SCOPES = 500

/** One bit per facet condition, in a row's mask of the conditions it fails. */
const BIT = Object.fromEntries(FACET_DIMENSIONS.map((dimension, i) => [dimension, 1 << i])) as Record<FacetDimension, number>

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

/**
 * countRows of sql/facet-counts.ts over the rows of `counted`: each facet counts the rows failing no
 * condition but its own (`failed` gives a row's failed conditions as bits; none for the scope's own counts).
 */
function countRows(rows: IndexRows, selection: Selection, counted: TypedFastBitSet, failed: ((row: number) => number) | null, selectedTags: readonly string[]) {
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
  const tally = (values: MultiValues, into: Tally, row: number, counts: boolean) => {
    for (let at = values.offsets[row]!; at < values.offsets[row + 1]!; at++) {
      const code = values.codes[at]!
      into.seen[code] = 1
      if (counts) into.counts[code]!++
    }
  }
  counted.forEach((row) => {
    const mask = failed ? failed(row) : 0
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
    if ((mask & ~BIT.onSale) === 0 && isOnSale(rows, paid, row)) onSale++
  })
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
  } satisfies CatalogFacets
}

/** The filter panel's options and counts, as facetCounts composes them from the scope's counts and the rows that can count. */
export function facetsOf(snapshot: IndexSnapshot, params: ProductListParams, selection: Selection): CatalogFacets {
  const { rows } = snapshot
  let scope = snapshot.scopeFacets.get(selection.scopeKey)
  if (!scope) {
    scope = countRows(rows, selection, selection.scope, null, [])
    if (snapshot.scopeFacets.size >= KEPT_SCOPES) snapshot.scopeFacets.delete(snapshot.scopeFacets.keys().next().value!)
    snapshot.scopeFacets.set(selection.scopeKey, scope)
  }
  const { active, passes } = selection
  if (active.length === 0) return scope
  const selectedTags = params.tag ?? []
  const bits = active.map((dimension) => BIT[dimension])
  const failed = (row: number) => {
    let mask = 0
    for (let i = 0; i < passes.length; i++) if (!passes[i]!.has(row)) mask |= bits[i]!
    return mask
  }
  // With one filter, the rows it keeps; with more, the rows failing at most one.
  const canCount = active.length === 1 ? selection.matches : failingAtMostOne(selection.scope, passes)
  const narrowed = countRows(rows, selection, canCount, failed, selectedTags)
  return composeFacets(scope, narrowed, active, selectedTags)
}
