/**
 * The seeded template's database as one archive (PGlite's dumpDataDir, uncompressed), from
 * which each test file starts an in-memory PGlite: quicker than copying the data directory's
 * 1,200 files and deleting them afterwards, and the tests' writes never touch the disk.
 */
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { dataPaths } from '../../src/server/paths.ts'

export function templateArchivePath(templateDir: string): string {
  return join(templateDir, 'db.tar')
}

/** Writes the archive beside a ready template once. The template's own directory is never opened: others may be reading it. */
export async function ensureTemplateArchive(templateDir: string): Promise<void> {
  const archive = templateArchivePath(templateDir)
  if (existsSync(archive)) return
  const scratch = mkdtempSync(join(tmpdir(), 'als-template-archive-'))
  try {
    const copy = join(scratch, 'db')
    cpSync(dataPaths(templateDir).database, copy, { recursive: true })
    const database = await PGlite.create(copy, { extensions: { pg_trgm } })
    const dump = await database.dumpDataDir('none')
    await database.close()
    // Written beside the final name and renamed into it, so a run never reads half an archive.
    const partial = `${archive}.${process.pid}`
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
    renameSync(partial, archive)
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}
