import { defineConfig } from '@playwright/test'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// Journeys run against the built app (`npm run build`) on a fresh data directory, in Debian's
// Chromium. The server seeds the demo catalog on start.
const port = Number(process.env.E2E_PORT ?? 3100)
// Set once in the main process so workers (which inherit the environment) agree on it.
process.env.E2E_DATA_DIR ??= join(tmpdir(), `als-e2e-${Date.now()}`)
const dataDir = process.env.E2E_DATA_DIR
/** The account the journeys sign in with as the shop owner (made an admin by ADMIN_EMAILS). */
export const E2E_OWNER_EMAIL = 'owner@e2e.audiolab.test'

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
  globalTeardown: './e2e/support/global-teardown.ts',
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
  webServer: {
    command: 'node e2e/support/start-server.mjs',
    url: `http://localhost:${port}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      STORE_MODE: 'live',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${port}`,
      ADMIN_EMAILS: E2E_OWNER_EMAIL,
      // Each journey sends its own client address (e2e/support/test.ts), as one proxy in front of the store would.
      TRUST_PROXY: '1',
    },
  },
})
