// The large-catalog case of the catalog benchmark (catalog.mjs), on PostgreSQL: 10,000 generated
// products (large-catalog.mjs), and the store's listing measured uncached at 20 connections for
// (a) a filtered, faceted listing, (b) a search with a typo, (c) the unfiltered list with facets.
// Uncached without a server switch: each kind of request cycles through 5,000 distinct addresses,
// so an address comes back only after 4,999 others have pushed it out of the 1,000-entry cache.
// Beside the store, the same run measures two ceilings (as catalog.mjs does): "bare", Fastify +
// node-postgres running the very statements the store ran (recorded by sql-capture.mjs), and
// "memory", Fastify sending the store's bytes from memory. The plans (EXPLAIN ANALYZE, BUFFERS)
// of the statements of one request of each kind are answered beside the figures.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { get } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { GENRES, KEY_IDS, TAGS, createRandom, generateLargeCatalog, pick } from './large-catalog.mjs'
import { startSqlCapture } from './sql-capture.mjs'

/** The target for an uncached filtered, faceted listing on 10,000 products. */
export const TARGET_P99_MS = 25
/** Distinct addresses per kind of request: several times the catalog cache's 1,000 entries. */
const DISTINCT_ADDRESSES = 5000
/** Requests of each kind recorded to learn the store's statements (the bare ceiling replays them). */
const RECORDED_REQUESTS = 20
const SOUND_TYPES = ['loops', 'one-shots', 'midi', 'presets', 'instruments', 'tools']
const SORTS = ['createdAt', 'price', 'rating', 'name', 'bpm']

/** `count` distinct addresses made by `make`. */
function distinct(count, make) {
  // Seeded, so the addresses are the same every run.
  const random = createRandom(`addresses-${count}`)
  const addresses = new Set()
  while (addresses.size < count) addresses.add(make(random))
  return [...addresses]
}

/** (a) What a shopper narrows to: one or two genres and a BPM range about their tempo, sometimes a key or a sound type. */
function filteredAddress(random) {
  const genre = pick(random, GENRES)
  const params = new URLSearchParams({ genre: genre.name })
  if (random() < 0.15) params.append('genre', pick(random, GENRES).name)
  const low = genre.bpm[0] - 5 + Math.floor(random() * (genre.bpm[1] - genre.bpm[0] + 6))
  params.set('bpmMin', String(low))
  params.set('bpmMax', String(low + pick(random, [5, 10, 15, 20])))
  if (random() < 0.3) params.set('key', pick(random, KEY_IDS))
  if (random() < 0.3) params.set('type', pick(random, SOUND_TYPES))
  params.set('facets', '1')
  params.set('limit', '24')
  return `/api/products?${params}`
}

/** One typo in `word`: two letters swapped, one dropped, one doubled, or one replaced. */
function typo(random, word) {
  const at = 1 + Math.floor(random() * (word.length - 2))
  switch (Math.floor(random() * 4)) {
    case 0:
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
    case 1:
      return word.slice(0, at) + word.slice(at + 1)
    case 2:
      return word.slice(0, at) + word[at] + word.slice(at)
    default:
      return word.slice(0, at) + pick(random, [...'aeiourstnl']) + word.slice(at + 1)
  }
}

const SEARCH_WORDS = [
  ...new Set([...GENRES.map((genre) => genre.name), ...TAGS].flatMap((text) => text.toLowerCase().split(/[^a-z0-9&-]+/)).filter((word) => word.length >= 5)),
]

/** (b) A search as typed in a hurry: one word with a typo, sometimes after a correct one. */
function searchAddress(random) {
  const misspelt = typo(random, pick(random, SEARCH_WORDS))
  const q = random() < 0.3 ? `${pick(random, SEARCH_WORDS)} ${misspelt}` : misspelt
  return `/api/products?${new URLSearchParams({ q, facets: '1', limit: '24' })}`
}

