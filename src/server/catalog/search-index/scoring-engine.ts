/**
 * MiniSearch (7.2, pinned) answering only what the text index reads: each product's score. Its
 * own loop also records, per product, which words matched in which fields (for highlighting),
 * an object with a key per matched word, and sorts the results; for a word of one or two letters,
 * read as a prefix over thousands of words, that was most of a search's time and garbage. The
 * loop below is MiniSearch's `termResults` with the scoring kept as it is (BM25 with its defaults,
 * the same weights, and the same clean-up of discarded products) and the records left out.
 * `index-text.test.ts` compares its scores with stock MiniSearch's, so a MiniSearch upgrade that
 * changes the internals this relies on fails there.
 */
import MiniSearch, { type Query } from 'minisearch'
import type { IndexedText } from './index-rows.ts'

interface TermResult {
  score: number
  terms: string[]
  match: Record<string, never>
}

/** What the loop reads of MiniSearch's internals (names as in its source). */
interface EngineInternals {
  _fieldIds: Record<string, number>
  _avgFieldLength: number[]
  _documentIds: Map<number, string>
  _fieldLength: Map<number, number[]>
  _documentCount: number
  removeTerm(fieldId: number, documentId: number, term: string): void
  executeQuery(query: Query): Map<number, TermResult>
}

const NO_MATCH_RECORD: Record<string, never> = Object.freeze({})

/** MiniSearch's termResults without the per-product match record; the arguments are MiniSearch's. */
function scoreTerm(
  this: EngineInternals,
  sourceTerm: string,
  derivedTerm: string,
  termWeight: number,
  termBoost: number,
  fieldTermData: Map<number, Map<number, number>> | undefined,
  fieldBoosts: Record<string, number>,
  _boostDocument: unknown,
  bm25: { k: number; b: number; d: number },
  results = new Map<number, TermResult>(),
): Map<number, TermResult> {
  if (fieldTermData == null) return results
  const { k, b, d } = bm25
  for (const field of Object.keys(fieldBoosts)) {
    const fieldId = this._fieldIds[field]!
    const fieldTermFreqs = fieldTermData.get(fieldId)
    if (fieldTermFreqs == null) continue
    const fieldBoost = fieldBoosts[field]!
    let matchingFields = fieldTermFreqs.size
    const avgFieldLength = this._avgFieldLength[fieldId]!
    for (const [docId, termFreq] of fieldTermFreqs) {
      // A discarded product's postings are removed as they are met, as MiniSearch does.
      if (!this._documentIds.has(docId)) {
        this.removeTerm(fieldId, docId, derivedTerm)
        matchingFields -= 1
        continue
      }
      const fieldLength = this._fieldLength.get(docId)![fieldId]!
      const inverseDocumentFrequency = Math.log(1 + (this._documentCount - matchingFields + 0.5) / (matchingFields + 0.5))
      const rawScore = inverseDocumentFrequency * (d + (termFreq * (k + 1)) / (termFreq + k * (1 - b + (b * fieldLength) / avgFieldLength)))
      // Multiplied in MiniSearch's order, so the scores are equal to the last bit.
      const score = termWeight * termBoost * fieldBoost * rawScore
      const result = results.get(docId)
      if (result) result.score += score
      else results.set(docId, { score, terms: [sourceTerm], match: NO_MATCH_RECORD })
    }
  }
  return results
}

export class ScoringEngine extends MiniSearch<IndexedText> {
  /** The products matching `query` (one word's query: its score needs no quality factor) and their scores. */
  scores(query: Query): Map<string, number> {
    const internals = this as unknown as EngineInternals
    const scores = new Map<string, number>()
    for (const [docId, { score }] of internals.executeQuery(query)) scores.set(internals._documentIds.get(docId)!, score)
    return scores
  }
}
Object.defineProperty(ScoringEngine.prototype, 'termResults', { value: scoreTerm })
