/**
 * Opens the store's database: PostgreSQL through `pg` when DATABASE_URL is set, else the
 * embedded PGlite under DATA_DIR/db. Both are driven through the same Drizzle schema and
 * migrations, so the rest of the server cannot tell them apart.
 */
import { fork } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import * as schema from './schema.ts'
import { MIGRATIONS_DIR, PROJECT_ROOT } from '../paths.ts'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

/**
 * The database or a transaction on it. A service step that must commit together with
 * another capability's step takes one, so a flow can run both in one transaction.
 */
export type Executor = Pick<Database, 'select' | 'selectDistinct' | 'insert' | 'update' | 'delete' | 'execute'>

export interface DatabaseHandle {
  db: Database
  kind: 'pglite' | 'postgres'
  migrate: () => Promise<void>
  /**
   * Calls `onNotify` for each NOTIFY on the channel, from any process. After a lost connection
   * is re-established it is called once too, as notifications may have been missed meanwhile.
   */
  listen: (channel: string, onNotify: () => void) => Promise<Listening>
  close: () => Promise<void>
}

export interface Listening {
  /**
   * Resolves once every notification committed before the call has reached `onNotify`: a write
   * this process made is then in its own next answer (on PostgreSQL notifications arrive on a
   * connection of their own, a moment after the commit).
   */
  caughtUp(): Promise<void>
  stop(): Promise<void>
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined
  /** PGlite directory; ignored when databaseUrl is set. */
  pgliteDir?: string
  /**
   * Tests only: an in-memory PGlite started from this archive of a data directory (PGlite's
   * dumpDataDir) instead of pgliteDir, so each test file opens the seeded template without
   * copying its 1,200 files to disk and deleting them again.
   */
  pgliteArchive?: Blob
  /** Pool size for PostgreSQL. */
  maxConnections?: number
  /** PGlite's shared_buffers (default 32MB): the page cache it holds in memory from the start. */
  pgliteSharedBuffers?: string | undefined
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.maxConnections ?? 10)
  const sharedBuffers = options.pgliteSharedBuffers ?? '32MB'
  if (options.pgliteArchive) return openPglite({ archive: options.pgliteArchive }, sharedBuffers)
  if (!options.pgliteDir) throw new Error('openDatabase needs databaseUrl or pgliteDir')
  return openPglite({ dir: options.pgliteDir }, sharedBuffers)
}

async function openPostgres(url: string, max: number): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg')
  const { drizzle } = await import('drizzle-orm/node-postgres')
  const { migrate } = await import('drizzle-orm/node-postgres/migrator')
  const pool = new pg.Pool({ connectionString: url, max })
  // An idle client can be cut off (database restart, failover); without a listener pg would
  // crash the process. The pool replaces the client on the next query.
  pool.on('error', (error) => console.warn(`PostgreSQL idle client error: ${error.message}`))
  const db = drizzle(pool, { schema })
  const listeners = new Set<() => Promise<void>>()
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_DIR }),
    async listen(channel, onNotify) {
      const listening = await listenOnPostgres(pg, url, channel, onNotify)
      listeners.add(listening.stop)
      return {
        caughtUp: listening.caughtUp,
        async stop() {
          listeners.delete(listening.stop)
          await listening.stop()
        },
      }
    },
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()))
      await pool.end()
    },
  }
}

/** The longest a caught-up check waits for the listening connection. */
const CAUGHT_UP_WAIT_MS = 2000

/** LISTEN needs a connection of its own, outside the pool; it is opened again whenever it drops. */
async function listenOnPostgres(pg: typeof import('pg').default, url: string, channel: string, onNotify: () => void): Promise<Listening> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`)
  let client: import('pg').Client | null = null
  let stopped = false
  let retry: NodeJS.Timeout | undefined
  const retryLater = () => {
    if (!stopped) retry = setTimeout(() => void connect(true).catch(retryLater), 1000)
  }
  const connect = async (reconnecting: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: url })
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify()
    })
    next.on('error', () => {
      if (stopped || client !== next) return
      client = null
      void next.end().catch(() => {})
      retryLater()
    })
    try {
      await next.connect()
      await next.query(`LISTEN ${channel}`)
    } catch (error) {
      void next.end().catch(() => {})
      throw error
    }
    if (stopped) {
      await next.end().catch(() => {})
      return
    }
    client = next
    if (reconnecting) onNotify()
  }
  await connect(false)
  return {
    // PostgreSQL sends a session the notifications committed before its statement ahead of that
    // statement's answer. Without a connection (being opened again) there is nothing to wait for:
    // the reconnection calls onNotify itself. A connection that stopped answering holds a write's
    // answer back no longer than CAUGHT_UP_WAIT_MS.
    caughtUp: async () => {
      if (!client) return
      let waited: NodeJS.Timeout | undefined
      const answered = client.query('select 1').catch(() => {})
      await Promise.race([answered, new Promise<void>((resolve) => (waited = setTimeout(resolve, CAUGHT_UP_WAIT_MS)))])
      clearTimeout(waited)
    },
    async stop() {
      stopped = true
      clearTimeout(retry)
      await client?.end().catch(() => {})
    },
  }
}

async function openPglite(from: { dir: string } | { archive: Blob }, sharedBuffers: string): Promise<DatabaseHandle> {
  // Loaded as drizzle's PGlite driver loads it inside the store's bundle (CommonJS), so the process holds one copy of PGlite.
  const load = createRequire(import.meta.url)
  const { PGlite } = load('@electric-sql/pglite') as typeof import('@electric-sql/pglite')
  const { pg_trgm } = load('@electric-sql/pglite/contrib/pg_trgm') as typeof import('@electric-sql/pglite/contrib/pg_trgm')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  // PGlite touches all of shared_buffers at start (PostgreSQL's default is 128MB): the process holds it whatever the catalog needs.
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`]
  let client: InstanceType<typeof PGlite>
  if ('archive' in from) client = await PGlite.create({ loadDataDir: from.archive, extensions: { pg_trgm }, startParams })
  else {
    mkdirSync(from.dir, { recursive: true })
    if (!existsSync(join(from.dir, 'PG_VERSION'))) await createApart(from.dir)
    client = await PGlite.create(from.dir, { extensions: { pg_trgm }, startParams })
  }
  const db = drizzle(client, { schema })
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_DIR }),
    async listen(channel, onNotify) {
      const unlisten = await client.listen(channel, () => onNotify())
      return {
        // One connection: a notification reaches its listeners with the answer of the statement that committed it.
        caughtUp: async () => {},
        // Closing the database ends its listeners too: stopping one afterwards has nothing to do.
        async stop() {
          if (!client.closed) await unlisten()
        },
      }
    },
    close: () => client.close(),
  }
}

/**
 * Creates a new embedded database in a process of its own (pglite-create.ts), whose initdb
 * memory ends with it. Only the built server starts that process (it runs the compiled script);
 * run from the sources (tests, the owner CLI through tsx), PGlite.create makes the database itself.
 */
async function createApart(dir: string): Promise<void> {
  // tsc's output of pglite-create.ts: the store runs from a bundle, where this module has no file of its own.
  const script = join(PROJECT_ROOT, 'dist/node/server/db/pglite-create.js')
  if (import.meta.url.endsWith('.ts') || !existsSync(script)) return
  await new Promise<void>((resolve, reject) => {
    const child = fork(script, [dir], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`Creating the embedded database in ${dir} failed (exit code ${code})`))))
  })
}
