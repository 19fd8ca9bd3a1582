// The database of the large-catalog case (large-catalog-case.mjs) on either backend the store runs
// on: a throwaway PostgreSQL database (als_bench_large_*), or the embedded PGlite in the store's
// DATA_DIR/db. Either way the store migrates it (and seeds its demo) first; then the generated
// catalog is written into it (large-catalog.mjs) while no store runs. Beside it, what the case
// needs of the backend: recording the statements a store sends, waiting until the work of
// abandoned requests has drained, and the plans (EXPLAIN ANALYZE, BUFFERS) of recorded statements.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { generateLargeCatalog, openStorePglite } from './large-catalog.mjs'
import { startSqlCapture } from './sql-capture.mjs'

const COUNT_SQL = 'select count(*)::int as products, count(*) filter (where is_active)::int as active from products'

/** Writes `products` generated products through `client`; answers how many the table holds and how long it took. */
async function generateInto(client, products) {
  const startedAt = performance.now()
  await generateLargeCatalog(client, { products })
  const {
    rows: [counted],
  } = await client.query(COUNT_SQL)
  return { ...counted, milliseconds: Math.round(performance.now() - startedAt) }
}

/** EXPLAIN (ANALYZE, BUFFERS) of each query among `statements`, run through `client`, as text. */
async function plansThrough(client, statements) {
  const plans = []
  for (const { sql, params } of statements) {
    if (!/^\s*(select|with)\b/i.test(sql)) continue
    const { rows } = await client.query(`explain (analyze, buffers) ${sql}`, params)
    plans.push({ sql, params, plan: rows.map((row) => row['QUERY PLAN']).join('\n') })
  }
  return plans
}

/** A fresh database next to `adminUrl`; `drop()` removes it. */
async function createPostgresDatabase(adminUrl) {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  const name = `als_bench_large_${Date.now().toString(36)}`
  await admin.query(`create database "${name}"`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const databaseUrl = url.toString()
  /** A client on the case's database for `use`, closed after. */
  const withClient = async (use) => {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      return await use(client)
    } finally {
      await client.end()
    }
  }
  return {
    label: 'PostgreSQL',
    env: { DATABASE_URL: databaseUrl },
    replayEnv: { DATABASE_URL: databaseUrl },
    generate: (products) => withClient((client) => generateInto(client, products)),
    /** Statements recorded on the wire (sql-capture.mjs): the store is pointed at the proxy. */
    async startCapture() {
      const capture = await startSqlCapture(databaseUrl)
      return { env: { DATABASE_URL: capture.url }, begin: () => capture.begin(), end: () => capture.end(), close: () => capture.close() }
    },
    /** Waits (at most a minute) until no statement runs on the database: autocannon gives up on requests whose statements still run. */
    async settle() {
      for (let i = 0; i < 600; i++) {
        const { rows } = await admin.query(
          "select count(*)::int as active from pg_stat_activity where datname = $1 and state = 'active' and pid <> pg_backend_pid()",
          [name],
        )
        if (rows[0].active === 0) return
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    },
    explain: (statements) => withClient((client) => plansThrough(client, statements)),
    async drop() {
      await admin.query(`drop database if exists "${name}" with (force)`)
      await admin.end()
    },
  }
}

/** The store's embedded database in `dataDir`: opened here only while no store runs on it. */
function embeddedDatabase(dataDir) {
  const dir = join(dataDir, 'db')
  const captureFile = join(dataDir, 'statements.jsonl')
  /** The embedded database opened for `use`, closed after. */
  const withClient = async (use) => {
    const client = await openStorePglite(dir)
    try {
      return await use(client)
    } finally {
      await client.end()
    }
  }
  return {
    label: 'PGlite',
    env: { DATABASE_URL: '' },
    replayEnv: { PGLITE_DIR: dir },
    generate: (products) => withClient((client) => generateInto(client, products)),
    /** Statements recorded in the store itself (large-catalog-preload.mjs), one JSON line each. */
    async startCapture() {
      let from = 0
      const recorded = () => (existsSync(captureFile) ? readFileSync(captureFile) : Buffer.alloc(0))
      return {
        env: { SQL_CAPTURE_FILE: captureFile },
        begin: () => {
          from = recorded().length
        },
        end: () =>
          recorded()
            .subarray(from)
            .toString('utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line)),
        close: async () => {},
      }
    },
    /** Waits until `base` answers /healthz: PGlite runs one statement at a time, so its SELECT 1 runs after every statement queued before it. */
    async settle(base) {
      await fetch(`${base}/healthz`).then((response) => response.arrayBuffer())
    },
    explain: (statements) => withClient((client) => plansThrough(client, statements)),
    async drop() {},
  }
}

/** The case's database on `backend` ('postgres' | 'pglite'), for a store on `dataDir`. */
export async function createLargeDatabase(backend, { adminUrl, dataDir }) {
  if (backend === 'postgres') return createPostgresDatabase(adminUrl)
  if (backend === 'pglite') return embeddedDatabase(dataDir)
  throw new Error(`unknown backend ${backend}: pglite or postgres`)
}
