/**
 * The public catalog's answers held in this process as ready-to-send bytes: the JSON, a strong
 * ETag, and its brotli or gzip form once a client has taken it; and the storefront pages rendered from them. Public means
 * the same for everyone: nothing personal is ever stored here. Every write to the catalog's tables, from any process, clears the cache
 * (a database trigger NOTIFYs the channel, db/migrations/0010), so a change shows at once; and
 * everything kept expires at the next sale boundary (a timed sale's start or end), so a price
 * moves on time with nothing written.
 * Concurrent misses for one answer share one query; an answer being made while the catalog
 * changes is not kept. An answer is kept from the second time its address is asked for: most
 * distinct lists (a rare mix of filters, a half-typed search) are asked for once, and keeping each
 * pushed out an answer that is asked for again.
 */
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants, gzip } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'

export const CATALOG_CHANNEL = 'als_catalog_changed'
/** Browsers keep an answer a minute; a CDN may serve a stale one for ten while it fetches anew. */
const MAX_AGE_SECONDS = 60
const STALE_SECONDS = 600
export const CATALOG_CACHE_CONTROL = `public, max-age=${MAX_AGE_SECONDS}, stale-while-revalidate=${STALE_SECONDS}`
/** Below this, compression costs more than the bytes it saves. */
const COMPRESS_FROM_BYTES = 1024
/** Bounds memory when many distinct lists (searches, pages) are asked for: the oldest answer goes first. */
const MAX_ENTRIES = 1000
/** Rendered pages are larger (markup and the query cache beside it): fewer are kept. */
const MAX_PAGES = 200
/** Keys asked for once and not kept, remembered so the second ask keeps its answer (a key is a short string). */
const MAX_ASKED_ONCE = 4 * MAX_ENTRIES

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

export interface CachedAnswer {
  etag: string
  identity: Buffer
  /** Whether the answer is large enough to be worth compressing. */
  compressible: boolean
  /** Its brotli and gzip forms, each made the first time a client takes it, then kept with the answer. */
  encoded: { br?: Promise<Buffer>; gzip?: Promise<Buffer>; smallest?: boolean }
  /** When the cache drops it (the next sale boundary, Date.now() milliseconds); null: at the next change only. */
  expiresAt?: number | null
}

/**
 * Cache-Control of an answer that is right until `expiresAt`: neither a browser's copy nor a
 * CDN's stale one may be used past it (a sale's price would outlive its end), so max-age and
 * stale-while-revalidate together end by then.
 */
export function cacheControlUntil(expiresAt: number | null | undefined, now = Date.now()): string {
  if (expiresAt === null || expiresAt === undefined) return CATALOG_CACHE_CONTROL
  const left = Math.max(0, Math.floor((expiresAt - now) / 1000))
  if (left >= MAX_AGE_SECONDS + STALE_SECONDS) return CATALOG_CACHE_CONTROL
  const maxAge = Math.min(MAX_AGE_SECONDS, left)
  return left > maxAge ? `public, max-age=${maxAge}, stale-while-revalidate=${left - maxAge}` : `public, max-age=${maxAge}`
}

/** Each list item's JSON, written once per item object: the index path hands the same kept items to list after list. */
const itemJson = new WeakMap<object, string>()

function jsonOfItem(item: object): string {
  let json = itemJson.get(item)
  if (json === undefined) {
    json = JSON.stringify(item)
    itemJson.set(item, json)
  }
  return json
}

/**
 * The JSON text of an answer, as JSON.stringify writes it. An answer that opens with a `data` list
 * of objects is joined from its items' JSON (written once per item object) and the rest: most of
 * an uncached list's bytes are its items, and writing them again was a sixth of its time.
 */
export function jsonOf(body: unknown): string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return JSON.stringify(body)
  const { data, ...rest } = body as { data?: unknown }
  const opensWithData = Object.keys(body)[0] === 'data'
  if (!opensWithData || !Array.isArray(data) || !data.every((item) => typeof item === 'object' && item !== null && !('toJSON' in item)))
    return JSON.stringify(body)
  const restJson = JSON.stringify(rest)
  return `{"data":[${data.map(jsonOfItem).join(',')}]${restJson === '{}' ? '}' : `,${restJson.slice(1)}`}`
}

async function prepare(body: unknown): Promise<CachedAnswer> {
  const identity = Buffer.from(jsonOf(body))
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`
  return { etag, identity, compressible: identity.length >= COMPRESS_FROM_BYTES, encoded: {} }
}

/**
 * The answer's bytes in `encoding`, compressed once (most distinct lists are asked for by one
 * client, in one encoding). Brotli is made quick first (quality 1: a quarter of the time of
 * quality 6, about 15 % larger), and made small (quality 6) once the answer is asked for again.
 */
function encodedAs(answer: CachedAnswer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  const made = answer.encoded[encoding]
  if (made) {
    if (encoding === 'br' && !answer.encoded.smallest) {
      answer.encoded.smallest = true
      const smaller = brotli(answer.identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } })
      smaller.then(
        () => (answer.encoded.br = smaller),
        () => undefined,
      )
    }
    return made
  }
  const making = encoding === 'br' ? Promise.resolve(quickBrotli(answer.identity)) : gzipped(answer.identity, { level: 6 })
  answer.encoded[encoding] = making
  return making
}

/**
 * Brotli at quality 1 in this thread, with a window fitted to the answer: 40–90 µs for a 27 KB
 * list, less than handing it to zlib's thread pool costs (a stream, its events and the callback
 * took more of an uncached list's time than the compression itself).
 */
function quickBrotli(identity: Buffer): Buffer {
  const window = Math.min(constants.BROTLI_MAX_WINDOW_BITS, Math.max(constants.BROTLI_MIN_WINDOW_BITS + 6, Math.ceil(Math.log2(identity.length + 1))))
  return brotliCompressSync(identity, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length, [constants.BROTLI_PARAM_LGWIN]: window },
  })
}

/** The encoding a client accepts, best first; a `q=0` refuses it. */
function acceptedEncoding(acceptEncoding: string): 'br' | 'gzip' | null {
  const accepted = new Set(
    acceptEncoding
      .toLowerCase()
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number.parseFloat(q.split('=')[1] ?? '1') > 0)
      .map(([name]) => name),
  )
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip'
  return null
}

/** Browsers send one of a few Accept-Encoding headers: each is read once, not on every answer. */
const encodingOfHeader = new Map<string, 'br' | 'gzip' | null>()
const MAX_ENCODING_HEADERS = 100

function encodingFor(acceptEncoding: string | undefined, answer: CachedAnswer): 'br' | 'gzip' | null {
  if (!acceptEncoding || !answer.compressible) return null
  let encoding = encodingOfHeader.get(acceptEncoding)
  if (encoding === undefined) {
    encoding = acceptedEncoding(acceptEncoding)
    if (encodingOfHeader.size < MAX_ENCODING_HEADERS) encodingOfHeader.set(acceptEncoding, encoding)
  }
  return encoding
}

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

/** Sends a cached answer: 304 when the client holds it, else its bytes in the best encoding the client takes. */
export async function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): Promise<FastifyReply> {
  reply.header('ETag', answer.etag).header('Cache-Control', cacheControlUntil(answer.expiresAt)).header('Vary', 'Accept-Encoding')
  const ifNoneMatch = request.headers['if-none-match']
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === answer.etag)) return reply.code(304).send()
  const encoding = encodingFor(request.headers['accept-encoding'], answer)
  reply.type('application/json; charset=utf-8')
  if (encoding) return reply.header('Content-Encoding', encoding).send(await encodedAs(answer, encoding))
  return reply.send(answer.identity)
}
