// Orders export benchmark: does GET /api/admin/exports/orders.csv stream with flat memory? On each
// database it seeds paid orders in bulk SQL (two items each, one in ten partly refunded; no
// checkouts), then, with the store started afresh from the sources (tsx, no build needed), signs
// in an admin, downloads the whole export over HTTP while sampling the store's RSS every 50 ms,
// and prints rows, bytes, time and RSS before, at its peak and after. It does so at 1,000 and at
// 10,000 orders. Beside them, the ceiling measured in the same run: the peak RSS of the same store
// answering a small request (the export of a day without orders). Each size runs twice: with V8's
// default heap and with its old space capped (HEAP_CAP_MIB). Flat memory: under the cap the peak
// at 10,000 orders is no higher than at 1,000 by more than noise, and near the ceiling.
// Usage: node scripts/bench/export.mjs [--backend pglite|postgres] [--orders 10000] [--small 1000]
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { openStorePglite } from './large-catalog.mjs'
import { freePort, waitForHealth } from './server-process.mjs'

const { values } = parseArgs({
  options: { backend: { type: 'string' }, orders: { type: 'string', default: '10000' }, small: { type: 'string', default: '1000' } },
})
const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const ADMIN_EMAIL = 'bench-owner@example.com'
const PASSWORD = 'correct horse battery staple'
const SAMPLE_MS = 50
const SETTLE_MS = 1000
/**
 * The old-space cap of the second run at each size. V8 collects lazily while there is room, so
 * with its default heap the RSS of any allocation-heavy request climbs with its length whether or
 * not anything is kept; under a cap it must collect, so an export that held its rows would run
 * out of memory, and one that streams stays flat.
 */
const HEAP_CAP_MIB = 128

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const rssMiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024
const mib = (value) => `${value.toFixed(1)} MiB`

/** Samples `pid`'s RSS every 50 ms until the returned function is called; that answers the peak. */
function sampleRss(pid) {
  let peak = rssMiB(pid)
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMiB(pid))
    } catch {}
  }, SAMPLE_MS)
  return () => {
    clearInterval(timer)
    return Math.max(peak, rssMiB(pid))
  }
}

/** The store from its sources on `env`, listening; `stop()` ends it. */
async function startStore(env) {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), ADMIN_EMAILS: ADMIN_EMAIL },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
  }
  try {
    await waitForHealth(base, child)
  } catch (error) {
    await stop()
    throw error
  }
  return { base, pid: child.pid, stop }
}

const authHeaders = (base) => ({ 'content-type': 'application/json', origin: base })

async function signIn(base) {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: authHeaders(base),
    body: JSON.stringify({ email: ADMIN_EMAIL, password: PASSWORD }),
  })
  if (!response.ok) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`)
  return response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ')
}

/**
 * `count` more paid orders in one statement each for orders, items and refunds: two items of the
 * demo catalog's products per order, a day apart from 2020 on, one in ten with a $5 refund.
 */
async function seedOrders(db, count) {
  const products = (await db.query(`select id from products order by name limit 2`)).rows.map((row) => row.id)
  await db.query(
    `insert into orders (customer_email, status, checkout_type, subtotal_cents, discount_cents, tax_cents, total_amount_cents, currency,
       payment_provider, cart_fingerprint, refunded_cents, billing_details, created_at, completed_at)
     select 'buyer-' || n || '@bench.example', case when n % 10 = 0 then 'PARTIALLY_REFUNDED' else 'COMPLETED' end, 'cart',
       3000, 300, 540, 3240, 'eur', 'builtin', 'bench-' || n, case when n % 10 = 0 then 500 else 0 end,
       jsonb_build_object('firstName', 'Buyer', 'lastName', n::text, 'countryCode', 'DE'),
       timestamptz '2020-01-01' + (n || ' minutes')::interval, timestamptz '2020-01-01' + (n || ' minutes')::interval
     from generate_series((select count(*) from orders) + 1, (select count(*) from orders) + $1::int) as n`,
    [count],
  )
  await db.query(
    `insert into order_items (order_id, product_id, quantity, price_cents, download_limit, downloads_remaining, created_at)
     select o.id, p.id, 1, case when p.ord = 1 then 1000 else 2000 end, 3, 3, o.created_at
     from orders o cross join unnest($1::uuid[]) with ordinality as p(id, ord)
     where o.cart_fingerprint like 'bench-%' and not exists (select 1 from order_items i where i.order_id = o.id)`,
    [products],
  )
  await db.query(
    `insert into order_refunds (id, order_id, amount_cents, status, created_at)
     select 're_bench_' || o.id, o.id, 500, 'succeeded', o.created_at + interval '1 day'
     from orders o where o.refunded_cents > 0 and not exists (select 1 from order_refunds r where r.order_id = o.id)`,
  )
  return Number((await db.query(`select count(*)::int as n from orders`)).rows[0].n)
}

/** Downloads `path` with the admin's cookie while sampling the store's RSS: rows, bytes, time and RSS before, at its peak and after. */
async function download(store, cookie, path) {
  const before = rssMiB(store.pid)
  const stopSampling = sampleRss(store.pid)
  const started = performance.now()
  const response = await fetch(`${store.base}${path}`, { headers: { cookie } })
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`)
  let bytes = 0
  let lines = 0
  for await (const chunk of response.body) {
    bytes += chunk.length
    for (const byte of chunk) if (byte === 10) lines++
  }
  const milliseconds = performance.now() - started
  const peak = stopSampling()
  await sleep(SETTLE_MS)
  // Lines less the header (no cell of the bench's data holds a line break).
  return { rows: lines - 1, bytes, milliseconds, before, peak, after: rssMiB(store.pid) }
}

