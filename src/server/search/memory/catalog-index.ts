/**
 * The catalog's search from an index held in this process (CATALOG_SEARCH=memory, ADR 0020): the
 * active catalog's filter fields and search text, read from the database (which stays the truth)
 * at start and again after every catalog change any process makes (the catalog cache's clear,
 * from the change notifications). An answer asked for after a change waits for the index to be
 * read again, so it never answers from the catalog as it was before the change.
 *
 * A list's page comes from the index as product ids in order and a total; its items are kept in
 * memory from earlier lists (kept-rows.ts, at most 20,000), or read by primary key (one query,
 * at most a page of ids) and priced. Kept items are dropped when the catalog changes or the running
 * sales are read again (at a sale boundary or after a sale is written), so a kept item is always
 * the one the database and the clock would give. The suggestions are SQL's (search-suggestions.ts).
 */
import { desc, eq, sql } from 'drizzle-orm'
import type { ProductListItem } from '../../../shared/contract/catalog.ts'
import { countBundleItems } from '../../catalog/bundles.service.ts'
import type { CatalogSearch } from '../../catalog/catalog-search.ts'
import { categories, categoryViewColumns, products } from '../../catalog/catalog.schema.ts'
import { mediaUrlFor, toJoinedListItem, type SalePricing } from '../../catalog/product-view.ts'
import type { Database } from '../../db/client.ts'
import { LISTED_COLUMNS } from '../listed-columns.ts'
import { searchSuggestionsIn } from '../sql/search-suggestions.ts'
import { facetsOf } from './index-facets.ts'
import { pageOf, select, type IndexSnapshot, type SearchMatches } from './index-query.ts'
import { loadIndexCategories, loadIndexRows, type IndexedText } from './index-rows.ts'
import { createTextIndex } from './index-text.ts'
import { createKeptRows } from './kept-rows.ts'

/** How soon after a read the texts are indexed when no search asked for them first. */
const TEXT_INDEX_DELAY_MS = 1_000

/**
 * How many list items are kept in memory (about 2 KB each): the whole active catalog of most
 * stores, and the most asked-for part of a larger one.
 */
const KEPT_LIST_ITEMS = 20_000
/**
 * A moment after the first list of a catalog (at start, after each change), the rest of its items
 * are read into memory, this many at a time: a list that finds all its items kept sends no query,
 * which on the embedded database (run in the store's own thread) held every list behind it.
 */
const KEPT_FILL_DELAY_MS = 1_000
const KEPT_FILL_BATCH = 500

export interface CatalogIndexOptions {
  /** MEDIA_BASE_URL: the items' covers and previews are handed out from there instead of /media. */
  mediaBaseUrl?: string | undefined
  /** Each time the index has read the catalog: how many products and how long it took. */
  onBuilt?: (built: { products: number; milliseconds: number }) => void
  onError?: (error: unknown) => void
}

/** The engine, and what app.ts does with it: tell it of every change, and read the catalog at start. */
export type CatalogIndex = Required<CatalogSearch> & {
  /** Reads the catalog now (at start), so the first shopper does not wait for it; a failure is reported and retried by the next answer. */
  ready(): Promise<void>
}

export function createCatalogIndex(db: Database, { mediaBaseUrl, onBuilt, onError }: CatalogIndexOptions = {}): CatalogIndex {
  const mediaUrl = mediaUrlFor(mediaBaseUrl)
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

  // Built once and prepared: a list from the index spends its time on nothing but this read.
  const listedByIds = db
    .select({ product: LISTED_COLUMNS, category: categoryViewColumns })
    .from(products)
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .where(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('catalog_listed_by_ids')

  /**
   * A list item stays right while the catalog and the running sales stay as they are: the kept
   * items are for one count of catalog changes and one list of sales (a new list is read at each
   * sale boundary and after each sale written), so either moving on drops them.
   */
  let pricedWith: SalePricing['sales'] | null = null
  let pricingEra = 0
  /** What the kept items are for: moves with each catalog change and each new list of sales. */
  const itemsEra = () => generation + pricingEra
  const keptItems = createKeptRows<ProductListItem>(KEPT_LIST_ITEMS, (item) => item.id, itemsEra)

  /** The items of a page's ids, in its order: kept from earlier lists or read in one query by primary key. */
  async function itemsOf(ids: string[], pricing: SalePricing): Promise<ProductListItem[]> {
    if (ids.length === 0) return []
    // Compared with no wait before the read, so no list priced otherwise can keep items between them.
    if (pricing.sales !== pricedWith) {
      pricedWith = pricing.sales
      pricingEra++
    }
    // A kept bundle keeps its count of products: a change to what it holds is a catalog change.
    const loadItems = async (missing: string[]) =>
      countBundleItems(
        db,
        (await listedByIds.execute({ ids: missing })).map((row) => toJoinedListItem(row, mediaUrl, pricing)),
      )
    const byId = await keptItems.read(ids, loadItems)
    fillKeptItemsSoon(loadItems)
    return ids.map((id) => byId.get(id)).filter((item) => item !== undefined)
  }

  /** Once per era of the kept items: the active catalog's items, newest first, up to what is kept. */
  let filledFor: number | null = null
  function fillKeptItemsSoon(loadItems: (missing: string[]) => Promise<ProductListItem[]>): void {
    if (filledFor === itemsEra()) return
    filledFor = itemsEra()
    const fill = async () => {
      const active = await db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.isActive, true))
        .orderBy(desc(products.createdAt))
        .limit(KEPT_LIST_ITEMS)
      await keptItems.fill(
        active.map((row) => row.id),
        loadItems,
        KEPT_FILL_BATCH,
      )
    }
    // Only time is lost when it fails: the lists read what they miss, as before.
    setTimeout(() => void fill().catch(() => undefined), KEPT_FILL_DELAY_MS).unref()
  }

  return {
    async list(params, pricing) {
      const snapshot = await current()
      const selection = select(snapshot, params, pricing, searchIn(snapshot))
      const { ids, total } = pageOf(snapshot, params, selection)
      const facets = params.facets ? facetsOf(snapshot, params, selection) : undefined
      return { items: await itemsOf(ids, pricing), total, facets }
    },

    async facets(params, pricing) {
      const snapshot = await current()
      return facetsOf(snapshot, params, select(snapshot, params, pricing, searchIn(snapshot)))
    },

    suggestions: searchSuggestionsIn(db, mediaUrl),

    countsFacetsWithList: true,

    invalidate() {
      generation++
    },

    async ready() {
      try {
        await current()
      } catch (error) {
        onError?.(error)
      }
    },
  }
}
