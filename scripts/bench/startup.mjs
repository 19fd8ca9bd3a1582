// Start-up benchmark: how long a warm restart of the built store (npm run build first) takes to
// answer its first catalog request, and where the time goes. Starts once on a fresh data
// directory (the cold start seeds the demo catalog), then restarts it `--runs` times and, for
// each, measures from spawning the process to the first 200 of /api/products?limit=10. The
// phases come from the store's own start-up log line (the first, loading its modules); the rest is
// spawning the process and the first request. memory.mjs measures the same start beside a bare
// process's and the memory the store holds.
// Usage: node scripts/bench/startup.mjs [--runs 3] [--backend pglite|postgres]
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { freePort } from './server-process.mjs'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, backend: { type: 'string', default: 'pglite' } } })
const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

async function startOnce(env) {
  const port = await freePort()
  const began = performance.now()
  const child = spawn(process.execPath, ['dist/node/store/main.js'], {
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let phases = null
  let buffered = ''
  child.stdout.on('data', (chunk) => {
    buffered += chunk
    for (const line of buffered.split('\n').slice(0, -1)) {
      if (line.includes('"startup"')) phases = JSON.parse(line).startup
    }
    buffered = buffered.slice(buffered.lastIndexOf('\n') + 1)
  })
  let firstAnswerMs = null
  for (let i = 0; i < 6000 && firstAnswerMs === null; i++) {
    if (child.exitCode !== null) throw new Error('the store exited during start-up')
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/products?limit=10`)).ok) firstAnswerMs = Math.round(performance.now() - began)
    } catch {}
    if (firstAnswerMs === null) await new Promise((resolve) => setTimeout(resolve, 10))
  }
  for (let i = 0; i < 100 && !phases; i++) await new Promise((resolve) => setTimeout(resolve, 10))
  child.kill('SIGTERM')
  await new Promise((resolve) => child.once('exit', resolve))
  return { firstAnswerMs, phases: phases ?? {} }
}

const dataDir = mkdtempSync(join(tmpdir(), 'als-startup-'))
const env = { DATA_DIR: dataDir, STORE_MODE: 'live', NODE_ENV: 'development', DATABASE_URL: '' }
let admin
let database
if (values.backend === 'postgres') {
  admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  database = `als_bench_srv_startup_${Date.now().toString(36)}`
  await admin.query(`create database "${database}"`)
  const url = new URL(adminUrl)
  url.pathname = `/${database}`
  env.DATABASE_URL = url.toString()
}
const rows = []
try {
  const cold = await startOnce(env)
  rows.push({ start: 'cold (seeds)', 'first answer ms': cold.firstAnswerMs, ...cold.phases })
  for (let run = 1; run <= Number(values.runs); run++) {
    const warm = await startOnce(env)
    const inMain = Object.values(warm.phases).reduce((sum, ms) => sum + ms, 0)
    rows.push({ start: `warm ${run}`, 'first answer ms': warm.firstAnswerMs, 'spawn, first request': warm.firstAnswerMs - inMain, ...warm.phases })
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true })
  if (admin) {
    await admin.query(`drop database if exists "${database}" with (force)`)
    await admin.end()
  }
}
console.log(`\nStart-up on ${values.backend}: spawn → first 200 of /api/products?limit=10, and the store's own phases (ms)\n`)
console.table(rows)
