// The two servers the store's catalog is measured against, each run as its own process:
// - `bare`: Fastify + the database driver running the store's list and product SQL on the same
//   rows, answering the rows as JSON (no validation, no views, no cache): what the database costs.
// - `memory`: Fastify answering the bytes the store sent, from memory: what HTTP costs.
// Usage (spawned by catalog.mjs): node compare-servers.mjs bare|memory
//   env PORT; bare: DATABASE_URL or PGLITE_DIR; memory: ANSWERS_FILE (JSON: { path: { body: base64, encoding } }).
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'

const kind = process.argv[2]
const app = Fastify({ logger: false })

const LIST_SQL = `select p.*, c.id as c_id, c.name as c_name, c.slug as c_slug, c.description as c_description, count(*) over() as total
  from products p left join categories c on c.id = p.category_id
  where p.is_active = true order by p.created_at desc, p.id asc limit $1 offset $2`
const PRODUCT_SQL = `select p.*, c.id as c_id, c.name as c_name, c.slug as c_slug, c.description as c_description
  from products p left join categories c on c.id = p.category_id where p.id = $1 and p.is_active = true limit 1`

if (kind === 'bare') {
  let query
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg')
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
    query = async (text, params) => (await pool.query(text, params)).rows
  } else {
    const { PGlite } = await import('@electric-sql/pglite')
    const db = await PGlite.create(process.env.PGLITE_DIR)
    query = async (text, params) => (await db.query(text, params)).rows
  }
  app.get('/api/products', async (request) => {
    const limit = Number(request.query.limit ?? 10)
    const rows = await query(LIST_SQL, [limit, Number(request.query.offset ?? 0)])
    return { data: rows, total: Number(rows[0]?.total ?? 0), limit, offset: 0, hasMore: false }
  })
  app.get('/api/products/:id', async (request) => ({ data: (await query(PRODUCT_SQL, [request.params.id]))[0] ?? null }))
} else if (kind === 'memory') {
  const answers = JSON.parse(readFileSync(process.env.ANSWERS_FILE, 'utf8'))
  for (const [path, { body, encoding }] of Object.entries(answers)) {
    const bytes = Buffer.from(body, 'base64')
    app.get(path.split('?')[0], (_request, reply) => {
      reply.header('content-type', 'application/json; charset=utf-8')
      if (encoding) reply.header('content-encoding', encoding)
      return reply.send(bytes)
    })
  }
} else {
  throw new Error(`unknown server kind ${kind}`)
}
app.get('/healthz', async () => ({ status: 'ok' }))
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
