/**
 * The public catalog's answers held in this process as ready-to-send bytes (cached-answer.ts), and
 * the storefront pages rendered from them. Public means
 * the same for everyone: nothing personal is ever stored here. Every write to the catalog's tables, from any process, clears the cache
 * (a database trigger NOTIFYs the channel, db/migrations/0010), so a change shows at once; and
 * everything kept expires at the next sale boundary (a timed sale's start or end), so a price
 * moves on time with nothing written.
 * Concurrent misses for one answer share one query; an answer being made while the catalog
 * changes is not kept. An answer is kept from the second time its address is asked for: most
 * distinct lists (a rare mix of filters, a half-typed search) are asked for once, and keeping each
 * pushed out an answer that is asked for again.
 */
import { prepare, type CachedAnswer } from './cached-answer.ts'

export const CATALOG_CHANNEL = 'als_catalog_changed'
/** Bounds memory when many distinct lists (searches, pages) are asked for: the oldest answer goes first. */
const MAX_ENTRIES = 1000
/** Rendered pages are larger (markup and the query cache beside it): fewer are kept. */
const MAX_PAGES = 200
/** Keys asked for once and not kept, remembered so the second ask keeps its answer (a key is a short string). */
const MAX_ASKED_ONCE = 4 * MAX_ENTRIES

export function createCatalogCache() {
  const entries = new Map<string, Promise<CachedAnswer>>()
  const pages = new Map<string, Promise<unknown>>()
  const values = new Map<string, Promise<unknown>>()
  const clearListeners = new Set<() => void>()
  /** The made answers of this generation by key, and the key each address (path and query) asked for: see readyFor. */
  const ready = new Map<string, CachedAnswer>()
  const keyOfUrl = new Map<string, string>()
  /**
   * Keys asked for once, and the answers being made for a first ask (shared by asks meanwhile).
   * A first answer is sent and dropped: a kept answer for every distinct list would push out the
   * ones asked for again, and would live long enough to reach the old generation of the heap,
   * whose collections (one a second at a thousand distinct lists a second) held every answer back.
   */
  const askedOnce = new Map<string, true>()
  const firstAsks = new Map<string, Promise<CachedAnswer>>()
  let generation = 0
  /** The next sale boundary (Date.now() milliseconds): every answer may be wrong from then on. */
  let expiresAt: number | null = null

  function clear(): void {
    generation++
    entries.clear()
    ready.clear()
    pages.clear()
    values.clear()
    for (const listener of clearListeners) listener()
  }

  /** Read before every answer: at or after the expiry nothing kept may be served (Date.now(), so a test's clock moves it). */
  function clearIfExpired(): void {
    if (expiresAt !== null && Date.now() >= expiresAt) {
      expiresAt = null
      clear()
    }
  }

  /** The value under `key` in `store`, made once however many ask at the same time, and kept only if the catalog did not change meanwhile. */
  function remember<T>(store: Map<string, Promise<T>>, limit: number, key: string, make: () => Promise<T>): Promise<T> {
    clearIfExpired()
    const cached = store.get(key)
    if (cached) return cached
    const madeIn = generation
    const made = make()
    store.set(key, made)
    made.then(
      () => {
        // Made from rows read before the catalog changed: answer this request, keep nothing.
        if (generation !== madeIn && store.get(key) === made) store.delete(key)
      },
      () => {
        if (store.get(key) === made) store.delete(key)
      },
    )
    if (store.size > limit) store.delete(store.keys().next().value!)
    return made
  }

  /** Adds to a bounded map (by default as the cache is): the oldest goes first. */
  function keep<T>(store: Map<string, T>, key: string, value: T, limit = MAX_ENTRIES): void {
    store.set(key, value)
    if (store.size > limit) store.delete(store.keys().next().value!)
  }

  /** The answer to a key's first ask: made once however many ask meanwhile, and not kept. */
  function firstAnswer(key: string, produce: () => Promise<unknown>): Promise<CachedAnswer> {
    let making = firstAsks.get(key)
    if (!making) {
      keep(askedOnce, key, true, MAX_ASKED_ONCE)
      const made = produce().then(prepare)
      const done = () => {
        if (firstAsks.get(key) === made) firstAsks.delete(key)
      }
      made.then(done, done)
      firstAsks.set(key, made)
      making = made
    }
    return making
  }

  return {
    /**
     * The cached answer under `key`, made by `produce` (once, however many ask at the same time) when missing.
     * It is kept from the key's second ask; the first ask's answer is sent and dropped.
     * With `url`, the address (path and query) the request asked it by: a repeat of that address is then ready before its route runs (readyFor).
     */
    answer(key: string, produce: () => Promise<unknown>, url?: string): Promise<CachedAnswer> {
      clearIfExpired()
      if (!entries.has(key) && (firstAsks.has(key) || !askedOnce.delete(key))) return firstAnswer(key, produce).then((answer) => ({ ...answer, expiresAt }))
      if (url !== undefined) keep(keyOfUrl, url, key)
      const askedIn = generation
      const made = remember(entries, MAX_ENTRIES, key, () => produce().then(prepare))
      return made.then((answer) => {
        if (generation === askedIn && entries.get(key) === made) keep(ready, key, answer)
        // The expiry as it stands once the answer is made (making it may have read the sales that set it).
        return { ...answer, expiresAt }
      })
    },

    /**
     * The answer a request for `url` gets, when that address was answered before and its answer is
     * still kept; else undefined (the route validates and answers). An address asks the same
     * question whatever the catalog holds, so neither validation nor the handler could change it.
     */
    readyFor(url: string): CachedAnswer | undefined {
      clearIfExpired()
      const key = keyOfUrl.get(url)
      const answer = key === undefined ? undefined : ready.get(key)
      return answer && { ...answer, expiresAt }
    },

    /** A storefront page rendered from the catalog (the same for every visitor), made by `render` when missing. */
    page<T>(pathAndQuery: string, render: () => Promise<T>): Promise<T> {
      return remember(pages as Map<string, Promise<T>>, MAX_PAGES, pathAndQuery, render)
    },

    /** A value made from the catalog (facet counts shared by every page and order of one filtered list), made by `make` when missing. */
    value<T>(key: string, make: () => Promise<T>): Promise<T> {
      return remember(values as Map<string, Promise<T>>, MAX_ENTRIES, key, make)
    },

    /** Drops every answer: the catalog changed. */
    clear,

    /** Calls `listener` whenever the cache is cleared (a catalog change in any process, or the expiry), so what the answers are made from is read again. */
    onClear(listener: () => void): () => void {
      clearListeners.add(listener)
      return () => clearListeners.delete(listener)
    },

    /** Every answer and page is dropped at `at` (the next sale boundary) by the first read at or after it; null: no such moment ahead. */
    expireAt(at: Date | null): void {
      expiresAt = at?.getTime() ?? null
    },
  }
}

export type CatalogCache = ReturnType<typeof createCatalogCache>
