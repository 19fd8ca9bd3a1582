/**
 * Vitest global setup: the seeded demo template (demo-template.ts) and, on PostgreSQL, a
 * template database seeded the same way, to clone a database from for each test file.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../src/server/db/client.ts'
import type { DemoCatalog } from '../../src/demo-catalog/generate.ts'
import { seedDemoCatalog } from '../../src/server/db/seed.ts'
import { adminPool, templateDatabaseName } from './postgres.ts'
import { computePreviewPeaks, ensureDemoTemplate } from './demo-template.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    templateDataDir: string
    pgTemplateDatabase: string | null
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const { templateDir, hash } = await ensureDemoTemplate()
  const catalogFile = join(templateDir, 'catalog.json')
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
