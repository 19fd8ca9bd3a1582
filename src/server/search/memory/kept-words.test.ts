/**
 * Kept words' matches live in one ring: a word reads back exactly what was kept for it until a
 * later word is written over its place, and then it is gone rather than wrong.
 */
import { describe, expect, it } from 'vitest'
import { KeptWords } from './kept-words.ts'

const matches = (...docs: number[]) => ({ docs: Int32Array.from(docs), scores: Float64Array.from(docs, (doc) => doc / 10) })
const read = (kept: KeptWords, word: string) => {
  const found = kept.get(word)
  return found && { docs: [...found.docs], scores: [...found.scores] }
}

describe('kept words', () => {
  it('answers each word its own matches and scores', () => {
    const kept = new KeptWords(8)
    kept.keep('drums', matches(1, 2))
    kept.keep('bass', matches(7, 8))
    expect(read(kept, 'drums')).toEqual({ docs: [1, 2], scores: [0.1, 0.2] })
    expect(read(kept, 'bass')).toEqual({ docs: [7, 8], scores: [0.7, 0.8] })
    expect(kept.get('keys')).toBeUndefined()
  })

  it('forgets the oldest words once a newer one is written over their place, and never answers a mix', () => {
    const kept = new KeptWords(8)
    kept.keep('drums', matches(1, 2))
    kept.keep('bass', matches(3, 4))
    kept.keep('keys', matches(5, 6))
    kept.keep('pads', matches(9))
    // One slot left before the ring's end would split "vox": it is written from the start, over "drums".
    kept.keep('vox', matches(10, 11))
    expect(read(kept, 'drums')).toBeUndefined()
    expect(read(kept, 'bass')).toEqual({ docs: [3, 4], scores: [0.3, 0.4] })
    expect(read(kept, 'keys')).toEqual({ docs: [5, 6], scores: [0.5, 0.6] })
    expect(read(kept, 'pads')).toEqual({ docs: [9], scores: [0.9] })
    expect(read(kept, 'vox')).toEqual({ docs: [10, 11], scores: [1, 1.1] })
    kept.keep('fx', matches(12, 13))
    expect(read(kept, 'bass')).toBeUndefined()
    expect(read(kept, 'keys')).toEqual({ docs: [5, 6], scores: [0.5, 0.6] })
    expect(read(kept, 'fx')).toEqual({ docs: [12, 13], scores: [1.2, 1.3] })
  })

  it('does not keep a word matching more than a quarter of the ring, and keeps nothing after a clear', () => {
    const kept = new KeptWords(8)
    kept.keep('loops', matches(1, 2, 3))
    expect(kept.get('loops')).toBeUndefined()
    kept.keep('drums', matches(1, 2))
    kept.clear()
    expect(kept.get('drums')).toBeUndefined()
  })
})
