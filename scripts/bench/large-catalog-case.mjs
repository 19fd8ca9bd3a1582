// The large-catalog case of the catalog benchmark (catalog.mjs), on PostgreSQL or PGlite: N
// generated products (large-catalog.mjs, default 10,000) in the store's database
// (large-catalog-database.mjs), and the store's listing measured uncached at 20 connections for
// the three kinds of request of large-catalog-requests.mjs, once per way the store answers lists
// (CATALOG_SEARCH=memory, its in-memory index, and CATALOG_SEARCH=sql, SQL on every request).
// Beside each store figure, the same run measures two ceilings (as catalog.mjs does): "bare",
// Fastify + the driver running the very statements that store ran (recorded per request,
// replay-server.mjs), and "memory", Fastify sending the store's bytes from memory. Each store's
// memory is read after the same warm-up requests (the difference is what the index costs), and
// the time from its spawn to its first faceted list. The plans (EXPLAIN ANALYZE, BUFFERS) of the
// SQL path's statements of one request of each kind are answered beside the figures.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { get } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { createLargeDatabase } from './large-catalog-database.mjs'
import { largeCatalogRequests } from './large-catalog-requests.mjs'
import { residentMemoryOf, startStore } from './large-catalog-store.mjs'

/** The targets for an uncached filtered, faceted listing: p99 by catalog size. */
const TARGETS = [
  { products: 10_000, p99Ms: 25 },
  { products: 100_000, p99Ms: 100 },
]
/** The target of a catalog of `products`: that of the smallest size at least as large (the largest beyond). */
const targetFor = (products) => TARGETS.find((target) => products <= target.products) ?? TARGETS.at(-1)
/** The two ways the store answers lists and facets (CATALOG_SEARCH). */
const SEARCHES = ['memory', 'sql']
/** Requests of each kind recorded to learn the store's statements (the bare ceiling replays them). */
const RECORDED_REQUESTS = 20
/** Requests of each kind every store answers before its memory is read, the same on both paths. */
const WARM_UP_REQUESTS = 200
/** Not one of the measured addresses: the recording store answers it first, so its start-up work is not recorded with them. */
const READY_PATH = '/api/products?limit=1'

