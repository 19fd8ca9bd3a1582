/**
 * Real store processes for tests that must cross process boundaries: N copies of the server
 * (src/server/main.ts under tsx) on one PostgreSQL database cloned from the seeded test
 * template, sharing the template's media and product files, one AUTH_SECRET and one public
 * origin, each on its own port. Used on PostgreSQL only (PGlite is one process's file).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import { dataPaths, PROJECT_ROOT } from '../../src/server/paths.ts'
import { cloneTemplateDatabase } from './postgres.ts'

export interface StoreProcess {
  url: string
  process: ChildProcess
}

export interface StoreFleet {
  stores: StoreProcess[]
  /** The origin every process believes is its own (PUBLIC_URL): the first process's address. */
  publicUrl: string
  /** A pool on the fleet's database, for assertions on rows. */
  db: pg.Pool
  stop: () => Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, deadlineMs = 60_000): Promise<void> {
  const deadline = Date.now() + deadlineMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`store process exited (${child.exitCode}):\n${output()}`)
    try {
      const response = await fetch(`${url}/healthz`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`store process at ${url} did not become healthy:\n${output()}`)
}

/** Starts `count` store processes on a fresh copy of the seeded template database. */
export async function startStoreFleet(count: number, env: Record<string, string> = {}): Promise<StoreFleet> {
  const databaseUrl = process.env.DATABASE_URL
  const template = inject('pgTemplateDatabase')
  if (!databaseUrl || !template) throw new Error('startStoreFleet needs PostgreSQL (DATABASE_URL)')
  const clone = await cloneTemplateDatabase(databaseUrl, template)
  const dataDir = mkdtempSync(join(tmpdir(), 'als-fleet-'))
  const templatePaths = dataPaths(inject('templateDataDir'))
  symlinkSync(templatePaths.media, dataPaths(dataDir).media)
  symlinkSync(templatePaths.files, dataPaths(dataDir).files)

  const ports = await Promise.all(Array.from({ length: count }, () => freePort()))
  const publicUrl = `http://127.0.0.1:${ports[0]}`
  const stores: StoreProcess[] = []
  const outputs: string[] = []
  for (const [index, port] of ports.entries()) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: PROJECT_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: clone.url,
        PUBLIC_URL: publicUrl,
        AUTH_SECRET: 'fleet-test-secret-that-is-long-enough-0123456789',
        PAYMENTS_WEBHOOK_URL: `${publicUrl}/api/webhooks/payments`,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    outputs[index] = ''
    child.stdout?.on('data', (chunk: Buffer) => (outputs[index] += chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => (outputs[index] += chunk.toString()))
    stores.push({ url: `http://127.0.0.1:${port}`, process: child })
  }
  const db = new pg.Pool({ connectionString: clone.url, max: 2 })
  const stop = async () => {
    await Promise.all(
      stores.map(
        ({ process: child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve()
            child.once('exit', () => resolve())
            child.kill('SIGTERM')
            setTimeout(() => child.kill('SIGKILL'), 10_000).unref()
          }),
      ),
    )
    await db.end()
    await clone.drop()
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    await Promise.all(stores.map((store, index) => waitForHealth(store.url, store.process, () => outputs[index] ?? '')))
  } catch (error) {
    await stop()
    throw error
  }
  return { stores, publicUrl, db, stop }
}
