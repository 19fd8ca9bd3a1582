/**
 * `npm run owner -- <command>`: opens the store's database as the server would (PostgreSQL
 * when DATABASE_URL is set, else the embedded database under DATA_DIR, which it refuses to
 * open while a store process serves it), brings it up to date and runs one owner command.
 */
import { loadConfigOrExplain } from '../config.ts'
import { openDatabase, type DatabaseHandle } from '../db/client.ts'
import { runningProcessOf } from '../db/embedded-lock.ts'
import { dataPaths } from '../paths.ts'
import { attachmentDisposition } from '../downloads/content-disposition.ts'
import { createStorages } from '../storage/storages.ts'
import { runOwnerCommand } from './owner-program.ts'

async function main(): Promise<number> {
  const config = loadConfigOrExplain()
  if (!config) return 1
  const paths = dataPaths(config.dataDir)
  let opened = null as DatabaseHandle | null
  const handle = async () => {
    if (!config.databaseUrl) {
      const pid = runningProcessOf(paths.storePid)
      if (pid !== null) {
        throw new OwnerCliError(
          `The store is running on the embedded database in ${config.dataDir} (process ${pid}). ` +
            `Stop it first (Ctrl+C, or kill ${pid}), then run this again; with PostgreSQL (DATABASE_URL) the CLI works while the store runs.`,
        )
      }
    }
    opened ??= await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: paths.database, maxConnections: 2 })
    await opened.migrate()
    return opened
  }
  const database = async () => (await handle()).db
  try {
    // The store's own storages: with STORAGE_URL the CLI's files go to the bucket the fleet serves.
    const storages = createStorages(config.storage, config.dataDir, attachmentDisposition)
    const storage = { ...storages, maxFileBytes: config.maxUploadBytes }
    // The demo's seed and generator load only for `owner demo seed`.
    const seedDemo = async () => {
      const demo = await import('../db/seed.ts')
      return demo.seededLines(await demo.seedDemoStore(await handle(), config, storages))
    }
    return await runOwnerCommand(
      process.argv.slice(2),
      { database, storage, publicUrl: config.publicUrl, authSecret: config.authSecret, seedDemo },
      { out: (line) => console.log(line), err: (line) => console.error(line) },
    )
  } catch (error) {
    if (!(error instanceof OwnerCliError)) throw error
    console.error(error.message)
    return 1
  } finally {
    await opened?.close()
  }
}

/** A refusal the owner can act on: printed as it is, without a stack. */
class OwnerCliError extends Error {}

// The exit code is set, never forced: stdout and stderr to a pipe (a script, a CI log) are written
// asynchronously, and process.exit() would drop what is still queued. The database is closed
// above, so nothing else keeps the process alive once the output has drained.
main().then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    console.error(error)
    process.exitCode = 1
  },
)