/** Runs autocannon against `base`, each request taking the next of `cycle.addresses` (the cycle continues across calls); for `duration` seconds, or `amount` requests. */
function measureCycling(base, cycle, { duration, amount, connections, headers }) {
  return new Promise((resolve, reject) => {
    const setupRequest = (request) => ({ ...request, path: cycle.addresses[cycle.next++ % cycle.addresses.length] })
    const length = amount === undefined ? { duration } : { amount }
    autocannon({ url: base, connections, ...length, headers, requests: [{ method: 'GET', setupRequest }] }, (error, result) =>
      error ? reject(error) : resolve(result),
    )
  })
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

/** p99 of a run, or '-' when no request was answered in time. */
const p99Of = (result) => (result.requests.total > 0 ? result.latency.p99 : '-')
const mebibytes = (bytes) => Math.round((bytes / 1048576) * 10) / 10

/** Records, through a store answering with `search`, the statements of the first requests of each kind; answers them per kind, and a sample answer. */
async function recordStatements(database, env, search, requests, headers) {
  const capture = await database.startCapture()
  const store = await startStore({ ...env, ...capture.env, CATALOG_SEARCH: search }, { readyPath: READY_PATH })
  try {
    const recorded = []
    for (const request of requests) {
      const statements = []
      let sample
      for (const path of request.addresses.slice(0, RECORDED_REQUESTS)) {
        capture.begin()
        const answer = await answerOf(store.base, path, headers)
        statements.push(capture.end())
        sample ??= { path, answer }
      }
      // On the SQL path every list runs SQL: none means the catalog cache answered, so its key misses a filter.
      if (search === 'sql' && statements.some((ran) => ran.length === 0))
        throw new Error(`a "${request.name}" request ran no SQL: the catalog cache answered it`)
      recorded.push({ statements, sample })
    }
    return recorded
  } finally {
    await store.stop()
    await capture.close()
  }
}

/**
 * Runs the case on `backend` ('postgres' | 'pglite'); `start(args, env)` starts a ceiling server
 * and answers { base, stop } (catalog.mjs's). Answers the table's rows (one per way of answering
 * and kind of request), each store's footprint, the generated catalog, and the plans.
 */
export async function benchLargeCatalog({ backend, adminUrl, start, seconds, connections, products = 10_000, headers }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'als-bench-large-'))
  const database = await createLargeDatabase(backend, { adminUrl, dataDir })
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', STORE_MODE: 'live', NODE_ENV: 'development', ...database.env }
  const target = targetFor(products)
  /** A warm-up on addresses not measured again (JIT, the database's buffers), then the measured run, each followed by the backend settling. */
  const measure = async (base, cycle) => {
    await measureCycling(base, cycle, { duration: 2, connections, headers })
    await database.settle(base)
    const result = await measureCycling(base, cycle, { duration: seconds, connections, headers })
    await database.settle(base)
    return result
  }
  try {
    // The store migrates (and seeds its demo) at start; then the generated catalog joins the demo's.
    await (await start(['dist/node/store/main.js'], env)).stop()
    const generated = await database.generate(products)
    console.log(
      `large catalog on ${database.label}: ${generated.products} products (${generated.active} active) written in ${(generated.milliseconds / 1000).toFixed(1)} s`,
    )

    const requests = largeCatalogRequests()
    const recorded = {}
    for (const search of SEARCHES) recorded[search] = await recordStatements(database, env, search, requests, headers)

    const results = {}
    const footprints = []
    for (const search of SEARCHES) {
      const store = await startStore({ ...env, CATALOG_SEARCH: search })
      try {
        const cycles = requests.map((request) => ({ addresses: request.addresses, next: 0 }))
        for (const cycle of cycles) await measureCycling(store.base, cycle, { amount: WARM_UP_REQUESTS, connections, headers })
        await database.settle(store.base)
        const memory = await store.memory()
        results[search] = []
        for (const cycle of cycles) results[search].push(await measure(store.base, cycle))
        footprints.push({ search, firstListMs: store.firstListMs, ...memory, peak: residentMemoryOf(store.pid).peak })
      } finally {
        await store.stop()
      }
    }

    const bare = {}
    for (const search of SEARCHES) {
      bare[search] = []
      for (const [i, request] of requests.entries()) {
        const requestsFile = join(dataDir, 'recorded.json')
        writeFileSync(requestsFile, JSON.stringify(recorded[search][i].statements))
        const server = await start(['scripts/bench/replay-server.mjs'], { ...database.replayEnv, REQUESTS_FILE: requestsFile })
        bare[search].push(await measure(server.base, { addresses: request.addresses, next: 0 }))
        await server.stop()
      }
    }
    const fromMemory = []
    for (const [i, request] of requests.entries()) {
      const { path, answer } = recorded.sql[i].sample
      const answersFile = join(dataDir, 'answers.json')
      writeFileSync(answersFile, JSON.stringify({ [path]: { body: answer.wire.body.toString('base64'), encoding: answer.wire.encoding } }))
      const server = await start(['scripts/bench/compare-servers.mjs', 'memory'], { ANSWERS_FILE: answersFile })
      fromMemory.push(await measure(server.base, { addresses: request.addresses, next: 0 }))
      await server.stop()
    }

    const rows = []
    for (const search of SEARCHES) {
      for (const [i, request] of requests.entries()) {
        const result = results[search][i]
        const share = (result.requests.average / fromMemory[i].requests.average) * 100
        const { answer } = recorded.sql[i].sample
        rows.push({
          search,
          endpoint: request.name,
          'req/s': Math.round(result.requests.average),
          'p50 ms': result.requests.total > 0 ? result.latency.p50 : '-',
          'p99 ms': p99Of(result),
          target: `≤ ${target.p99Ms} ms`,
          met: result.requests.total > 0 && result.latency.p99 <= target.p99Ms ? 'yes' : 'no',
          'bare p99 ms': p99Of(bare[search][i]),
          'memory p99 ms': p99Of(fromMemory[i]),
          '% of memory req/s': `${share < 10 ? share.toFixed(1) : Math.round(share)} %`,
          'JSON bytes': answer.plain.length,
          'sent bytes': answer.wire.body.length,
          errors: result.errors + result.non2xx, // autocannon counts timeouts among errors
        })
      }
    }

    const footprint = footprints.map((entry) => ({
      search: entry.search,
      'spawn → first faceted list ms': entry.firstListMs,
      'RSS after warm-up MiB': mebibytes(entry.rss),
      'V8 heap after warm-up MiB': mebibytes(entry.heapUsed),
      'peak RSS MiB': mebibytes(entry.peak),
    }))
    const [indexed, plain] = footprints
    footprint.push({
      search: 'index memory (memory − sql)',
      'spawn → first faceted list ms': indexed.firstListMs - plain.firstListMs,
      'RSS after warm-up MiB': mebibytes(indexed.rss - plain.rss),
      'V8 heap after warm-up MiB': mebibytes(indexed.heapUsed - plain.heapUsed),
      'peak RSS MiB': mebibytes(indexed.peak - plain.peak),
    })

    const explained = []
    for (const [i, request] of requests.entries())
      explained.push({ name: request.name, path: recorded.sql[i].sample.path, plans: await database.explain(recorded.sql[i].statements[0]) })
    return { label: database.label, generated, target, rows, footprint, explained }
  } finally {
    await database.drop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** Prints a run of the case: one table of p99s beside their target and ceilings, the stores' footprints, then the plans. */
export function printLargeCatalog({ label, generated, target, rows, footprint, explained }, { seconds, connections }) {
  const bare = label === 'PGlite' ? 'Fastify + PGlite opened in its process' : 'Fastify + node-postgres'
  console.log(
    `\nLarge catalog on ${label} (${generated.products} products), uncached: each kind of request cycles through 5,000 distinct addresses;` +
      ` autocannon, ${connections} connections, ${seconds} s each (after a 2 s warm-up). Target p99 ≤ ${target.p99Ms} ms (set for ${target.products.toLocaleString('en')} products).` +
      `\nsearch: CATALOG_SEARCH of the store. Ceilings from the same run: bare = ${bare} replaying the statements that store ran` +
      ` (on the memory path: only its reads by id), memory = the same bytes from memory.\n`,
  )
  console.table(rows)
  console.log(
    `\nThe store's memory on ${label} after the same ${WARM_UP_REQUESTS} requests of each kind (after a full garbage collection), and the time from its spawn to its first faceted list answered 200:\n`,
  )
  console.table(footprint)
  for (const { name, path, plans } of explained) {
    console.log(`\n=== ${label}, CATALOG_SEARCH=sql, ${name}: GET ${path}`)
    for (const [i, { sql, params, plan }] of plans.entries())
      console.log(`\n--- statement ${i + 1} of ${plans.length}\n${sql}\n-- params: ${JSON.stringify(params)}\n${plan}`)
  }
}
