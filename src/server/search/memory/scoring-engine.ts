/**
 * MiniSearch holding the words and postings, with one word of a search scored here
 * in dense arrays instead of through its query loop. A word matches as typed so far (itself and
 * the words it begins) in every field, and, in the short fields, also misspelt (the words a few
 * edits away); its score in a product is MiniSearch's for the query `wordQuery` (index-text.ts)
 * builds: BM25 with its defaults, the same weights, field boosts and prefix and fuzzy weights.
 *
 * MiniSearch's loop works out BM25 again for every posting of every derived word at every search,
 * and gathers them in a Map of an object per product: at 10,000 products most of a typo search's
 * time and garbage. Here each derived word's scores (its postings' BM25 summed over the fields,
 * once for "as typed", once for "misspelt") are worked out once and kept in typed arrays until
 * the texts change; a word of a search is then a weighted sum of a few of them. The sums are
 * grouped differently from MiniSearch's, so a score may differ from stock MiniSearch's in its
 * last bits; `index-text.test.ts` compares them. What this reads of MiniSearch beyond its API (its
 * postings, field lengths and document numbers) comes through minisearch-adapter.ts, written for
 * one version of it.
 */
import type MiniSearch from 'minisearch'
import type { IndexedText } from './index-rows.ts'
import { MiniSearchAdapter, type FieldPostings } from './minisearch-adapter.ts'

/** Products (by document number) and a score in each; may be views of what keeps them, so read only, and before the next search. */
export interface ScoredDocuments {
  docs: Int32Array
  scores: Float64Array
}

/** A derived word's scores per product: as typed (every field, plus the short fields again), and misspelt (the short fields). */
interface DerivedScores {
  docs: Int32Array
  typed: Float64Array
  misspelt: Float64Array
}

/**
 * How many postings the kept derived words may hold together (20 bytes each), per product indexed
 * and at least: the words a stream of searches derives stay kept (at 10,000 generated products,
 * 5,000 typo searches derive about 330 words holding 97,000 postings; at 100,000, 965,000), and
 * a search deriving words that are no longer kept is several times slower (2.7 against 0.45 ms at 100,000).
 */
const KEPT_POSTINGS_PER_PRODUCT = 12
const KEPT_POSTINGS_AT_LEAST = 400_000

/**
 * Sums per document number without clearing between uses: a slot belongs to the current use only
 * when its stamp is the use's (stamps only grow; the arrays grow with the document numbers).
 */
class Scratch {
  sums = new Float64Array(0)
  others = new Float64Array(0)
  stamps = new Uint32Array(0)
  /** The document numbers a use wrote, in the order it first wrote them. */
  written = new Int32Array(0)
  private stamp = 0

  /** A new use over `space` document numbers; `reserve` more stamps are kept for it (intersect counts words on them). */
  begin(space: number, reserve = 0): number {
    if (this.sums.length < space || this.stamp + reserve > 0xfff0_0000) {
      const size = Math.max(space, this.sums.length * 2, 1024)
      this.sums = new Float64Array(size)
      this.others = new Float64Array(size)
      this.stamps = new Uint32Array(size)
      this.written = new Int32Array(size)
      this.stamp = 0
    }
    const stamp = this.stamp + 1
    this.stamp += 1 + reserve
    return stamp
  }
}

export class ScoringEngine extends MiniSearchAdapter {
  /** The product id of each document number (MiniSearch's short id). */
  private readonly productIds: (string | undefined)[] = []
  private readonly derived = new Map<string, DerivedScores>()
  private derivedPostings = 0
  /** Scratch for a search's words, and for working out a derived word's scores (which a word's search may ask for). */
  private readonly searching = new Scratch()
  private readonly deriving = new Scratch()

  /** Each field's id and boost (the search options'), and whether a misspelt word is looked for in it. */
  private readonly fields: { fieldId: number; boost: number; misspelt: boolean }[]

