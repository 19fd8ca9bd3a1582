/**
 * The rows holding each filter value, as bitsets (one bit per row, TypedFastBitSet): a filter is
 * the union of its picked values' sets, a list is the intersection of its filters' sets, and a
 * count walks only the rows a set holds, not the whole catalog. Made once per snapshot, on the
 * first list that needs them. Every set has the same length (one word per 32 rows), so the
 * word-by-word operations never resize one.
 */
import { TypedFastBitSet } from 'typedfastbitset'
import type { IndexRows, MultiValues, Vocabulary } from './index-rows.ts'

export interface IndexSets {
  /** Every row. Never changed: callers clone it. */
  all: TypedFastBitSet
  categories: TypedFastBitSet[]
  genres: TypedFastBitSet[]
  keys: TypedFastBitSet[]
  soundTypes: TypedFastBitSet[]
  tags: TypedFastBitSet[]
  /** The rows with a BPM, in the order of their BPMs, and those BPMs. */
  byBpm: { rows: Int32Array; bpms: Float64Array }
}

/** An empty set sized for `count` rows. */
export function emptySet(count: number): TypedFastBitSet {
  return TypedFastBitSet.fromWords(new Uint32Array(Math.ceil(count / 32) || 1))
}

/** One set per code of `vocabulary`, of the rows holding that code in `codes` (-1: none). */
function setsBySingleCode(count: number, vocabulary: Vocabulary, codes: Int32Array): TypedFastBitSet[] {
  const sets = vocabulary.values.map(() => emptySet(count))
  for (let row = 0; row < count; row++) if (codes[row]! >= 0) sets[codes[row]!]!.add(row)
  return sets
}

function setsByMultiCode(count: number, values: MultiValues): TypedFastBitSet[] {
  const sets = values.vocabulary.values.map(() => emptySet(count))
  for (let row = 0; row < count; row++) for (let at = values.offsets[row]!; at < values.offsets[row + 1]!; at++) sets[values.codes[at]!]!.add(row)
  return sets
}

export function buildIndexSets(rows: IndexRows): IndexSets {
  const { count } = rows
  const all = emptySet(count)
  all.addRange(0, count)
  const withBpm = Int32Array.from({ length: count }, (_, row) => row)
    .filter((row) => !Number.isNaN(rows.bpm[row]!))
    .sort((a, b) => rows.bpm[a]! - rows.bpm[b]!)
  return {
    all,
    categories: setsBySingleCode(count, rows.categories, rows.categoryCodes),
    genres: setsBySingleCode(count, rows.genres, rows.genreCodes),
    keys: setsBySingleCode(count, rows.keys, rows.keyCodes),
    soundTypes: setsByMultiCode(count, rows.soundTypes),
    tags: setsByMultiCode(count, rows.tags),
    byBpm: { rows: withBpm, bpms: Float64Array.from(withBpm, (row) => rows.bpm[row]!) },
  }
}

/** The rows holding any of the codes `wanted` marks with 1: the union of their sets. */
export function unionOf(count: number, sets: readonly TypedFastBitSet[], wanted: Uint8Array): TypedFastBitSet {
  const union = emptySet(count)
  for (let code = 0; code < sets.length; code++) if (wanted[code] === 1) union.union(sets[code]!)
  return union
}

/** The first place in ascending `values` whose value is at least `value` (or, with `after`, above it). */
function placeOf(values: Float64Array, value: number, after: boolean): number {
  let low = 0
  let high = values.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (values[middle]! < value || (after && values[middle]! === value)) low = middle + 1
    else high = middle
  }
  return low
}

/** The rows whose BPM lies within [min, max]; a row without one is in no range. */
export function bpmRange(count: number, { rows, bpms }: IndexSets['byBpm'], min: number, max: number): TypedFastBitSet {
  const set = emptySet(count)
  const end = placeOf(bpms, max, true)
  for (let at = placeOf(bpms, min, false); at < end; at++) set.add(rows[at]!)
  return set
}

/** The rows of `within` (every row when null) that `keep` keeps. */
export function rowsWhere(count: number, within: TypedFastBitSet | null, keep: (row: number) => boolean): TypedFastBitSet {
  const set = emptySet(count)
  if (within) within.forEach((row) => keep(row) && set.add(row))
  else for (let row = 0; row < count; row++) if (keep(row)) set.add(row)
  return set
}

/**
 * The rows of `scope` failing at most one of `passes` (the sets of rows each filter keeps), word
 * by word: a bit goes to `once` at a row's first failure and to `twice` at its second.
 */
export function failingAtMostOne(scope: TypedFastBitSet, passes: readonly TypedFastBitSet[]): TypedFastBitSet {
  const words = scope.words.length
  const once = new Uint32Array(words)
  const twice = new Uint32Array(words)
  for (const pass of passes) {
    for (let w = 0; w < words; w++) {
      const failed = ~pass.words[w]!
      twice[w]! |= once[w]! & failed
      once[w]! |= failed
    }
  }
  const kept = new Uint32Array(words)
  for (let w = 0; w < words; w++) kept[w] = scope.words[w]! & ~twice[w]!
  return TypedFastBitSet.fromWords(kept)
}
