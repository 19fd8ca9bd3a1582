/**
 * Searched words' matches, kept for the next searches that ask for the same words: held in one
 * ring of typed arrays, each word's matches written after the last, the oldest written over
 * first. A ring and not an array per word: kept matches outlive several young collections, so
 * each dropped word's arrays waited for a full collection of the heap, and a stream of distinct
 * words (misspellings are mostly searched once) made one every quarter of a second at 100,000
 * products (50–60 ms each, marking the whole text index).
 */
import type { ScoredDocuments } from './scoring-engine.ts'

/** Where a kept word's matches are: from which write on (counted from the ring's first), and how many. */
interface Place {
  from: number
  length: number
}

export class KeptWords {
  private docs = new Int32Array(0)
  private scores = new Float64Array(0)
  /** The kept words in the order they were written. */
  private readonly places = new Map<string, Place>()
  /** How many slots have been written (or skipped) since the ring was made or cleared. */
  private written = 0

  /** A ring of `size` matches (12 bytes each), allocated by the first word kept. */
  constructor(private readonly size: number) {}

  /** The word's kept matches: views of the ring, read before the next word is kept. */
  get(word: string): ScoredDocuments | undefined {
    const place = this.places.get(word)
    if (!place) return undefined
    const at = place.from % this.size
    return { docs: this.docs.subarray(at, at + place.length), scores: this.scores.subarray(at, at + place.length) }
  }

  keep(word: string, matches: ScoredDocuments): void {
    const { length } = matches.docs
    // One word may take a quarter of the ring: a word matching most of a large catalog is not kept.
    if (length > this.size / 4) return
    if (this.docs.length === 0) {
      this.docs = new Int32Array(this.size)
      this.scores = new Float64Array(this.size)
    }
    // A word's matches are written in one piece: when they do not fit before the ring's end, from its start.
    if ((this.written % this.size) + length > this.size) this.written += this.size - (this.written % this.size)
    const at = this.written % this.size
    this.docs.set(matches.docs, at)
    this.scores.set(matches.scores, at)
    this.places.delete(word)
    this.places.set(word, { from: this.written, length })
    this.written += length
    // A word is gone once a write came round to its first slot.
    for (const [oldest, place] of this.places) {
      if (this.written - place.from <= this.size) break
      this.places.delete(oldest)
    }
  }

  clear(): void {
    this.places.clear()
    this.written = 0
  }
}
