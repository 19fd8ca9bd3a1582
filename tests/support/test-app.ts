/**
 * A booted app for a test file on its own database: an in-memory PGlite started from the
 * seeded template's archive, or (with DATABASE_URL) a PostgreSQL database cloned from the seeded template. Media and
 * product files are shared read-only with the template.
 */
import { mkdtempSync, openAsBlob, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { inject } from 'vitest'
import { buildApp } from '../../src/server/app.ts'
import { loadConfig, type AppConfig } from '../../src/server/config.ts'
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts'
import type { CreatePageRenderer } from '../../src/server/storefront/page-renderer.ts'
import { dataPaths } from '../../src/server/paths.ts'
import { attachmentDisposition } from '../../src/server/downloads/content-disposition.ts'
import { createStorages } from '../../src/server/storage/storages.ts'
import { cloneTemplateDatabase } from './postgres.ts'
import { templateArchivePath } from './template-archive.ts'

export interface TestApp {
  app: FastifyInstance
  database: DatabaseHandle
  config: AppConfig
  dataDir: string
  close: () => Promise<void>
}

export interface TestAppOptions {
  /** Turns the request log on and sends it here. */
  logStream?: { write: (line: string) => void }
  /** Serves the storefront's pages from this built client (index.html), as production does. */
  clientDir?: string
  /** Renders the storefront pages on the server, with the client's server-render entry as `npm run build` bundles it. */
  renderPages?: boolean
}

export async function createTestApp(env: Record<string, string> = {}, { logStream, clientDir, renderPages = false }: TestAppOptions = {}): Promise<TestApp> {
  const templateDir = inject('templateDataDir')
  const pgTemplate = inject('pgTemplateDatabase')
  const dataDir = mkdtempSync(join(tmpdir(), 'als-test-'))
  const template = dataPaths(templateDir)
  const paths = dataPaths(dataDir)
  symlinkSync(template.media, paths.media)
  symlinkSync(template.files, paths.files)

  let dropDatabase = async () => {}
  let databaseUrl: string | undefined
  let pgliteArchive: Blob | undefined
  if (pgTemplate && process.env.DATABASE_URL) {
    const clone = await cloneTemplateDatabase(process.env.DATABASE_URL, pgTemplate)
    databaseUrl = clone.url
    dropDatabase = clone.drop
  } else {
    pgliteArchive = await openAsBlob(templateArchivePath(templateDir))
  }

  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...env })
  const database = await openDatabase({ databaseUrl, pgliteDir: paths.database, pgliteArchive })
  const createPageRenderer: CreatePageRenderer | null = renderPages
    ? (await import('../../src/client/server-render/entry-server.tsx')).createPageRenderer
    : null
  const app = await buildApp({
    config,
    database,
    clientDir: clientDir ?? null,
    createPageRenderer,
    logger: Boolean(logStream),
    ...(logStream ? { logStream } : {}),
  })
  await app.ready()
  return {
    app,
    database,
    config,
    dataDir,
    close: async () => {
      await app.close()
      await database.close()
      await dropDatabase()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Where a test app keeps product files, covers and previews (its disk, or its bucket), for services made outside the app (the owner CLI). */
export function catalogStorageOf(t: TestApp) {
  return { ...createStorages(t.config.storage, t.dataDir, attachmentDisposition), maxFileBytes: t.config.maxUploadBytes }
}
