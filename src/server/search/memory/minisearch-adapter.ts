/**
 * MiniSearch's internals, read here and nowhere else. The text engine (scoring-engine.ts) scores
 * a word in dense arrays from MiniSearch's own postings and BM25 figures instead of through its
 * query loop (ADR 0020), which reads what MiniSearch keeps to itself: its radix tree of words and
 * postings (`_index`), each product's field lengths (`_fieldLength`) and their averages
 * (`_avgFieldLength`), the live document numbers (`_documentIds`, `_idToShortId`, `_nextId`), its
 * options with their defaults (`_fieldIds`, `_options`), and `removeTerm` to clean out a
 * discarded product's postings. None of it is MiniSearch's API: a release may rename or reshape
 * any of it without notice, and the scores would then be wrong without an error.
 *
 * So this file is written for one MiniSearch (MINISEARCH_VERSION; package.json pins it):
 * minisearch-adapter.test.ts fails on any other version installed, and every engine checks the
 * shapes of what it reads when it is made (assertKnownInternals), so a MiniSearch that changed
 * them is refused at start rather than answering wrong. Upgrading MiniSearch means reading its
 * source again against this file. What the engine reads goes through small protected members,
 * each once per search or per word derived, never per posting: the loops over postings run on
 * the maps these hand out, as before.
 */
import MiniSearch from 'minisearch'
import type { IndexedText } from './index-rows.ts'

/** The MiniSearch whose internals this file reads: 7.2.x. */
export const MINISEARCH_VERSION = '7.2'

/** Whether an installed MiniSearch (its package.json version) is one this file was written for. */
export function isWrittenFor(version: string): boolean {
  return version === MINISEARCH_VERSION || version.startsWith(`${MINISEARCH_VERSION}.`)
}

/** A word's postings: by field id, each product's (document number's) count of the word. */
export type FieldPostings = Map<number, Map<number, number>>

/** What this reads of MiniSearch's internals (names as in its source). */
interface Internals {
  _index: {
    get(term: string): FieldPostings | undefined
    atPrefix(prefix: string): Iterable<[string, FieldPostings]>
    fuzzyGet(term: string, maxDistance: number): Map<string, [FieldPostings, number]>
  }
  _fieldIds: Record<string, number>
  _avgFieldLength: number[]
  _documentIds: Map<number, string>
  _idToShortId: Map<string, number>
  _fieldLength: Map<number, number[]>
  _nextId: number
  /** The options given, with MiniSearch's defaults for the rest (the search options merged with its search defaults). */
  _options: {
    fields: string[]
    searchOptions: { boost?: Record<string, number>; weights: { fuzzy: number; prefix: number }; bm25: { k: number; b: number; d: number } }
  }
  removeTerm(fieldId: number, documentId: number, term: string): void
}

const isNumber = (value: unknown) => typeof value === 'number'
const isFunction = (value: unknown) => typeof value === 'function'
const numbersIn = (value: unknown, keys: readonly string[]) =>
  typeof value === 'object' && value !== null && keys.every((key) => isNumber((value as Record<string, unknown>)[key]))

/**
 * Refuses an engine whose internals are not what this file reads: each of them present, of the
 * kind it is read as. Run on every engine as it is made (a new one is empty, so the check costs
 * nothing), and on stand-ins by the test.
 */