  /** `misspeltFields`: the fields where a word a few edits from a search's word matches too. */
  constructor(options: ConstructorParameters<typeof MiniSearch<IndexedText>>[0], misspeltFields: readonly string[]) {
    super(options)
    this.fields = this.searchedFields.map(({ name, fieldId, boost }) => ({ fieldId, boost, misspelt: misspeltFields.includes(name) }))
  }

  /** Adds a product's text; what was worked out from the texts before is dropped. */
  addText(text: IndexedText): void {
    this.add(text)
    this.productIds[this.documentSpace - 1] = text.id
    this.forgetDerived()
  }

  /** Drops a product's text (its postings are cleaned out as searches meet them, or by MiniSearch's vacuum). */
  discardText(id: string): void {
    const doc = this.documentOf(id)
    if (doc !== undefined) this.productIds[doc] = undefined
    this.discard(id)
    this.forgetDerived()
  }

  /** The row of each document number in a catalog whose rows `rowOf` gives by product id (-1: none, or a discarded document). */
  rowsOfDocuments(rowOf: ReadonlyMap<string, number>): Int32Array {
    const rows = new Int32Array(this.documentSpace).fill(-1)
    this.productIds.forEach((id, doc) => {
      if (id !== undefined) rows[doc] = rowOf.get(id) ?? -1
    })
    return rows
  }

  /**
   * The products matching `word` as typed (itself, and the words it begins, in any field), or
   * misspelt in the short fields (words up to `edits` edits away), with its score in each.
   */
  wordScores(word: string, edits: number | false): ScoredDocuments {
    const scratch = this.searching
    const stamp = scratch.begin(this.documentSpace)
    let written = 0
    const addScores = (derived: DerivedScores, weight: number, misspelt: boolean) => {
      const { docs } = derived
      const scores = misspelt ? derived.misspelt : derived.typed
      for (let i = 0; i < docs.length; i++) {
        const score = scores[i]!
        if (score === 0) continue
        const doc = docs[i]!
        if (scratch.stamps[doc] !== stamp) {
          scratch.stamps[doc] = stamp
          scratch.sums[doc] = 0
          scratch.written[written++] = doc
        }
        scratch.sums[doc]! += weight * score
      }
    }

    const asTyped = new Set<string>()
    const exact = this.postingsOf(word)
    if (exact) addScores(this.derivedOf(word, exact), 1, false)
    asTyped.add(word)
    for (const [term, postings] of this.postingsAtPrefix(word)) {
      if (term === word) continue
      asTyped.add(term)
      addScores(this.derivedOf(term, postings), (this.weights.prefix * term.length) / (term.length + 0.3 * (term.length - word.length)), false)
    }
    if (edits) {
      for (const [term, [postings, distance]] of this.postingsNear(word, edits)) {
        if (distance === 0 || asTyped.has(term)) continue
        addScores(this.derivedOf(term, postings), (this.weights.fuzzy * term.length) / (term.length + distance), true)
      }
    }

    // Copied out of the scratch: a search's arrays are its own, as large as its matches (a large catalog's major collections mark the whole heap).
    const docs = scratch.written.slice(0, written)
    const scores = new Float64Array(written)
    for (let i = 0; i < written; i++) scores[i] = scratch.sums[docs[i]!]!
    return { docs, scores }
  }

