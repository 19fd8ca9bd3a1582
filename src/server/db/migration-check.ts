/**
 * Whether a database holds this release's migrations, read the way drizzle's migrator reads
 * them: it records each applied migration in `drizzle.__drizzle_migrations` (hash, created_at =
 * the journal entry's `when`) and applies every journal entry newer than the latest row. So
 * the entries of `meta/_journal.json` newer than that row are exactly what `npm run migrate`
 * would apply. A database ahead of the journal (a newer release migrated it) counts as up to
 * date: old processes keep serving it during a rolling release.
 *
 * Start-up asks this when MIGRATE_ON_START is off, and refuses to serve a database that lags.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import type { Executor } from './client.ts'
import { MIGRATIONS_DIR } from '../paths.ts'

export const NOT_MIGRATED_MESSAGE = 'The database is not migrated to this release: run npm run migrate'

interface JournalEntry {
  tag: string
  when: number
}

export interface MigrationStatus {
  /** Rows in drizzle's migrations table (0 when it does not exist yet). */
  applied: number
  /** Journal tags the migrator would still apply, oldest first. */
  pending: string[]
}

/** Compares the database's migrations table with the journal in `migrationsFolder`. */
export async function readMigrationStatus(db: Executor, migrationsFolder: string = MIGRATIONS_DIR): Promise<MigrationStatus> {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: JournalEntry[] }
  const table = (await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`)) as unknown as {
    rows: { present: boolean }[]
  }
  if (!table.rows[0]?.present) return { applied: 0, pending: journal.entries.map((entry) => entry.tag) }
  // created_at is a bigint: read as text, so both drivers answer the same way.
  const recorded = (await db.execute(sql`select count(*)::int as applied, max(created_at)::text as latest from drizzle.__drizzle_migrations`)) as unknown as {
    rows: { applied: number; latest: string | null }[]
  }
  const { applied, latest } = recorded.rows[0] ?? { applied: 0, latest: null }
  const latestWhen = latest === null ? -Infinity : Number(latest)
  return { applied: Number(applied), pending: journal.entries.filter((entry) => entry.when > latestWhen).map((entry) => entry.tag) }
}

/** The refusal start-up prints when migrations are pending. */
export function notMigratedMessage(status: MigrationStatus): string {
  return `${NOT_MIGRATED_MESSAGE} (${status.pending.length} pending: ${status.pending.join(', ')}).`
}
