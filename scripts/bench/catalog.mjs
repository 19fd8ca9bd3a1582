// Catalog benchmark: starts the built server (npm run build first) on a fresh data directory,
// once on PGlite and once on PostgreSQL, and measures the store's catalog answers with
// autocannon at 20 connections beside two ceilings measured in the same run:
// - bare: Fastify + the driver running the same SQL on the same rows (compare-servers.mjs);
// - memory: Fastify answering the very bytes the store sent (compressed as it compressed them), from memory.
// The store and the memory server run side by side and are measured in alternating rounds
// (--rounds, 3 by default), so a load elsewhere on the machine weighs on both alike.
// Prints req/s, p50, p99 (medians of the rounds), the bytes of each answer (uncompressed, and as
// a browser gets it), and the store's req/s as a share of the memory server's (target ≥ 60 %, p99 ≤ 10 ms).
// On PostgreSQL it then runs the large-catalog case (large-catalog-case.mjs): 10,000 generated
// products (--products), filtered and faceted listings measured uncached with each CATALOG_SEARCH,
// the stores' memory, and the plans of their queries; --only large runs it alone, on PostgreSQL
// and PGlite (--backend pglite|postgres: one of them).
// With --processes N (PostgreSQL), the store's answers are measured again through a small
// round-robin proxy: to the one store (the proxy's own cost), then to N stores on one database.
// Usage: node scripts/bench/catalog.mjs [--seconds 10] [--connections 20] [--only pglite|postgres|large]
//   [--products 10000] [--skip-large] [--processes 2] [--rounds 3]   (--only large [--backend pglite|postgres]: the large-catalog case alone)
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { get } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import pg from 'pg'
import { benchLargeCatalog, printLargeCatalog } from './large-catalog-case.mjs'
import { startRoundRobinProxy } from './round-robin-proxy.mjs'
import { freePort, waitForHealth } from './server-process.mjs'

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    only: { type: 'string' },
    products: { type: 'string', default: '10000' },
    backend: { type: 'string' },
    'skip-large': { type: 'boolean', default: false },
    processes: { type: 'string', default: '1' },
    rounds: { type: 'string', default: '3' },
  },
})
const processes = Number(values.processes)
const seconds = Number(values.seconds)
const rounds = Number(values.rounds)
const connections = Number(values.connections)
const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' }

function measure(url, duration = seconds, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers }, (error, result) => (error ? reject(error) : resolve(result)))
  })
}

async function start(args, env) {
  const port = await freePort()
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] })
  const base = `http://localhost:${port}`
  await waitForHealth(base, child)
  return {
    base,
    stop: async () => {
      child.kill('SIGTERM')
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve))
    },
  }
}

async function run(server, label, backend, endpoints, bytesOf, rows) {
  for (const [name, path] of endpoints) {
    const url = `${server.base}${path}`
    await measure(url, 2, BROWSER_HEADERS) // warm-up: JIT, the database's caches, the store's cache
    const result = await measure(url, seconds, BROWSER_HEADERS)
    rows.push({
      backend,
      server: label,
      endpoint: name,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      ...bytesOf(name),
      errors: result.errors + result.non2xx,
    })
  }
}

const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]

/**
 * The store and the memory server in turns on each endpoint, `rounds` times (seconds/rounds
 * each), so both feel the same load from whatever else the machine runs; the store's share of
 * the memory server's req/s is the median of the rounds' shares.
 */
async function runPaired(store, memory, backend, endpoints, sizes, rows) {
  for (const [name, path] of endpoints) {
    const servers = [
      ['store', store],
      ['memory (same bytes)', memory],
    ]
    const results = new Map(servers.map(([label]) => [label, []]))
    for (const [, server] of servers) await measure(`${server.base}${path}`, 2, BROWSER_HEADERS) // warm-up: JIT, the store's cache
    for (let round = 0; round < rounds; round++) {
      for (const [label, server] of servers) results.get(label).push(await measure(`${server.base}${path}`, Math.max(1, seconds / rounds), BROWSER_HEADERS))
    }
    const shares = results.get('store').map((result, round) => result.requests.average / results.get('memory (same bytes)')[round].requests.average)
    for (const [label] of servers) {
      const measured = results.get(label)
      rows.push({
        backend,
        server: label,
        endpoint: name,
        'req/s': Math.round(median(measured.map((result) => result.requests.average))),
        'p50 ms': median(measured.map((result) => result.latency.p50)),
        'p99 ms': median(measured.map((result) => result.latency.p99)),
        ...sizes[name],
        errors: measured.reduce((sum, result) => sum + result.errors + result.non2xx, 0),
        ...(label === 'store' ? { '% of memory': `${Math.round(median(shares) * 100)} %`, target: '≥ 60 %, p99 ≤ 10 ms' } : {}),
      })
    }
  }
}