export function assertKnownInternals(engine: MiniSearch<never> | MiniSearch<IndexedText>): void {
  const internals = engine as unknown as Record<string, unknown>
  const index = internals._index as Record<string, unknown> | undefined
  const options = internals._options as { fields?: unknown; searchOptions?: Record<string, unknown> } | undefined
  const checks: [string, boolean][] = [
    ['_index.get', isFunction(index?.get)],
    ['_index.atPrefix', isFunction(index?.atPrefix)],
    ['_index.fuzzyGet', isFunction(index?.fuzzyGet)],
    ['_fieldIds', typeof internals._fieldIds === 'object' && internals._fieldIds !== null],
    ['_avgFieldLength', Array.isArray(internals._avgFieldLength)],
    ['_documentIds', internals._documentIds instanceof Map],
    ['_idToShortId', internals._idToShortId instanceof Map],
    ['_fieldLength', internals._fieldLength instanceof Map],
    ['_nextId', isNumber(internals._nextId)],
    ['_options.fields', Array.isArray(options?.fields)],
    ['_options.searchOptions.bm25', numbersIn(options?.searchOptions?.bm25, ['k', 'b', 'd'])],
    ['_options.searchOptions.weights', numbersIn(options?.searchOptions?.weights, ['fuzzy', 'prefix'])],
    ['removeTerm', isFunction(internals.removeTerm)],
    ['documentCount', isNumber(engine.documentCount)],
  ]
  const unknown = checks.filter(([, known]) => !known).map(([name]) => name)
  if (unknown.length > 0) {
    throw new Error(
      `MiniSearch's internals are not those of MiniSearch ${MINISEARCH_VERSION}, which src/server/search/memory/minisearch-adapter.ts ` +
        `reads (${unknown.join(', ')}): install MiniSearch ${MINISEARCH_VERSION}, or read its new source against that file`,
    )
  }
}

/** A field as a search weighs it: its id in the postings, its name and its boost in the search options. */
export interface SearchedField {
  name: string
  fieldId: number
  boost: number
}

/** MiniSearch, with what its scoring reads of the index open to a subclass (scoring-engine.ts). */
export class MiniSearchAdapter extends MiniSearch<IndexedText> {
  /** Each field's id and boost (the search options'). */
  protected readonly searchedFields: readonly SearchedField[]
  /** BM25's parameters, and the weights of a word a search's word begins (prefix) or is a few edits from (fuzzy): MiniSearch's. */
  protected readonly bm25: { k: number; b: number; d: number }
  protected readonly weights: { fuzzy: number; prefix: number }

  constructor(options: ConstructorParameters<typeof MiniSearch<IndexedText>>[0]) {
    super(options)
    assertKnownInternals(this)
    const { _fieldIds, _options } = this as unknown as Internals
    const { boost = {}, bm25, weights } = _options.searchOptions
    this.searchedFields = _options.fields.map((name) => ({ name, fieldId: _fieldIds[name]!, boost: boost[name] ?? 1 }))
    this.bm25 = bm25
    this.weights = weights
  }

  /** Document numbers (MiniSearch's short ids) run from 0 to below this; the next text added takes it. */
  protected get documentSpace(): number {
    return (this as unknown as Internals)._nextId
  }

  /** The document number of a product's text, or undefined when it has none. */
  protected documentOf(productId: string): number | undefined {
    return (this as unknown as Internals)._idToShortId.get(productId)
  }

  /** The document numbers of the texts indexed now (a discarded product's postings may still name its number). */
  protected get liveDocuments(): ReadonlyMap<number, string> {
    return (this as unknown as Internals)._documentIds
  }

  /** Each document's length (in words) in each field, by field id. */
  protected get fieldLengths(): ReadonlyMap<number, readonly number[]> {
    return (this as unknown as Internals)._fieldLength
  }

  /** A field's average length over the documents indexed now. */
  protected averageFieldLength(fieldId: number): number {
    return (this as unknown as Internals)._avgFieldLength[fieldId]!
  }

  /** The postings of the word itself, when it is indexed. */
  protected postingsOf(word: string): FieldPostings | undefined {
    return (this as unknown as Internals)._index.get(word)
  }

  /** The indexed words that begin with `prefix` (itself among them), with their postings. */
  protected postingsAtPrefix(prefix: string): Iterable<[string, FieldPostings]> {
    return (this as unknown as Internals)._index.atPrefix(prefix)
  }

  /** The indexed words at most `edits` edits from `word` (itself among them, at 0), with their postings and distance. */
  protected postingsNear(word: string, edits: number): Map<string, [FieldPostings, number]> {
    return (this as unknown as Internals)._index.fuzzyGet(word, edits)
  }

  /** Removes a discarded document's posting of `term` in a field, as MiniSearch does when its own search meets one. */
  protected removePosting(fieldId: number, doc: number, term: string): void {
    ;(this as unknown as Internals).removeTerm(fieldId, doc, term)
  }
}
