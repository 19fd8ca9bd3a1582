import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MIGRATIONS_DIR, PROJECT_ROOT, dataPaths } from '../paths.ts'
import { adminPool } from '../../../tests/support/postgres.ts'
import { openDatabase, type DatabaseHandle } from './client.ts'
import { NOT_MIGRATED_MESSAGE, readMigrationStatus } from './migration-check.ts'

const journalTags = (JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }).entries.map(
  (entry) => entry.tag,
)

/** A database nothing has migrated: a new PGlite directory, or (with DATABASE_URL) a new empty PostgreSQL database. */
interface FreshDatabase {
  dataDir: string
  databaseUrl: string | undefined
  open: () => Promise<DatabaseHandle>
  drop: () => Promise<void>
}

async function freshDatabase(): Promise<FreshDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'als-migration-check-'))
  const adminUrl = process.env.DATABASE_URL
  let databaseUrl: string | undefined
  let dropDatabase = async () => {}
  if (adminUrl) {
    const name = `${decodeURIComponent(new URL(adminUrl).pathname.slice(1)) || 'als'}_mc_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
    const admin = adminPool(adminUrl)
    await admin.query(`create database "${name}"`)
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    databaseUrl = url.toString()
    dropDatabase = async () => {
      await admin.query(`drop database if exists "${name}" with (force)`)
      await admin.end()
    }
  }
  return {
    dataDir,
    databaseUrl,
    open: () => openDatabase({ databaseUrl, pgliteDir: dataPaths(dataDir).database, maxConnections: 2 }),
    drop: async () => {
      await dropDatabase()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

let fresh: FreshDatabase
beforeEach(async () => {
  fresh = await freshDatabase()
})
afterEach(async () => fresh?.drop())

describe('readMigrationStatus', () => {
  it('finds every migration pending on a database nothing has migrated, and none after migrate', async () => {
    const database = await fresh.open()
    try {
      expect(await readMigrationStatus(database.db)).toEqual({ applied: 0, pending: journalTags })
      await database.migrate()
      expect(await readMigrationStatus(database.db)).toEqual({ applied: journalTags.length, pending: [] })
    } finally {
      await database.close()
    }
  })

  it('finds the newest migration pending when the database lacks it, as the migrator would apply it', async () => {
    const database = await fresh.open()
    try {
      await database.migrate()
      await database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`)
      expect(await readMigrationStatus(database.db)).toEqual({ applied: journalTags.length - 1, pending: [journalTags.at(-1)] })
    } finally {
      await database.close()
    }
  })

  it('counts a database migrated by a newer release as up to date, so older processes keep serving during a rollout', async () => {
    const database = await fresh.open()
    try {
      await database.migrate()
      await database.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-release', 99999999999999)`)
      expect(await readMigrationStatus(database.db)).toEqual({ applied: journalTags.length + 1, pending: [] })
    } finally {
      await database.close()
    }
  })
})

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

interface Run {
  code: number | null
  output: string
}

/** Runs a server entry under tsx, as `npm run dev` does; answers when it exits, or calls `whileRunning` first and then stops it with SIGTERM. */
function runEntry(entry: string, env: Record<string, string>, whileRunning?: () => Promise<void>): Promise<Run> {
  const inherited: NodeJS.ProcessEnv = { ...process.env }
  for (const name of [
    'STRIPE_SECRET_KEY',
    'STRIPE_PUBLISHABLE_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'PAYMENTS_PROVIDER',
    'SMTP_URL',
    'REDIS_URL',
    'DATABASE_URL',
    'SEED_DEMO',
    'MIGRATE_ON_START',
  ])
    delete inherited[name]
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: PROJECT_ROOT,
    env: { ...inherited, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<Run>((resolve) => child.once('exit', (code) => resolve({ code, output })))
  if (!whileRunning) return exited
  return whileRunning()
    .finally(() => child.kill('SIGTERM'))
    .then(() => exited)
}

async function waitForHealth(url: string, deadlineMs = 60_000): Promise<Response> {
  const deadline = Date.now() + deadlineMs
  for (;;) {
    try {
      return await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) })
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
}

describe('start-up with MIGRATE_ON_START=false', () => {
  it('refuses a database that is not migrated, and starts once npm run migrate has run', { timeout: 120_000 }, async () => {
    const port = await freePort()
    const env = {
      DATA_DIR: fresh.dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      MIGRATE_ON_START: 'false',
      ...(fresh.databaseUrl ? { DATABASE_URL: fresh.databaseUrl } : {}),
    }

    const refused = await runEntry('src/server/main.ts', env)
    expect(refused.code).toBe(1)
    expect(refused.output).toContain(NOT_MIGRATED_MESSAGE)
    expect(refused.output).toContain(journalTags.at(-1))

    const migrated = await runEntry('src/server/migrate.ts', env)
    expect(migrated.output).toContain(`applied ${journalTags.join(', ')}`)
    expect(migrated.code).toBe(0)
    const again = await runEntry('src/server/migrate.ts', env)
    expect(again.output).toContain("already at this release's migrations")
    expect(again.code).toBe(0)

    let health: Response | undefined
    const served = await runEntry('src/server/main.ts', env, async () => {
      health = await waitForHealth(`http://127.0.0.1:${port}`)
    })
    expect(health?.status, served.output).toBe(200)
    expect(served.code, served.output).toBe(0)
  })
})
