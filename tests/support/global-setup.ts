/**
 * Vitest global setup: generates the demo catalog's files once into a template data
 * directory (cached under .cache/ by a hash of the code that makes them), with a migrated and
 * seeded PGlite database beside them, and on PostgreSQL a template database to clone. Both
 * databases get the preview waveforms the server computes after seeding at start-up.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts'
import { generateDemoAssets, type DemoCatalog } from '../../src/demo-catalog/generate.ts'
import { seedDemoCatalog } from '../../src/server/db/seed.ts'
import { backfillPreviewPeaks } from '../../src/server/catalog/preview-peaks.ts'
import { createLocalFileStorage } from '../../src/server/storage/local-file-storage.ts'
import { dataPaths, PROJECT_ROOT } from '../../src/server/paths.ts'
import { adminPool, templateDatabaseName } from './postgres.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    templateDataDir: string
    pgTemplateDatabase: string | null
  }
}

/** Hash of every file that decides what the template holds. */
function sourceHash(): string {
  const hash = createHash('sha256')
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) walk(path)
      else if (!name.includes('.test.')) hash.update(path).update(readFileSync(path))
    }
  }
  walk(join(PROJECT_ROOT, 'src/demo-catalog'))
  walk(join(PROJECT_ROOT, 'src/server/db'))
  walk(join(PROJECT_ROOT, 'src/server/catalog'))
  // What the seed derives the filter columns with.
  walk(join(PROJECT_ROOT, 'src/shared'))
  return hash.digest('hex').slice(0, 16)
}

/** What start-up does after seeding: the demo's products are seeded without waveforms. */
async function computePreviewPeaks(database: DatabaseHandle, dataDir: string): Promise<void> {
  const { failed } = await backfillPreviewPeaks(database.db, createLocalFileStorage(dataPaths(dataDir).media))
  if (failed.length > 0) throw new Error(`No waveform for ${failed.map((failure) => `${failure.productId} (${failure.reason})`).join(', ')}`)
}

export default async function setup(project: TestProject): Promise<void> {
  const hash = sourceHash()
  const templateDir = join(PROJECT_ROOT, '.cache/test-template', hash)
  const catalogFile = join(templateDir, 'catalog.json')
  if (!existsSync(join(templateDir, 'ready'))) {
    // Built beside the final place and renamed into it, so two runs at once never see half a template.
    const building = `${templateDir}.building-${process.pid}`
    rmSync(building, { recursive: true, force: true })
    const catalog = await generateDemoAssets(building)
    writeFileSync(join(building, 'catalog.json'), JSON.stringify(catalog))
    const database = await openDatabase({ pgliteDir: dataPaths(building).database })
    await database.migrate()
    await seedDemoCatalog(database, building, { generate: async () => catalog })
    await computePreviewPeaks(database, building)
    await database.close()
    writeFileSync(join(building, 'ready'), new Date().toISOString())
    if (existsSync(join(templateDir, 'ready'))) rmSync(building, { recursive: true, force: true })
    else {
      rmSync(templateDir, { recursive: true, force: true })
      renameSync(building, templateDir)
    }
  }
  project.provide('templateDataDir', templateDir)

  const databaseUrl = process.env.DATABASE_URL
  if (!databaseUrl) {
    project.provide('pgTemplateDatabase', null)
    return
  }
  const template = templateDatabaseName(databaseUrl, hash)
  const admin = adminPool(databaseUrl)
  const { rows } = await admin.query('select 1 from pg_database where datname = $1', [template])
  if (rows.length === 0) {
    await admin.query(`create database "${template}_building"`).catch(() => undefined)
    const url = new URL(databaseUrl)
    url.pathname = `/${template}_building`
    const database = await openDatabase({ databaseUrl: url.toString(), maxConnections: 1 })
    await database.migrate()
    const catalog = JSON.parse(readFileSync(catalogFile, 'utf8')) as DemoCatalog
    await seedDemoCatalog(database, templateDir, { generate: async () => catalog })
    await computePreviewPeaks(database, templateDir)
    await database.close()
    await admin.query(`alter database "${template}_building" rename to "${template}"`)
  }
  await admin.end()
  project.provide('pgTemplateDatabase', template)
}