/** (c) The whole catalog with the filter panel: each sort order, its first pages (any offset from 0 to 499). */
function unfilteredAddresses() {
  const addresses = []
  for (let offset = 0; offset < DISTINCT_ADDRESSES / (SORTS.length * 2); offset++) {
    for (const sortBy of SORTS)
      for (const sortOrder of ['asc', 'desc']) addresses.push(`/api/products?facets=1&limit=24&sortBy=${sortBy}&sortOrder=${sortOrder}&offset=${offset}`)
  }
  return addresses
}

/** The three kinds of request: name and the addresses one cycles through. */
export function largeCatalogRequests() {
  return [
    { name: 'filtered + facets', addresses: distinct(DISTINCT_ADDRESSES, filteredAddress) },
    { name: 'search with a typo + facets', addresses: distinct(DISTINCT_ADDRESSES, searchAddress) },
    { name: 'unfiltered + facets', addresses: unfilteredAddresses() },
  ]
}

/** Runs autocannon against `base`, each request taking the next of `addresses` (the cycle continues across calls). */
function measureCycling(base, cycle, duration, connections, headers) {
  return new Promise((resolve, reject) => {
    const setupRequest = (request) => ({ ...request, path: cycle.addresses[cycle.next++ % cycle.addresses.length] })
    autocannon({ url: base, connections, duration, headers, requests: [{ method: 'GET', setupRequest }] }, (error, result) =>
      error ? reject(error) : resolve(result),
    )
  })
}

/**
 * Waits (at most a minute) until no statement runs on `database`: requests autocannon gave up on
 * when its time ran out still run on the server, and must not be measured with the next run.
 */
