/**
 * The seeded demo store the tests start from: the demo catalog's files generated once into a
 * template data directory (cached under .cache/ by a hash of the code that makes them), with a
 * migrated and seeded PGlite database beside them that has the preview waveforms the server
 * computes after seeding at start-up. Server tests open copies of its database (test-app.ts,
 * or on PostgreSQL a database made from it); each browser-journey worker starts its store on a
 * copy of the whole directory.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts'
import { generateDemoAssets } from '../../src/demo-catalog/generate.ts'
import { seedDemoCatalog } from '../../src/server/db/seed.ts'
import { backfillPreviewPeaks } from '../../src/server/catalog/preview-peaks.ts'
import { createLocalFileStorage } from '../../src/server/storage/local-file-storage.ts'
import { dataPaths, PROJECT_ROOT } from '../../src/server/paths.ts'
import { ensureTemplateArchive } from './template-archive.ts'

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
export async function computePreviewPeaks(database: DatabaseHandle, dataDir: string): Promise<void> {
  const { failed } = await backfillPreviewPeaks(database.db, createLocalFileStorage(dataPaths(dataDir).media))
  if (failed.length > 0) throw new Error(`No waveform for ${failed.map((failure) => `${failure.productId} (${failure.reason})`).join(', ')}`)
}

/** The template's directory and the hash it is cached under, made first when missing. */
export async function ensureDemoTemplate(): Promise<{ templateDir: string; hash: string }> {
  const hash = sourceHash()
  const templateDir = join(PROJECT_ROOT, '.cache/test-template', hash)
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
  await ensureTemplateArchive(templateDir)
  return { templateDir, hash }
}
