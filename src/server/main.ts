/**
 * Starts the store: validates configuration, opens and migrates the database (or, with
 * MIGRATE_ON_START=false, checks that `npm run migrate` did), seeds the demo
 * catalog on first run (unless SEED_DEMO is off), computes missing preview waveforms, serves
 * HTTP with its background workers (mail outbox, built-in payment webhooks, the hourly removal
 * of expired sessions, the forgotten-cart reminders), and shuts down cleanly on SIGTERM/SIGINT.
 */
import { buildApp } from './app.ts'
import { loadConfigOrExplain } from './config.ts'
import { openDatabase } from './db/client.ts'
import { markEmbeddedDatabaseInUse } from './db/embedded-lock.ts'
import { notMigratedMessage, readMigrationStatus } from './db/migration-check.ts'
import { backfillDiscoveryColumns } from './catalog/discovery-columns.ts'
import { backfillPreviewPeaks } from './catalog/preview-peaks.ts'
import { backfillCoverWidths } from './catalog/cover-backfill.ts'
import { startOutboxWorker } from './email/outbox-worker.ts'
import { expiredSessionsJob } from './auth/expired-sessions.ts'
import { startPeriodicJob } from './jobs/periodic-job.ts'
import { startWebhookWorker } from './payments/builtin/webhook-worker.ts'
import { attachmentDisposition } from './downloads/content-disposition.ts'
import { createStorages } from './storage/storages.ts'
import { dataPaths } from './paths.ts'

async function main(): Promise<void> {
  // Where start-up time goes, logged once the store listens (and measured by scripts/bench/startup.mjs);
  // the first phase is the process's start and the loading of the modules imported above.
  let mark = performance.now()
  const phases: Record<string, number> = { 'load modules': Math.round(mark) }
  const phase = (name: string) => {
    const now = performance.now()
    phases[name] = Math.round(now - mark)
    mark = now
  }
  const config = loadConfigOrExplain()
  if (!config) process.exit(1)

  phase('config')
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: dataPaths(config.dataDir).database,
    pgliteSharedBuffers: config.pgliteSharedBuffers,
  })
  // The owner CLI must not open the embedded database while this process holds it.
  const releaseEmbedded = database.kind === 'pglite' ? markEmbeddedDatabaseInUse(dataPaths(config.dataDir).storePid) : () => {}
  phase('open database')
  // The journal against the migrations table (one query) tells whether anything is to apply: a
  // warm start does not read every migration to find nothing.
  const status = await readMigrationStatus(database.db)
  if (status.pending.length > 0 && config.migrateOnStart) {
    await database.migrate()
  } else if (status.pending.length > 0) {
    // A fleet migrates once per release (`npm run migrate`); a process of a newer release must not serve an older schema.
    console.error(notMigratedMessage(status))
    await database.close()
    releaseEmbedded()
    process.exit(1)
  }
  phase('migrations')
  // The storages the app serves from; with a bucket the demo's generated files are copied into it.
  const storages = createStorages(config.storage, config.dataDir, attachmentDisposition)
  // The seed, and the demo catalog's modules with it, load only when SEED_DEMO is on (in the
  // bundle, an import() of our own module runs it on first use: no import() is left to resolve).
  const demo = config.seedDemo ? await import('./db/seed.ts') : null
  const seeded = demo ? demo.seededLines(await demo.seedDemoStore(database, config, storages)) : []
  phase('seed check')
  const app = await buildApp({ config, database, storages })
  phase('build app')
  app.addHook('onClose', async () => {
    await database.close()
    releaseEmbedded()
  })
  for (const line of seeded) app.log.info(line)
  // After seeding, so the demo's products get them too.
  const derived = await backfillDiscoveryColumns(database.db)
  if (derived > 0) app.log.info(`Derived the filter columns (BPM, key, genre, types) of ${derived} products`)
  phase('filter columns')

  // Stopped before the server closes, so a webhook delivery in flight still gets its answer.
  let stopWebhookWorker = async () => {}
  app.addHook('preClose', async () => stopWebhookWorker())
  let peaksWritten: Promise<void> = Promise.resolve()
  app.addHook('preClose', async () => peaksWritten)
  const stopOutboxWorker = startOutboxWorker(app.mailer, app.log)
  app.addHook('preClose', async () => stopOutboxWorker())
  const stopExpiringSessions = startPeriodicJob(database.db, expiredSessionsJob(database.db), app.log)
  app.addHook('preClose', async () => stopExpiringSessions())
  // The capabilities' own periodic work (forgotten-cart reminders), wired by app.ts.
  for (const job of app.periodicJobs) {
    const stop = startPeriodicJob(database.db, job, app.log)
    app.addHook('preClose', async () => stop())
  }

  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    app.log.info(`${signal} received, finishing requests in flight`)
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))

  await app.listen({ port: config.port, host: config.host })
  phase('listen')
  // After listen: the built-in payment provider posts its webhooks to this very server.
  stopWebhookWorker = startWebhookWorker(app)
  // Waveforms are drawn from the previews after listening (a product shows without its waveform
  // meanwhile); the server does not close before they are written.
  peaksWritten = backfillPreviewPeaks(database.db, storages.media).then(
    (peaks) => {
      if (peaks.updated > 0) app.log.info(`Computed the waveform of ${peaks.updated} audio previews`)
      for (const failure of peaks.failed) app.log.warn(`No waveform for product ${failure.productId}: ${failure.reason}`)
    },
    (error: unknown) => app.log.error({ err: error }, 'waveforms could not be computed'),
  )
  // Then covers stored before the storefront's image widths grew get the new ones (pages show the
  // 640 file meanwhile), once per media storage; the server does not close before they are written.
  peaksWritten = peaksWritten
    .then(() => backfillCoverWidths(database.db, storages.media))
    .then(
      (covers) => {
        if (covers.written > 0) app.log.info(`Made ${covers.written} missing cover sizes`)
        for (const failure of covers.failed) app.log.warn(`No new sizes for ${failure.image}: ${failure.reason}`)
      },
      (error: unknown) => app.log.error({ err: error }, 'cover sizes could not be made'),
    )
  app.log.info({ startup: phases }, `Audio Lab Store (${config.storeMode}, ${database.kind}) at ${config.publicUrl}`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
