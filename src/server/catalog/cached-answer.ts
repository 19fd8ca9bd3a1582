/**
 * A public answer as ready-to-send bytes: the JSON (each list item's written once), a strong ETag,
 * its brotli or gzip form once a client has taken it, and the Cache-Control that lets browsers and
 * CDNs keep it no longer than it is right. The catalog cache (catalog-cache.ts) keeps them; routes
 * send them with `sendCached`.
 */
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants, gzip } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'

/** Browsers keep an answer a minute; a CDN may serve a stale one for ten while it fetches anew. */
const MAX_AGE_SECONDS = 60
const STALE_SECONDS = 600
export const CATALOG_CACHE_CONTROL = `public, max-age=${MAX_AGE_SECONDS}, stale-while-revalidate=${STALE_SECONDS}`
/** Below this, compression costs more than the bytes it saves. */
const COMPRESS_FROM_BYTES = 1024

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

/** An answer as it is kept and sent: its JSON's bytes and their strong ETag, compressed later as clients ask. */
export async function prepare(body: unknown): Promise<CachedAnswer> {
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
