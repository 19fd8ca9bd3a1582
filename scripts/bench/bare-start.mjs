// The ceiling of the store's start-up and memory (memory.mjs): a bare Fastify process that opens
// the store's database as the store does (PGlite under PGLITE_DIR with the store's extensions and
// page cache, or a pool on DATABASE_URL), listens, and answers every GET with ten active products in one query.
// Usage (spawned by memory.mjs): node scripts/bench/bare-start.mjs   env PORT, DATABASE_URL or PGLITE_DIR
import Fastify from 'fastify'

const LIST_SQL = 'select * from products where is_active = true order by created_at desc, id asc limit 10'

let query
let close
if (process.env.DATABASE_URL) {
  const { default: pg } = await import('pg')
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
  query = async (text) => (await pool.query(text)).rows
  close = () => pool.end()
} else {
  const { PGlite } = await import('@electric-sql/pglite')
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  // The page cache the store gives PGlite (db/client.ts, PGLITE_SHARED_BUFFERS).
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${process.env.PGLITE_SHARED_BUFFERS || '32MB'}`]
  const db = await PGlite.create(process.env.PGLITE_DIR, { extensions: { pg_trgm }, startParams })
  query = async (text) => (await db.query(text)).rows
  close = () => db.close()
}

const app = Fastify({ logger: false })
app.get('/*', async () => ({ data: await query(LIST_SQL) }))
app.addHook('onClose', async () => close())
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
