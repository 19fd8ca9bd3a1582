// The "bare" ceiling of the large-catalog case: Fastify + the database driver running, for each
// request, the very statements (SQL and parameters) the store ran for one recorded request of the
// same kind (sql-capture.mjs on PostgreSQL, large-catalog-preload.mjs on PGlite), cycling through
// the recorded requests, and answering the rows as JSON: no validation, no views, no cache.
// On PostgreSQL (node-postgres), statements the store ran on different connections run
// concurrently here too; those of one connection run in order. On PGlite, the store's embedded
// database is opened in this process as the store opens it, and runs one statement at a time.
// What the database costs.
// Usage (spawned by large-catalog-case.mjs): env PORT, DATABASE_URL or PGLITE_DIR, REQUESTS_FILE (JSON: [[{ connection, sql, params }]]).
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'
import pg from 'pg'
import { openStorePglite } from './large-catalog.mjs'

const requests = JSON.parse(readFileSync(process.env.REQUESTS_FILE, 'utf8'))
const embedded = process.env.PGLITE_DIR ? await openStorePglite(process.env.PGLITE_DIR) : null
const pool = embedded ? null : new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
const app = Fastify({ logger: false })

/** A recorded request's statements, grouped by the connection that ran them. */
const plans = requests.map((statements) => {
  const byConnection = new Map()
  for (const statement of statements) byConnection.set(statement.connection, [...(byConnection.get(statement.connection) ?? []), statement])
  return [...byConnection.values()]
})

/** Runs `statements` in order on one connection; answers their rows. */
async function runInOrder(statements) {
  const client = embedded ?? (await pool.connect())
  try {
    const rows = []
    for (const { sql, params } of statements) rows.push((await client.query(sql, params)).rows)
    return rows
  } finally {
    if (!embedded) client.release()
  }
}

let next = 0
app.get('/api/products', async () => {
  const groups = plans[next++ % plans.length]
  return { data: (await Promise.all(groups.map(runInOrder))).flat() }
})
// As the store's: it answers once the database has run what was queued before it (the case waits on it between runs).
app.get('/healthz', async () => {
  await (embedded ?? pool).query('select 1')
  return { status: 'ok' }
})
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
// PGlite writes its data directory on close: the case opens it again after this server stops.
process.once('SIGTERM', async () => {
  await app.close()
  await (embedded ?? pool).end()
  process.exit(0)
})
