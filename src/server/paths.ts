/** Locations inside the repository, found from this file whether it runs from src/ or dist/. */
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

function findProjectRoot(start: string): string {
  let dir = start
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir)
    if (parent === dir) throw new Error(`No package.json above ${start}`)
    dir = parent
  }
  return dir
}

export const PROJECT_ROOT = findProjectRoot(dirname(fileURLToPath(import.meta.url)))
export const MIGRATIONS_DIR = join(PROJECT_ROOT, 'src/server/db/migrations')
export const CLIENT_DIST_DIR = join(PROJECT_ROOT, 'dist/client')

/** Where a data directory keeps each kind of thing. */
export function dataPaths(dataDir: string) {
  return {
    database: join(dataDir, 'db'),
    /** Paid product files: never served directly, only through download grants. */
    files: join(dataDir, 'files'),
    /** Public media: cover art and audio previews. */
    media: join(dataDir, 'media'),
    /** Resumable uploads in progress, until a product takes them (or they expire). */
    uploads: join(dataDir, 'uploads'),
    /** The process id of a store serving the embedded database, while it runs. */
    storePid: join(dataDir, 'store.pid'),
  }
}