async function settle(admin, database) {
  for (let i = 0; i < 600; i++) {
    const { rows } = await admin.query(
      "select count(*)::int as active from pg_stat_activity where datname = $1 and state = 'active' and pid <> pg_backend_pid()",
      [database],
    )
    if (rows[0].active === 0) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The answer to `path` as it travels (node:http does not decompress) with its encoding, and its JSON length. */
async function answerOf(base, path, headers) {
  const plain = Buffer.from(await (await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer())
  const wire = await new Promise((resolve, reject) => {
    get(`${base}${path}`, { headers }, (response) => {
      const chunks = []
      response.on('data', (chunk) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(chunks), encoding: response.headers['content-encoding'] ?? null }))
    }).on('error', reject)
  })
  if (wire.status !== 200) throw new Error(`GET ${path} answered ${wire.status}: ${plain.toString('utf8').slice(0, 300)}`)
  return { plain, wire }
}

/** A row of the table: the figures of one run beside the target ("no" too when no request was answered in time). */
function rowOf(server, endpoint, result, sizes = {}) {
  const answered = result.requests.total > 0
  return {
    server,
    endpoint,
    'req/s': Math.round(result.requests.average),
    'p50 ms': answered ? result.latency.p50 : '-',
    'p99 ms': answered ? result.latency.p99 : '-',
    target: `p99 ≤ ${TARGET_P99_MS} ms`,
    met: answered && result.latency.p99 <= TARGET_P99_MS ? 'yes' : 'no',
    ...sizes,
    errors: result.errors + result.non2xx, // autocannon counts timeouts among errors
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of each query a recorded request ran, as text. */
async function plansOf(databaseUrl, statements) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const plans = []
    for (const { sql, params } of statements) {
      if (!/^\s*(select|with)\b/i.test(sql)) continue
      const { rows } = await client.query(`explain (analyze, buffers) ${sql}`, params)
      plans.push({ sql, params, plan: rows.map((row) => row['QUERY PLAN']).join('\n') })
    }
    return plans
  } finally {
    await client.end()
  }
}

/**
 * Runs the case on a fresh database next to `adminUrl`; `start(args, env)` starts a server process
 * and answers { base, stop } (catalog.mjs's). Answers the table's rows and, per kind of request,
 * the address whose statements were EXPLAINed and their plans.
 */
export async function benchLargeCatalog({ adminUrl, start, seconds, connections, products = 10_000, headers }) {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  const database = `als_bench_large_${Date.now().toString(36)}`
  await admin.query(`create database "${database}"`)
  const url = new URL(adminUrl)
  url.pathname = `/${database}`
  const databaseUrl = url.toString()
  const dataDir = mkdtempSync(join(tmpdir(), 'als-bench-large-'))
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', STORE_MODE: 'live', NODE_ENV: 'development', DATABASE_URL: databaseUrl }
  const capture = await startSqlCapture(databaseUrl)
  /** A warm-up, then the measured run, each followed by the database settling. */
  const measure = async (base, addresses) => {
    const cycle = { addresses, next: 0 }
    await measureCycling(base, cycle, 2, connections, headers) // warm-up: JIT and PostgreSQL's buffers, on addresses not measured again
    await settle(admin, database)
    const result = await measureCycling(base, cycle, seconds, connections, headers)
    await settle(admin, database)
    return result
  }
  const rows = []
  const explained = []
  try {
    // The store migrates (and seeds its demo) at start; then the generated catalog joins the demo's.
    await (await start(['dist/node/server/main.js'], env)).stop()
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    const generatedAt = performance.now()
    await generateLargeCatalog(client, { products })
    const {
      rows: [counted],
    } = await client.query('select count(*)::int as products, count(*) filter (where is_active)::int as active from products')
    await client.end()
    console.log(`large catalog: ${counted.products} products (${counted.active} active) written in ${Math.round(performance.now() - generatedAt)} ms`)

    // Through the recording proxy: the statements of a few requests of each kind, and the bytes of one answer.
    const requests = largeCatalogRequests()
    const recorded = await start(['dist/node/server/main.js'], { ...env, DATABASE_URL: capture.url })
    for (const request of requests) {
      request.recorded = []
      for (const path of request.addresses.slice(0, RECORDED_REQUESTS)) {
        capture.begin()
        const answer = await answerOf(recorded.base, path, headers)
        const statements = capture.end()
        if (statements.length === 0) throw new Error(`GET ${path} ran no SQL: the catalog cache answered it, so its key must miss a filter`)
        request.recorded.push(statements)
        if (!request.sample) {
          request.sample = { path, answer }
          request.sizes = { 'JSON bytes': answer.plain.length, 'sent bytes': answer.wire.body.length }
        }
      }
    }
    await recorded.stop()

    const store = await start(['dist/node/server/main.js'], env)
    for (const request of requests) {
      const result = await measure(store.base, request.addresses)
      rows.push(rowOf('store (uncached)', request.name, result, request.sizes))
    }
    await store.stop()

    for (const request of requests) {
      const requestsFile = join(dataDir, 'recorded.json')
      writeFileSync(requestsFile, JSON.stringify(request.recorded))
      const bare = await start(['scripts/bench/replay-server.mjs'], { DATABASE_URL: databaseUrl, REQUESTS_FILE: requestsFile })
      const result = await measure(bare.base, request.addresses)
      rows.push(rowOf('bare Fastify + the same SQL', request.name, result))
      await bare.stop()

      const answersFile = join(dataDir, 'answers.json')
      const { wire } = request.sample.answer
      writeFileSync(answersFile, JSON.stringify({ [request.sample.path]: { body: wire.body.toString('base64'), encoding: wire.encoding } }))
      const memory = await start(['scripts/bench/compare-servers.mjs', 'memory'], { ANSWERS_FILE: answersFile })
      const fromMemory = await measure(memory.base, request.addresses)
      rows.push(rowOf('memory (same bytes)', request.name, fromMemory, request.sizes))
      await memory.stop()
    }

    for (const request of requests) explained.push({ name: request.name, path: request.sample.path, plans: await plansOf(databaseUrl, request.recorded[0]) })
  } finally {
    await capture.close()
    rmSync(dataDir, { recursive: true, force: true })
    await admin.query(`drop database if exists "${database}" with (force)`)
    await admin.end()
  }
  for (const row of rows.filter((entry) => entry.server.startsWith('store'))) {
    const ceiling = rows.find((entry) => entry.server.startsWith('memory') && entry.endpoint === row.endpoint)
    const share = ceiling ? (row['req/s'] / ceiling['req/s']) * 100 : null
    row['% of memory'] = share === null ? '' : `${share < 10 ? share.toFixed(1) : Math.round(share)} %`
  }
  return { rows, explained }
}