/**
 * One measurement: the store started afresh (with V8's old space capped at `heapCapMiB` when
 * given), a warm-up, the ceiling (a day without orders) and the whole export.
 */
async function measure(env, orders, heapCapMiB) {
  const store = await startStore(heapCapMiB ? { ...env, NODE_OPTIONS: `--max-old-space-size=${heapCapMiB}` } : env)
  try {
    const cookie = await signIn(store.base)
    await download(store, cookie, '/api/admin/exports/orders.csv?from=1999-01-01&to=1999-01-01')
    const ceiling = await download(store, cookie, '/api/admin/exports/orders.csv?from=1999-01-02&to=1999-01-02')
    const whole = await download(store, cookie, '/api/admin/exports/orders.csv')
    return { orders, heap: heapCapMiB ? `${heapCapMiB} MiB` : 'default', ceiling, whole }
  } finally {
    await store.stop()
  }
}

async function benchBackend(backend) {
  const dataDir = mkdtempSync(join(tmpdir(), 'als-export-'))
  const env = { DATA_DIR: dataDir, STORE_MODE: 'live', NODE_ENV: 'development', LOG_LEVEL: 'warn', DATABASE_URL: '' }
  let admin
  let database
  if (backend === 'postgres') {
    admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    database = `als_bench_export_${Date.now().toString(36)}`
    await admin.query(`create database "${database}"`)
    const url = new URL(adminUrl)
    url.pathname = `/${database}`
    env.DATABASE_URL = url.toString()
  }
  // The database is written only while no store runs (PGlite has one owner at a time).
  const withDatabase = async (use) => {
    if (backend === 'postgres') {
      const client = new pg.Client({ connectionString: env.DATABASE_URL })
      await client.connect()
      try {
        return await use(client)
      } finally {
        await client.end()
      }
    }
    const db = await openStorePglite(join(dataDir, 'db'))
    try {
      return await use(db)
    } finally {
      await db.end()
    }
  }
  try {
    // The first start migrates and seeds the demo catalog; the owner signs up.
    const first = await startStore(env)
    try {
      const response = await fetch(`${first.base}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: authHeaders(first.base),
        body: JSON.stringify({ email: ADMIN_EMAIL, password: PASSWORD, name: 'Bench Owner' }),
      })
      if (!response.ok) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`)
    } finally {
      await first.stop()
    }
    const results = []
    for (const target of [Number(values.small), Number(values.orders)]) {
      const seeded = performance.now()
      const orders = await withDatabase(async (db) => {
        await db.query(`update "user" set email_verified = true where email = $1`, [ADMIN_EMAIL])
        const have = Number((await db.query(`select count(*)::int as n from orders`)).rows[0].n)
        return seedOrders(db, target - have)
      })
      console.log(`[${backend}] seeded up to ${orders} orders in ${((performance.now() - seeded) / 1000).toFixed(1)} s`)
      for (const heapCapMiB of [null, HEAP_CAP_MIB]) results.push(await measure(env, orders, heapCapMiB))
    }
    return results
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
    if (admin) {
      await admin.query(`drop database if exists "${database}" with (force)`)
      await admin.end()
    }
  }
}

function report(backend, results) {
  console.log(`\n${backend}: GET /api/admin/exports/orders.csv, RSS of the store process sampled every ${SAMPLE_MS} ms`)
  console.log('orders  heap      rows    bytes      time      RSS before  peak        after       | ceiling: small request peak | peak above it')
  for (const { orders, heap, ceiling, whole } of results) {
    console.log(
      [
        String(orders).padEnd(7),
        heap.padEnd(9),
        String(whole.rows).padEnd(7),
        String(whole.bytes).padEnd(10),
        `${(whole.milliseconds / 1000).toFixed(2)} s`.padEnd(9),
        mib(whole.before).padEnd(11),
        mib(whole.peak).padEnd(11),
        mib(whole.after).padEnd(11),
        `| ${mib(ceiling.peak).padEnd(26)}`,
        `| ${mib(whole.peak - ceiling.peak)}`,
      ].join(' '),
    )
  }
}

const backends = values.backend ? [values.backend] : ['pglite', 'postgres']
for (const backend of backends) report(backend, await benchBackend(backend))
