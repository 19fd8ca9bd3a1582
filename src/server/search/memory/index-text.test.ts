/**
 * The text search scores each word itself and keeps each word's matches between searches: a
 * search, the first time and from kept words, scores every product as MiniSearch scores the whole
 * query (to the last bits a different grouping of the sums may change), and a change to the texts
 * is in the very next answer.
 */
import MiniSearch, { type Query } from 'minisearch'
import { describe, expect, it, vi } from 'vitest'
import type { IndexedText } from './index-rows.ts'
import { createTextEngine, createTextIndex, editsAllowed, searchWordsOf, TEXT_ENGINE_OPTIONS, wordQuery, type TextIndex } from './index-text.ts'
import { ScoringEngine, type ScoredDocuments } from './scoring-engine.ts'

const TEXTS: IndexedText[] = [
  { id: 'p1', name: 'Dusty Lo-Fi Keys', description: 'Warm lo-fi keys at 80 BPM, 24-bit WAV.', genre: 'Lo-Fi Hip Hop', tags: 'keys lofi vintage' },
  { id: 'p2', name: '2-Step Garage Drums', description: 'Shuffled 2-step grooves at 132 BPM.', genre: 'UK Garage', tags: 'drums 2-step shuffle' },
  { id: 'p3', name: 'Liquid Garage Chords', description: 'Lush chords for 2-step and liquid DnB.', genre: 'UK Garage', tags: 'chords liquid' },
  { id: 'p4', name: 'Lofi Guitar Loops', description: 'Lazy guitar loops, lo-fi and dusty.', genre: 'Lo-Fi Hip Hop', tags: 'guitar loops lofi' },
  { id: 'p5', name: 'Step Sequencer Tools', description: 'Step patterns for any DAW.', genre: 'Techno', tags: 'tools sequencer' },
]

/** The whole query as one MiniSearch search (every word must match), the way the index asked before it kept words. */
function wholeQueryScores(texts: IndexedText[], q: string): Map<string, number> {
  const engine = new MiniSearch<IndexedText>(TEXT_ENGINE_OPTIONS)
  engine.addAll(texts)
  const query: Query = { combineWith: 'AND', queries: searchWordsOf(q).map(wordQuery) }
  return new Map(engine.search(query).map((result) => [result.id as string, result.score]))
}

/** Every product id the tests index, each at its row. */
const PRODUCT_IDS = [...TEXTS.map((text) => text.id), ...Array.from({ length: 400 }, (_, i) => `q${i}`)]
const ROW_OF = new Map(PRODUCT_IDS.map((id, row) => [id, row]))

/** Matches by product id, with their scores. */
function asMap(engine: Pick<TextIndex, 'rowsOfDocuments'>, matches: ScoredDocuments | null): Map<string, number> {
  const rows = engine.rowsOfDocuments(ROW_OF)
  return new Map(Array.from(matches?.docs ?? [], (doc, i) => [PRODUCT_IDS[rows[doc]!]!, matches!.scores[i]!]))
}
const idsOf = (index: TextIndex, q: string) => [...asMap(index, index.search(q)).keys()].sort()

/** The same products, each scored as expected to within a few units of the last place. */
function expectScores(actual: Map<string, number>, expected: Map<string, number>, label: string) {
  expect([...actual.keys()].sort(), label).toEqual([...expected.keys()].sort())
  for (const [id, score] of expected) expect(Math.abs(actual.get(id)! - score), `${label}: ${id}`).toBeLessThan(score * 1e-12)
}

