/**
 * A store of the journeys' own: the built app (`npm run build`) started by start-server.mjs on a
 * copy of the seeded demo template, one per Playwright worker (its port E2E_PORT + the worker's
 * slot), so journeys in different workers never see each other's orders, accounts or settings.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { E2E_OWNER_EMAIL } from '../../playwright.config.ts'

export interface JourneyStore {
  url: string
  dataDir: string
}

const STARTUP_MS = 120_000

async function waitForHealth(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + STARTUP_MS
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The journeys' store exited during start-up (exit code ${server.exitCode})`)
    try {
      if ((await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) })).ok) return
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`The journeys' store at ${url} was not healthy within ${STARTUP_MS / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const kill = setTimeout(() => server.kill('SIGKILL'), 10_000)
    server.once('exit', () => {
      clearTimeout(kill)
      resolve()
    })
    server.kill('SIGTERM')
  })
}

/** Starts a store on `port` over a fresh copy of the template; answers it and the function that stops it. */
export async function startJourneyStore(port: number, dataDir: string): Promise<{ store: JourneyStore; stop: () => Promise<void> }> {
  const templateDir = process.env.E2E_TEMPLATE_DIR
  if (!templateDir) throw new Error('E2E_TEMPLATE_DIR is not set (e2e/support/global-setup.ts sets it)')
  mkdirSync(dataDir, { recursive: true })
  // A copy, not links: journeys upload product files and covers into it.
  for (const part of ['db', 'files', 'media']) cpSync(join(templateDir, part), join(dataDir, part), { recursive: true })
  const url = `http://localhost:${port}`
  const server = spawn(process.execPath, ['e2e/support/start-server.mjs'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      STORE_MODE: 'live',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: url,
      ADMIN_EMAILS: E2E_OWNER_EMAIL,
      // Each journey sends its own client address (test.ts), as one proxy in front of the store would.
      TRUST_PROXY: '1',
    },
  })
  try {
    await waitForHealth(url, server)
  } catch (error) {
    await stop(server)
    throw error
  }
  return { store: { url, dataDir }, stop: () => stop(server) }
}