/**
 * The same answers through a round-robin proxy: first to the one store (what the proxy itself
 * costs), then to `processes` stores on the same PostgreSQL, every process on this machine's cores.
 */
async function runFleet(store, env, endpoints, sizes, rows) {
  const others = []
  for (let index = 1; index < processes; index++) others.push(await start(['dist/node/store/main.js'], env))
  try {
    for (const [label, targets] of [
      [`store ×1 behind the proxy`, [store.base]],
      [`store ×${processes} behind the proxy`, [store.base, ...others.map((other) => other.base)]],
    ]) {
      const proxy = await startRoundRobinProxy(targets)
      await run(proxy, label, 'postgres', endpoints, (name) => sizes[name], rows)
      await proxy.stop()
    }
  } finally {
    for (const other of others) await other.stop()
  }
}

async function benchBackend(kind) {
  const dataDir = mkdtempSync(join(tmpdir(), 'als-bench-'))
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', STORE_MODE: 'live', NODE_ENV: 'development' }
  let admin
  let database
  if (kind === 'postgres') {
    admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    database = `als_bench_srv_${Date.now().toString(36)}`
    await admin.query(`create database "${database}"`)
    const url = new URL(adminUrl)
    url.pathname = `/${database}`
    env.DATABASE_URL = url.toString()
  } else {
    env.DATABASE_URL = ''
  }
  const rows = []
  try {
    const store = await start(['dist/node/store/main.js'], env)
    const list = await (await fetch(`${store.base}/api/products?limit=10`)).json()
    const endpoints = [
      ['list (limit=10)', '/api/products?limit=10'],
      ['product', `/api/products/${list.data[0].id}`],
    ]
    const sections = await fetch(`${store.base}/api/catalog/sections`)
    if (sections.ok) endpoints.push(['sections', '/api/catalog/sections'])
    // What each answer weighs: as JSON, and as a browser receives it.
    const answers = {}
    const sizes = {}
    for (const [name, path] of endpoints) {
      const plain = Buffer.from(await (await fetch(`${store.base}${path}`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer())
      // The bytes as they travel (node:http does not decompress), which the memory server then sends as they are.
      const wire = await new Promise((resolve) => {
        get(`${store.base}${path}`, { headers: BROWSER_HEADERS }, (response) => {
          const chunks = []
          response.on('data', (chunk) => chunks.push(chunk))
          response.on('end', () => resolve({ body: Buffer.concat(chunks), encoding: response.headers['content-encoding'] ?? null }))
        })
      })
      answers[path] = { body: wire.body.toString('base64'), encoding: wire.encoding }
      sizes[name] = { 'JSON bytes': plain.length, 'sent bytes': wire.body.length, encoding: wire.encoding ?? 'none' }
    }
    const answersFile = join(dataDir, 'answers.json')
    writeFileSync(answersFile, JSON.stringify(answers))
    const memory = await start(['scripts/bench/compare-servers.mjs', 'memory'], { ANSWERS_FILE: answersFile })
    await runPaired(store, memory, kind, endpoints, sizes, rows)
    await memory.stop()
    if (processes > 1 && kind === 'postgres') await runFleet(store, env, endpoints, sizes, rows)
    await store.stop()

    const bare = await start(['scripts/bench/compare-servers.mjs', 'bare'], { DATABASE_URL: env.DATABASE_URL, PGLITE_DIR: join(dataDir, 'db') })
    await run(
      bare,
      'bare Fastify + driver',
      kind,
      endpoints.filter(([name]) => name !== 'sections'),
      () => ({}),
      rows,
    )
    await bare.stop()
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
    if (admin) {
      await admin.query(`drop database if exists "${database}" with (force)`)
      await admin.end()
    }
  }
  return rows
}

const backends = values.only === 'large' ? [] : values.only ? [values.only] : ['pglite', 'postgres']
const results = []
for (const kind of backends) results.push(...(await benchBackend(kind)))
if (results.length > 0) {
  console.log(
    `\nCatalog API, autocannon, ${connections} connections, ${seconds} s per endpoint (the store and the memory server in ${rounds} alternating rounds, medians; after a 2 s warm-up), Accept-Encoding: gzip, deflate, br\n`,
  )
  console.table(results)
}

if (values.only === 'large' || (backends.includes('postgres') && !values['skip-large'])) {
  const products = Number(values.products)
  const largeBackends = values.backend ? [values.backend] : values.only === 'large' ? ['postgres', 'pglite'] : ['postgres']
  for (const backend of largeBackends) {
    const startedAt = performance.now()
    const large = await benchLargeCatalog({ backend, adminUrl, start, seconds, connections, products, headers: BROWSER_HEADERS })
    printLargeCatalog(large, { seconds, connections })
    console.log(`\nlarge catalog on ${large.label}: the whole case took ${Math.round((performance.now() - startedAt) / 1000)} s`)
  }
}
