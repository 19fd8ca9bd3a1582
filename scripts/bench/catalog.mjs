// Catalog benchmark: starts the built server (npm run build first) on a fresh data directory,
// once on PGlite and once on PostgreSQL, and measures the product list and a product page's
// API with autocannon at 50 connections. Prints req/s, p50 and p99 latency.
// Usage: node scripts/bench/catalog.mjs [--seconds 10] [--only pglite|postgres]
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import pg from 'pg'
import { freePort, waitForHealth } from './server-process.mjs'

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' }, only: { type: 'string' } } })
const seconds = Number(values.seconds)
const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

function measure(url, duration = seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 50, duration }, (error, result) => (error ? reject(error) : resolve(result)))
  })
}

async function benchBackend(kind) {
  const dataDir = mkdtempSync(join(tmpdir(), 'als-bench-'))
  const port = await freePort()
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', STORE_MODE: 'live', NODE_ENV: 'development' }
  let admin
  let database
  if (kind === 'postgres') {
    admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    database = `als_bench_${Date.now().toString(36)}`
    await admin.query(`create database "${database}"`)
    const url = new URL(adminUrl)
    url.pathname = `/${database}`
    env.DATABASE_URL = url.toString()
  } else {
    delete env.DATABASE_URL
  }
  const child = spawn(process.execPath, ['dist/node/server/main.js'], { env, stdio: ['ignore', 'ignore', 'inherit'] })
  const base = `http://localhost:${port}`
  const rows = []
  try {
    await waitForHealth(base, child)
    const list = await (await fetch(`${base}/api/products?limit=10`)).json()
    const productId = list.data[0].id
    for (const [name, path] of [['list (limit=10)', '/api/products?limit=10'], ['product page API', `/api/products/${productId}`]]) {
      await measure(`${base}${path}`, 2) // warm-up: JIT and the database's caches
      const result = await measure(`${base}${path}`)
      rows.push({ backend: kind, endpoint: name, 'req/s': Math.round(result.requests.average), 'p50 ms': result.latency.p50, 'p99 ms': result.latency.p99, errors: result.errors + result.non2xx })
    }
  } finally {
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
    rmSync(dataDir, { recursive: true, force: true })
    if (admin) {
      await admin.query(`drop database if exists "${database}" with (force)`)
      await admin.end()
    }
  }
  return rows
}

const backends = values.only ? [values.only] : ['pglite', 'postgres']
const results = []
for (const kind of backends) results.push(...(await benchBackend(kind)))
console.log(`\nCatalog API, autocannon, 50 connections, ${seconds} s per endpoint (after a warm-up run)\n`)
console.table(results)
