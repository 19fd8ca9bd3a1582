/**
 * Creates an embedded database in the directory it is given (PGlite's initdb) and exits. The
 * built store runs it as a process of its own before opening a new database (db/client.ts), so
 * initdb's memory, a second WebAssembly instance as large as the database's own, goes with it
 * instead of staying with the store for as long as it runs.
 */
import { PGlite } from '@electric-sql/pglite'

const dir = process.argv[2]
if (!dir) throw new Error('Usage: node pglite-create.js <directory>')
await (await PGlite.create(dir)).close()
