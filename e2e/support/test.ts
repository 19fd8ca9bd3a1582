/**
 * The journeys' `test`: Playwright's, with every page watched for React's hydration failures
 * (a server-rendered page the browser could not take over as sent). A journey that meets one
 * fails with the message, whatever else it checks. Each journey is a visitor of its own: its
 * requests come from an address of its own (X-Forwarded-For, which the journeys' server trusts
 * from one proxy hop), so the store's per-address limits on sign-ups and sign-ins count each
 * journey apart, as they would count real visitors, however many journeys the suite holds.
 * Each worker's journeys run on a store of that worker's own (store.ts).
 */
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { test as base } from '@playwright/test'
import { E2E_BASE_PORT } from '../../playwright.config.ts'
import { startJourneyStore, type JourneyStore } from './store.ts'

export { expect } from '@playwright/test'

/** React's production messages for a page that did not hydrate as rendered (418, 419, 421, 422, 423, 425), and its development ones. */
const HYDRATION_FAILURE = /Minified React error #(?:418|419|421|422|423|425)\b|hydrat(?:ion|ed) (?:failed|mismatch)|did not match|server rendered HTML/i

export const test = base.extend<{ hydrationWatch: void }, { store: JourneyStore }>({
  // The worker's own store; a worker started again after a failure gets a fresh one.
  store: [
    async ({}, use, workerInfo) => {
      const dataDir = join(process.env.E2E_DATA_DIR!, `worker-${workerInfo.workerIndex}`)
      const { store, stop } = await startJourneyStore(E2E_BASE_PORT + workerInfo.parallelIndex, dataDir)
      await use(store)
      await stop()
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ store }, use) => use(store.url),
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const [a, b, c] = createHash('sha256').update(`${testInfo.testId}:${testInfo.retry}`).digest()
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': `10.${a}.${b}.${(c! % 254) + 1}` })
  },
  hydrationWatch: [
    async ({ page }, use) => {
      const failures: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error' && HYDRATION_FAILURE.test(message.text())) failures.push(message.text())
      })
      page.on('pageerror', (error) => {
        if (HYDRATION_FAILURE.test(error.message)) failures.push(error.message)
      })
      await use()
      if (failures.length > 0) throw new Error(`The page did not hydrate as the server rendered it:\n${failures.join('\n')}`)
    },
    { auto: true },
  ],
})
