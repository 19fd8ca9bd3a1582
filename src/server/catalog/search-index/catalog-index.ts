/**
 * The product list's search and facet engine: the seam between the catalog and what answers
 * "which products, in which order, and how many of each facet". The in-memory index here holds the
 * active catalog's filter fields and search text in this process, read from the database (which
 * stays the truth) at start and again after every catalog change any process makes (the catalog
 * cache's clear, from the change notifications). An answer asked for after a change waits for the
 * index to be read again, so it never answers from the catalog as it was before the change. A
 * search server (Meilisearch, Typesense, OpenSearch) would implement the same interface.
 */
import type { CatalogFacets } from '../../../shared/contract/catalog-filters.ts'
import type { Database } from '../../db/client.ts'
import type { ProductListParams } from '../catalog.service.ts'
import type { SalePricing } from '../product-view.ts'
import { facetsOf } from './index-facets.ts'
import { pageOf, select, type IndexSnapshot, type SearchMatches } from './index-query.ts'
import { loadIndexCategories, loadIndexRows, type IndexedText } from './index-rows.ts'
import { createTextIndex } from './index-text.ts'

/** How soon after a read the texts are indexed when no search asked for them first. */
const TEXT_INDEX_DELAY_MS = 1_000

export interface CatalogSearchEngine {
  /** One page of the list (product ids in its order), how many products it has, and its facets when asked for. */
  list(params: ProductListParams, pricing: SalePricing): Promise<{ ids: string[]; total: number; facets?: CatalogFacets }>
  facets(params: ProductListParams, pricing: SalePricing): Promise<CatalogFacets>
  /** The catalog changed: the next answer reads it again. */
  invalidate(): void
  /** How many changes it has been told of: what it answers from memory (and what is kept beside it) is for this count. */
  readonly changes: number
}

export interface CatalogIndexEvents {
  /** Each time the index has read the catalog: how many products and how long it took. */
  onBuilt?: (built: { products: number; milliseconds: number }) => void
  onError?: (error: unknown) => void
}

export function createCatalogIndex(db: Database, { onBuilt, onError }: CatalogIndexEvents = {}): CatalogSearchEngine & { ready(): Promise<void> } {
  const text = createTextIndex()
  /** Counts the catalog changes heard; a snapshot read for an older count is not answered from. */
  let generation = 0
  let built: { snapshot: IndexSnapshot; generation: number } | null = null
  let pending: { snapshot: Promise<IndexSnapshot>; generation: number } | null = null
  // Reads run one after another, so the text index always ends on the latest catalog.
  let queue: Promise<unknown> = Promise.resolve()

  /**
   * The newest texts the text engine has not indexed yet. A list without a text search does not
   * need them, so they are indexed by the first search, or a moment after they were read when no
   * search asked first: a start (or a catalog change) is not held up by them.
   */
  let unindexed: IndexedText[] | null = null
  let indexSoon: ReturnType<typeof setTimeout> | null = null
  function indexTexts(): void {
    if (indexSoon) clearTimeout(indexSoon)
    indexSoon = null
    if (!unindexed) return
    text.update(unindexed)
    unindexed = null
  }
  /** A text search over `snapshot`'s rows. */
  const searchIn =
    (snapshot: IndexSnapshot) =>
    (q: string): SearchMatches | null => {
      indexTexts()
      const found = text.search(q)
      if (!found) return null
      if (snapshot.documentRows?.version !== text.version)
        snapshot.documentRows = { version: text.version, rowOfDocument: text.rowsOfDocuments(snapshot.rows.rowOf) }
      return { ...found, rowOfDocument: snapshot.documentRows.rowOfDocument }
    }

  async function read(): Promise<IndexSnapshot> {
    const started = performance.now()
    const [rows, categories] = await Promise.all([loadIndexRows(db), loadIndexCategories(db)])
    // Reads run one after another, so these are always the newest texts.
    unindexed = rows.texts ?? []
    rows.texts = null
    indexSoon ??= setTimeout(indexTexts, TEXT_INDEX_DELAY_MS)
    indexSoon.unref()
    onBuilt?.({ products: rows.count, milliseconds: Math.round(performance.now() - started) })
    return { rows, categories, sets: null, scopeFacets: new Map(), salePrices: new Map(), orders: new Map(), documentRows: null }
  }

  function current(): Promise<IndexSnapshot> {
    if (built && built.generation === generation) return Promise.resolve(built.snapshot)
    if (pending && pending.generation === generation) return pending.snapshot
    const madeFor = generation
    const snapshot = queue.then(read)
    queue = snapshot.catch(() => undefined)
    pending = { snapshot, generation: madeFor }
    snapshot.then(
      (made) => {
        if (!built || built.generation <= madeFor) built = { snapshot: made, generation: madeFor }
        if (pending?.snapshot === snapshot) pending = null
      },
      () => {
        if (pending?.snapshot === snapshot) pending = null
      },
    )
    return snapshot
  }

  return {
    async list(params, pricing) {
      const snapshot = await current()
      const selection = select(snapshot, params, pricing, searchIn(snapshot))
      const page = pageOf(snapshot, params, selection)
      return params.facets ? { ...page, facets: facetsOf(snapshot, params, selection) } : page
    },

    async facets(params, pricing) {
      const snapshot = await current()
      return facetsOf(snapshot, params, select(snapshot, params, pricing, searchIn(snapshot)))
    },

    invalidate() {
      generation++
    },

    get changes() {
      return generation
    },

    /** Reads the catalog now (at start), so the first shopper does not wait for it; a failure is reported and retried by the next answer. */
    async ready() {
      try {
        await current()
      } catch (error) {
        onError?.(error)
      }
    },
  }
}
