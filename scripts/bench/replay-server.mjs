// The "bare" ceiling of the large-catalog case: Fastify + node-postgres running, for each request,
// the very statements (SQL and parameters) the store ran for one recorded request of the same
// kind (sql-capture.mjs), cycling through the recorded requests, and answering the rows as JSON:
// no validation, no views, no cache. Statements the store ran on different connections run
// concurrently here too; those of one connection run in order. What the database costs.
// Usage (spawned by large-catalog-case.mjs): env PORT, DATABASE_URL, REQUESTS_FILE (JSON: [[{ connection, sql, params }]]).
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'
import pg from 'pg'

const requests = JSON.parse(readFileSync(process.env.REQUESTS_FILE, 'utf8'))
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
const app = Fastify({ logger: false })

/** A recorded request's statements, grouped by the connection that ran them. */
const plans = requests.map((statements) => {
  const byConnection = new Map()
  for (const statement of statements) byConnection.set(statement.connection, [...(byConnection.get(statement.connection) ?? []), statement])
  return [...byConnection.values()]
})

let next = 0
app.get('/api/products', async () => {
  const groups = plans[next++ % plans.length]
  const results = await Promise.all(
    groups.map(async (statements) => {
      const client = await pool.connect()
      try {
        const rows = []
        for (const { sql, params } of statements) rows.push((await client.query(sql, params)).rows)
        return rows
      } finally {
        client.release()
      }
    }),
  )
  return { data: results.flat() }
})
app.get('/healthz', async () => ({ status: 'ok' }))
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
