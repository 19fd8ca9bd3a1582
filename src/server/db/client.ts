/**
 * Opens the store's database: PostgreSQL through `pg` when DATABASE_URL is set, else the
 * embedded PGlite under DATA_DIR/db. Both are driven through the same Drizzle schema and
 * migrations, so the rest of the server cannot tell them apart.
 */
import { mkdirSync } from 'node:fs'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import * as schema from './schema.ts'
import { MIGRATIONS_DIR } from '../paths.ts'

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
  close: () => Promise<void>
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined
  /** PGlite directory; ignored when databaseUrl is set. */
  pgliteDir?: string
  /** Pool size for PostgreSQL. */
  maxConnections?: number
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.maxConnections ?? 10)
  if (!options.pgliteDir) throw new Error('openDatabase needs databaseUrl or pgliteDir')
  return openPglite(options.pgliteDir)
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
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => pool.end(),
  }
}

async function openPglite(dir: string): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  mkdirSync(dir, { recursive: true })
  const client = await PGlite.create(dir)
  const db = drizzle(client, { schema })
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  }
}
