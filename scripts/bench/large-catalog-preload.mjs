// Loaded into the store by the large-catalog case (node --expose-gc --import this file):
// - over the IPC channel, "memory" answers the process's memory after a full garbage collection,
//   so two stores are compared on what they keep, not on garbage not yet collected;
// - with SQL_CAPTURE_FILE set, every statement the store sends its embedded PGlite is appended to
//   that file as a JSON line { connection: 0, sql, params }: PGlite has no wire to listen on as
//   sql-capture.mjs does on PostgreSQL's, and it runs one statement at a time (one "connection").
import { appendFileSync } from 'node:fs'
import { createRequire } from 'node:module'

if (process.channel) {
  // The channel must not keep a stopping store alive.
  process.channel.unref()
  process.on('message', (message) => {
    if (message !== 'memory') return
    globalThis.gc?.()
    process.send?.({ ...process.memoryUsage(), collected: typeof globalThis.gc === 'function' })
  })
}

const captureFile = process.env.SQL_CAPTURE_FILE
if (captureFile) {
  // The store loads PGlite's CommonJS build (db/client.ts).
  const { PGlite } = createRequire(import.meta.url)('@electric-sql/pglite')
  const query = PGlite.prototype.query
  PGlite.prototype.query = function (sql, params, options) {
    appendFileSync(captureFile, `${JSON.stringify({ connection: 0, sql, params: params ?? [] })}\n`)
    return query.call(this, sql, params, options)
  }
}
