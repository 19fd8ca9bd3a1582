/**
 * `npm run migrate`: brings the database of the configuration (PostgreSQL when DATABASE_URL is
 * set, else the embedded database under DATA_DIR) to this release's migrations and exits: 0
 * when it is up to date, 1 with the reason otherwise. A fleet runs it once per release, before
 * starting its processes with MIGRATE_ON_START=false.
 */
import { loadConfigOrExplain } from './config.ts'
import { openDatabase } from './db/client.ts'
import { runningProcessOf } from './db/embedded-lock.ts'
import { readMigrationStatus } from './db/migration-check.ts'
import { dataPaths } from './paths.ts'

async function main(): Promise<number> {
  const config = loadConfigOrExplain()
  if (!config) return 1
  const paths = dataPaths(config.dataDir)
  if (!config.databaseUrl) {
    // The embedded database is one process's directory: a store serving it migrates it itself.
    const pid = runningProcessOf(paths.storePid)
    if (pid !== null) {
      console.error(
        `The store is running on the embedded database in ${config.dataDir} (process ${pid}): stop it first, or let it migrate at start (MIGRATE_ON_START=true).`,
      )
      return 1
    }
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: paths.database, maxConnections: 1 })
  try {
    const before = await readMigrationStatus(database.db)
    await database.migrate()
    const after = await readMigrationStatus(database.db)
    if (after.pending.length > 0) {
      console.error(`Migrations still pending after migrating: ${after.pending.join(', ')}`)
      return 1
    }
    const where = database.kind === 'postgres' ? 'PostgreSQL database' : `embedded database in ${paths.database}`
    console.log(
      before.pending.length === 0
        ? `The ${where} is already at this release's migrations (${after.applied} applied).`
        : `Migrated the ${where}: applied ${before.pending.join(', ')} (${after.applied} in all).`,
    )
    return 0
  } finally {
    await database.close()
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