describe('text search with kept words', () => {
  it('scores each product as the whole query does, the first time and from kept words', () => {
    const index = createTextIndex()
    index.update(TEXTS)
    for (const q of ['2-step garage', 'lo-fi', 'l', 'garage 2-step', 'step step', 'lofi guitr', 'liquid chords 2']) {
      const expected = wholeQueryScores(TEXTS, q)
      expect(expected.size, q).toBeGreaterThan(0)
      expectScores(asMap(index, index.search(q)), expected, q)
      expectScores(asMap(index, index.search(q)), expected, `${q}, again`)
    }
    expect(idsOf(index, '2-step garage')).toEqual(['p2', 'p3'])
    expect(idsOf(index, 'zzz')).toEqual([])
  })

  it('answers the next search from the changed texts, not from the words it kept', () => {
    const index = createTextIndex()
    index.update(TEXTS)
    expect(idsOf(index, 'guitar')).toEqual(['p4'])
    const renamed = TEXTS.map((text) => (text.id === 'p5' ? { ...text, name: 'Guitar Step Tools' } : text))
    index.update(renamed)
    expect(idsOf(index, 'guitar')).toEqual(['p4', 'p5'])
    expectScores(asMap(index, index.search('guitar')), wholeQueryScores(renamed, 'guitar'), 'guitar')
    index.update(renamed.filter((text) => text.id !== 'p4'))
    expect(idsOf(index, 'guitar')).toEqual(['p5'])
  })

  it('scores each word as stock MiniSearch does once discarded products are cleaned out, and never matches a discarded one', async () => {
    const stock = new MiniSearch<IndexedText>(TEXT_ENGINE_OPTIONS)
    const lean = createTextEngine()
    stock.addAll(TEXTS)
    for (const text of TEXTS) lean.addText(text)
    // Discarded products stay in the postings until a search meets them (or a vacuum runs).
    stock.discard('p2')
    stock.discard('p5')
    stock.add({ ...TEXTS[4]!, name: 'Guitar Step Tools' })
    lean.discardText('p2')
    lean.discardText('p5')
    lean.addText({ ...TEXTS[4]!, name: 'Guitar Step Tools' })
    await stock.vacuum()
    const stockScores = (word: string) => new Map(stock.search(wordQuery(word)).map((result) => [result.id as string, result.score]))
    const leanScores = (word: string) => asMap(lean, lean.wordScores(word, editsAllowed(word)))
    for (const word of ['step', 'l', 'garage', 'guitr', 'sequencer', '2', 'step', 'garaeg', 'lofii']) expectScores(leanScores(word), stockScores(word), word)
    expect([...leanScores('step').keys()].sort()).toEqual(['p3', 'p5'])
    expect([...leanScores('shuffle').keys()]).toEqual([])
  })

  it('answers a search from a kept word even when keeping its other word writes over that kept word', () => {
    const named = (id: string, name: string): IndexedText => ({ id, name, description: '', genre: '', tags: '' })
    const texts = [named('p1', 'Drums Vocal'), named('p2', 'Drums'), named('p3', 'Piano'), named('p4', 'Piano')]
    texts.push(named('p5', 'Organ'), named('p6', 'Organ'), named('p7', 'Flute'), named('q1', 'Vocal'))
    // A ring of 8 matches: drums, piano, organ and flute fill 7; vocal's two go to its start, over drums.
    const index = createTextIndex({ keptMatches: 8 })
    index.update(texts)
    for (const q of ['drums', 'piano', 'organ', 'flute']) expect(idsOf(index, q)).toHaveLength(q === 'flute' ? 1 : 2)
    expect(idsOf(index, 'drums vocal')).toEqual(['p1'])
    expectScores(asMap(index, index.search('drums vocal')), wholeQueryScores(texts, 'drums vocal'), 'drums vocal')
    expect(idsOf(index, 'drums')).toEqual(['p1', 'p2'])
  })

  it('keeps a word of one or two letters while a stream of longer words passes through the kept matches', () => {
    const texts: IndexedText[] = Array.from({ length: 400 }, (_, i) => ({
      id: `q${i}`,
      name: `Pack ${i}`,
      description: 'Patterns for any DAW.',
      genre: 'Techno',
      tags: 'sequencer loops',
    }))
    const index = createTextIndex()
    index.update(texts)
    const searched = vi.spyOn(ScoringEngine.prototype, 'wordScores')
    const timesSearched = (word: string) => searched.mock.calls.filter(([searchedWord]) => searchedWord === word).length
    index.search('l')
    index.search('sequencer')
    // 1,296 misspellings two edits from "sequencer", each matching all 400 packs: more matches than the long words may hold.
    const letters = 'abcdefghijklmnopqrstuvwxyz0123456789'
    for (const first of letters) for (const second of letters) expect(index.search(`sequencer${first}${second}`)!.docs.length).toBe(400)
    index.search('l')
    index.search('sequencer')
    expect(timesSearched('l')).toBe(1)
    expect(timesSearched('sequencer')).toBe(2)
    searched.mockRestore()
  })
})