  /**
   * The products holding every one of `words` (each word's matches), each with the sum of its
   * scores in the words' order, times `factor`.
   */
  intersect(words: readonly ScoredDocuments[], factor: number): ScoredDocuments {
    const [first, ...rest] = words as [ScoredDocuments, ...ScoredDocuments[]]
    // One word (or one word repeated: its score times the repeats, times the one distinct word).
    if (rest.length === 0 && factor === 1) return first
    // A product holding the first n words carries the stamp + n - 1.
    const stamp = this.searching.begin(this.documentSpace, rest.length)
    const { sums, stamps } = this.searching
    for (let i = 0; i < first.docs.length; i++) {
      stamps[first.docs[i]!] = stamp
      sums[first.docs[i]!] = first.scores[i]!
    }
    rest.forEach((matches, at) => {
      const holding = stamp + at
      for (let i = 0; i < matches.docs.length; i++) {
        const doc = matches.docs[i]!
        if (stamps[doc] !== holding) continue
        stamps[doc] = holding + 1
        sums[doc]! += matches.scores[i]!
      }
    })
    const every = stamp + rest.length
    const { written } = this.searching
    let count = 0
    for (const doc of first.docs) if (stamps[doc] === every) written[count++] = doc
    const docs = written.slice(0, count)
    const scores = new Float64Array(count)
    for (let i = 0; i < count; i++) scores[i] = sums[docs[i]!]! * factor
    return { docs, scores }
  }

  /** A derived word's scores, worked out from its postings once until the texts change. */
  private derivedOf(term: string, postings: FieldPostings): DerivedScores {
    const kept = this.derived.get(term)
    if (kept) {
      // Kept in the order of their last use: the least recently used go first.
      this.derived.delete(term)
      this.derived.set(term, kept)
      return kept
    }
    const made = this.scoresOf(term, postings)
    this.derived.set(term, made)
    this.derivedPostings += made.docs.length
    const budget = Math.max(KEPT_POSTINGS_AT_LEAST, KEPT_POSTINGS_PER_PRODUCT * this.documentCount)
    for (const [oldest, held] of this.derived) {
      if (this.derivedPostings <= budget || oldest === term) break
      this.derived.delete(oldest)
      this.derivedPostings -= held.docs.length
    }
    return made
  }

  private forgetDerived(): void {
    this.derived.clear()
    this.derivedPostings = 0
  }

  /**
   * BM25 of `term` in each field of each product, times the field's boost: summed over every
   * field, plus the short fields again (as typed, both subqueries of a word match it), and over
   * the short fields (misspelt, only the second does). Postings of discarded products are removed
   * as they are met, as MiniSearch does, and do not count towards the word's rarity.
   */
  private scoresOf(term: string, postings: FieldPostings): DerivedScores {
    const scratch = this.deriving
    const stamp = scratch.begin(this.documentSpace)
    const { sums: typed, others: misspelt, stamps, written } = scratch
    let count = 0
    const { k, b, d } = this.bm25
    const { liveDocuments: live, fieldLengths, documentCount } = this
    for (const { fieldId, boost, misspelt: alsoMisspelt } of this.fields) {
      const frequencies = postings.get(fieldId)
      if (!frequencies) continue
      let products = 0
      for (const doc of frequencies.keys()) {
        if (live.has(doc)) products++
        else this.removePosting(fieldId, doc, term)
      }
      const rarity = Math.log(1 + (documentCount - products + 0.5) / (products + 0.5))
      const averageLength = this.averageFieldLength(fieldId)
      for (const [doc, frequency] of frequencies) {
        if (!live.has(doc)) continue
        const length = fieldLengths.get(doc)![fieldId]!
        const score = boost * rarity * (d + (frequency * (k + 1)) / (frequency + k * (1 - b + (b * length) / averageLength)))
        if (stamps[doc] !== stamp) {
          stamps[doc] = stamp
          typed[doc] = 0
          misspelt[doc] = 0
          written[count++] = doc
        }
        typed[doc]! += alsoMisspelt ? 2 * score : score
        if (alsoMisspelt) misspelt[doc]! += score
      }
    }
    const docs = written.slice(0, count)
    const derived: DerivedScores = { docs, typed: new Float64Array(count), misspelt: new Float64Array(count) }
    for (let i = 0; i < count; i++) {
      derived.typed[i] = typed[docs[i]!]!
      derived.misspelt[i] = misspelt[docs[i]!]!
    }
    return derived
  }
}
