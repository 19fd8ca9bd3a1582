/**
 * Ranked, typo-tolerant text search over the active products (MiniSearch: an inverted index in a
 * radix tree, BM25 ranking). Every word of a search must match: as typed so far (a prefix) in the
 * name, tags, genre or description, or misspelt (one edit in a word of 4 to 7 letters, two from 8)
 * in the name, tags or genre, as the SQL path's trigram match reads only those. Name and tags
 * weigh most, then genre, then the description, as the SQL path's weighted full-text search does.
 * Kept across catalog changes: only the products whose text changed are indexed again.
 *
 * Each word's matches are kept between searches until the texts change: a shopper typing
 * "2-step gar", "2-step gara"… asks for "2" and "step" again at every key, and a word of one or
 * two letters, read as a prefix, matches thousands of products (most of a slow search's time).
 * The scores are the ones MiniSearch gives the whole query, to the last bits a different grouping
 * of the sums changes: each word's (ScoringEngine) summed in the order of the words, times how
 * many distinct words matched.
 */
import type { Options, Query } from 'minisearch'
import type { IndexedText } from './index-rows.ts'
import { KeptWords } from './kept-words.ts'
import { ScoringEngine, type ScoredDocuments } from './scoring-engine.ts'

/** Letters and digits, as the SQL path reads the words of a search (searchTermsOf). */
const WORDS = /[\p{L}\p{N}]+/gu
/** The SQL path reads at most eight words of a search. */
const MAX_WORDS = 8

/** How many product matches the kept words may hold together (12 bytes each: about 5 MB). */
const KEPT_MATCHES = 400_000
/**
 * Words of one or two letters are kept apart, in their own ring (about 2.4 MB): every search typed
 * letter by letter starts with one, and read as a prefix each matches thousands of products (the
 * slowest words to search), so a stream of longer, misspelt words must not push them out.
 */
const KEPT_SHORT_MATCHES = 200_000
const SHORT_WORD = 2

/** Where a misspelt word is looked for (a description is long: one edit away matches too much there). */
const MISSPELT_FIELDS = ['name', 'tags', 'genre']

const tokenize = (text: string): string[] => text.match(WORDS) ?? []

/** The text engine's fields, words and weights. */
export const TEXT_ENGINE_OPTIONS: Options<IndexedText> = {
  fields: ['name', 'tags', 'genre', 'description'],
  tokenize,
  processTerm: (term) => term.toLowerCase(),
  searchOptions: { boost: { name: 3, tags: 3, genre: 2, description: 1 }, prefix: true },
}

/** The engine the text index searches. */
export const createTextEngine = () => new ScoringEngine(TEXT_ENGINE_OPTIONS, MISSPELT_FIELDS)

/** The words of a search as the engine reads them (lower case, at most eight). */
export const searchWordsOf = (q: string): string[] => tokenize(q.trim().toLowerCase()).slice(0, MAX_WORDS)

/** One word of a search as a MiniSearch query: as typed so far anywhere, or misspelt in the short fields (what `ScoringEngine.wordScores` scores). */
export function wordQuery(word: string): Query {
  return {
    combineWith: 'OR',
    queries: [
      { queries: [word], fuzzy: false },
      { queries: [word], fields: MISSPELT_FIELDS, fuzzy: editsAllowed(word) },
    ],
  }
}

/** Edits a misspelt word may need: none below four letters (too many words are one edit apart). */
export function editsAllowed(term: string): number | false {
  if (term.length >= 8) return 2
  if (term.length >= 4) return 1
  return false
}

/** A cheap fingerprint of a product's text: a product whose fingerprint is unchanged is not indexed again. */
function fingerprintOf(text: IndexedText): string {
  return `${text.name.length}:${text.description.length}:${text.genre}:${text.tags}:${text.name}:${hash(text.description)}`
}

function hash(value: string): number {
  let state = 0x811c9dc5
  for (let i = 0; i < value.length; i++) state = Math.imul(state ^ value.charCodeAt(i), 0x01000193)
  return state >>> 0
}

export interface TextIndex {
  /** Indexes `texts` as the active products' texts now: new and changed ones added, the rest dropped. */
  update(texts: readonly IndexedText[]): void
  /** The products (by document number) matching every word of `q`, with their scores; null when `q` has no words (no search). */
  search(q: string): ScoredDocuments | null
  /** How many times the texts changed: document numbers of one version map to rows with `rowsOfDocuments`. */
  readonly version: number
  /** The row of each document number in a catalog whose rows `rowOf` gives by product id (-1: none). */
  rowsOfDocuments(rowOf: ReadonlyMap<string, number>): Int32Array
  /** How many products are indexed. */
  size(): number
}

/** `keptMatches`: how many matches the longer words' ring holds. */
export function createTextIndex({ keptMatches = KEPT_MATCHES } = {}): TextIndex {
  const engine = createTextEngine()
  const fingerprints = new Map<string, string>()
  /** Each searched word's matches and their scores: the short words, and the others. */
  const keptShort = new KeptWords(KEPT_SHORT_MATCHES)
  const keptLong = new KeptWords(keptMatches)
  let version = 0

  const keptFor = (word: string) => (word.length <= SHORT_WORD ? keptShort : keptLong)

  return {
    update(texts) {
      const seen = new Set<string>()
      let changed = false
      for (const text of texts) {
        seen.add(text.id)
        const fingerprint = fingerprintOf(text)
        const known = fingerprints.get(text.id)
        if (known === fingerprint) continue
        if (known !== undefined) engine.discardText(text.id)
        engine.addText(text)
        fingerprints.set(text.id, fingerprint)
        changed = true
      }
      for (const id of fingerprints.keys()) {
        if (seen.has(id)) continue
        engine.discardText(id)
        fingerprints.delete(id)
        changed = true
      }
      // Any change moves every score (BM25 reads the whole collection's counts).
      if (changed) {
        keptShort.clear()
        keptLong.clear()
        version++
      }
    },

    search(q) {
      const words = searchWordsOf(q)
      if (words.length === 0) return null
      // Each word's products as typed anywhere, or misspelt in the short fields, with its score in each.
      const matchesOf = new Map<string, ScoredDocuments>()
      const searched: string[] = []
      for (const word of words) {
        if (matchesOf.has(word)) continue
        const kept = keptFor(word).get(word)
        if (kept) matchesOf.set(word, kept)
        else {
          matchesOf.set(word, engine.wordScores(word, editsAllowed(word)))
          searched.push(word)
        }
      }
      // Every word must match; each word's score is summed in the order of the words.
      const matches = engine.intersect(
        words.map((word) => matchesOf.get(word)!),
        matchesOf.size,
      )
      // Kept once read: keeping a word may write over the kept matches another word was read from.
      for (const word of searched) keptFor(word).keep(word, matchesOf.get(word)!)
      return matches
    },

    get version() {
      return version
    },

    rowsOfDocuments: (rowOf) => engine.rowsOfDocuments(rowOf),

    size: () => fingerprints.size,
  }
}
