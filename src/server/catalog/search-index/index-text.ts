/**
 * Ranked, typo-tolerant text search over the active products (MiniSearch: an inverted index in a
 * radix tree, BM25 ranking). Every word of a search must match: as typed so far (a prefix) in the
 * name, tags, genre or description, or misspelt (one edit in a word of 4 to 7 letters, two from 8)
 * in the name, tags or genre, as the SQL path's trigram match reads only those. Name and tags
 * weigh most, then genre, then the description, as the SQL path's weighted full-text search does.
 * Kept across catalog changes: only the products whose text changed are indexed again.
 */
import MiniSearch, { type Query } from 'minisearch'
import type { IndexedText } from './index-rows.ts'

/** Letters and digits, as the SQL path reads the words of a search (searchTermsOf). */
const WORDS = /[\p{L}\p{N}]+/gu
/** The SQL path reads at most eight words of a search. */
const MAX_WORDS = 8

/** Where a misspelt word is looked for (a description is long: one edit away matches too much there). */
const MISSPELT_FIELDS = ['name', 'tags', 'genre']

const tokenize = (text: string): string[] => text.match(WORDS) ?? []

/** Edits a misspelt word may need: none below four letters (too many words are one edit apart). */
function editsAllowed(term: string): number | false {
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
  /** The products matching every word of `q`, with their scores; null when `q` has no words (no search). */
  search(q: string): Map<string, number> | null
  /** How many products are indexed. */
  size(): number
}

export function createTextIndex(): TextIndex {
  const engine = new MiniSearch<IndexedText>({
    fields: ['name', 'tags', 'genre', 'description'],
    tokenize,
    processTerm: (term) => term.toLowerCase(),
    searchOptions: { boost: { name: 3, tags: 3, genre: 2, description: 1 }, prefix: true },
  })
  const fingerprints = new Map<string, string>()

  return {
    update(texts) {
      const seen = new Set<string>()
      for (const text of texts) {
        seen.add(text.id)
        const fingerprint = fingerprintOf(text)
        const known = fingerprints.get(text.id)
        if (known === fingerprint) continue
        if (known !== undefined) engine.discard(text.id)
        engine.add(text)
        fingerprints.set(text.id, fingerprint)
      }
      for (const id of fingerprints.keys()) {
        if (seen.has(id)) continue
        engine.discard(id)
        fingerprints.delete(id)
      }
    },

    search(q) {
      const words = tokenize(q.trim().toLowerCase()).slice(0, MAX_WORDS)
      if (words.length === 0) return null
      const scores = new Map<string, number>()
      // Each word as typed anywhere, or misspelt in the short fields; every word must match.
      const query: Query = {
        combineWith: 'AND',
        queries: words.map((word) => ({
          combineWith: 'OR' as const,
          queries: [
            { queries: [word], fuzzy: false },
            { queries: [word], fields: MISSPELT_FIELDS, fuzzy: editsAllowed(word) },
          ],
        })),
      }
      for (const result of engine.search(query)) scores.set(result.id as string, result.score)
      return scores
    },

    size: () => fingerprints.size,
  }
}
