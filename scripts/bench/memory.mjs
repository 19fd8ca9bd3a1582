// Start-up and memory benchmark (npm run build first). On each database it starts the built store
// once on a fresh data directory (the first start migrates and seeds the demo catalog), then
// `--runs` warm restarts, and for each measures: the time from spawning the process to the first 200 of
// /api/products?limit=10, the process's RSS once it has answered (and settled), and its RSS after
// one page (GET / and GET /products). Beside them, the ceiling measured the same way in the same
// run: a bare Fastify process opening the same database and listening (bare-start.mjs).
// Targets: first answer ≤ 2× the bare process; RSS after one page ≤ 200 MiB on PostgreSQL and ≤ 400 MiB on PGlite.
// Usage: node scripts/bench/memory.mjs [--runs 3] [--backend pglite|postgres]
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { freePort } from './server-process.mjs'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, backend: { type: 'string' } } })
const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const RSS_TARGET_MIB = { pglite: 400, postgres: 200 }
/** Time for the work a start leaves running after its first answer (the catalog's index, backfills) to show in its memory. */
const SETTLE_MS = 1500

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const rssMiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024

/** Spawns `args`, and answers the first-answer time and the RSS after start and after one page. */
async function measureStart(args, env) {
  const port = await freePort()
  const began = performance.now()
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] })
  const base = `http://127.0.0.1:${port}`
  try {
    let firstAnswerMs = null
    while (firstAnswerMs === null) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited during start-up`)
      if (performance.now() - began > 180_000) throw new Error(`${args.join(' ')} did not answer in 3 minutes`)
      try {
        if ((await fetch(`${base}/api/products?limit=10`)).ok) firstAnswerMs = performance.now() - began
      } catch {}
      if (firstAnswerMs === null) await sleep(10)
    }
    await sleep(SETTLE_MS)
    const afterStart = rssMiB(child.pid)
    for (const path of ['/', '/products']) {
      const response = await fetch(`${base}${path}`)
      if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`)
      await response.arrayBuffer()
    }
    await sleep(SETTLE_MS)
    return { firstAnswerMs, afterStart, afterPage: rssMiB(child.pid) }
  } finally {
    child.kill('SIGTERM')
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve))
  }
}

const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]

async function benchBackend(backend) {
  const dataDir = mkdtempSync(join(tmpdir(), 'als-memory-'))
  const env = { DATA_DIR: dataDir, STORE_MODE: 'live', NODE_ENV: 'development', LOG_LEVEL: 'warn', DATABASE_URL: '' }
  let admin
  let database
  if (backend === 'postgres') {
    admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    database = `als_bench_srv_memory_${Date.now().toString(36)}`
    await admin.query(`create database "${database}"`)
    const url = new URL(adminUrl)
    url.pathname = `/${database}`
    env.DATABASE_URL = url.toString()
  }
  const bareEnv = { DATABASE_URL: env.DATABASE_URL, PGLITE_DIR: join(dataDir, 'db') }
  const runs = { cold: [], store: [], bare: [] }
  try {
    runs.cold.push(await measureStart(['dist/node/store/main.js'], env)) // migrates and seeds
    // Alternated, so both feel the same load from whatever else the machine runs.
    for (let run = 0; run < Number(values.runs); run++) {
      runs.store.push(await measureStart(['dist/node/store/main.js'], env))
      runs.bare.push(await measureStart(['scripts/bench/bare-start.mjs'], bareEnv))
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
    if (admin) {
      await admin.query(`drop database if exists "${database}" with (force)`)
      await admin.end()
    }
  }
  const figure = (name, key) => median(runs[name].map((run) => run[key]))
  const bareStart = figure('bare', 'firstAnswerMs')
  const row = (name, label) => ({
    backend,
    process: label,
    'first answer ms': Math.round(figure(name, 'firstAnswerMs')),
    'each run ms': runs[name].map((run) => Math.round(run.firstAnswerMs)).join(' / '),
    '× bare': name === 'cold' ? '' : (figure(name, 'firstAnswerMs') / bareStart).toFixed(2),
    'RSS after start MiB': Math.round(figure(name, 'afterStart')),
    'RSS after one page MiB': Math.round(figure(name, 'afterPage')),
  })
  return [
    { ...row('cold', 'store (first start: migrates, seeds)'), target: `≤ ${RSS_TARGET_MIB[backend]} MiB` },
    { ...row('store', 'store (warm start)'), target: `≤ 2× bare, ≤ ${RSS_TARGET_MIB[backend]} MiB` },
    { ...row('bare', 'bare Fastify + database (ceiling)'), target: '' },
  ]
}

const rows = []
for (const backend of values.backend ? [values.backend] : ['pglite', 'postgres']) rows.push(...(await benchBackend(backend)))
console.log(
  `\nWarm start: spawn → first 200 of /api/products?limit=10 (median of ${values.runs}); RSS once answered (+${SETTLE_MS} ms) and after GET / and /products (+${SETTLE_MS} ms)\n`,
)
console.table(rows)
