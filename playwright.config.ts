import { defineConfig } from '@playwright/test'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// Journeys run against the built app (`npm run build`) in Debian's Chromium. Each worker starts
// a store of its own (e2e/support/store.ts) on a copy of the seeded demo template, on port
// E2E_PORT + its slot: the journeys wait on pages and mail more than they compute, so two
// workers on two cores take about half the time, and they share no data.
/** The first worker's store listens here, the next one port above, and so on. */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 3100)
// Set once in the main process so workers (which inherit the environment) agree on it.
process.env.E2E_DATA_DIR ??= join(tmpdir(), `als-e2e-${Date.now()}`)
/** The account the journeys sign in with as the shop owner (made an admin by ADMIN_EMAILS). */
export const E2E_OWNER_EMAIL = 'owner@e2e.audiolab.test'

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  // Above the closing summary, the ten journey files that took longest ("Slow test file"): CI's time, file by file.
  reportSlowTests: { max: 10, threshold: 0 },
  outputDir: 'test-results',
  globalSetup: './e2e/support/global-setup.ts',
  globalTeardown: './e2e/support/global-teardown.ts',
  use: {
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
})
