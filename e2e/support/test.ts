/**
 * The journeys' `test`: Playwright's, with every page watched for React's hydration failures
 * (a server-rendered page the browser could not take over as sent). A journey that meets one
 * fails with the message, whatever else it checks. Each journey is a visitor of its own: its
 * requests come from an address of its own (X-Forwarded-For, which the journeys' server trusts
 * from one proxy hop), so the store's per-address limits on sign-ups and sign-ins count each
 * journey apart, as they would count real visitors, however many journeys the suite holds.
 */
import { createHash } from 'node:crypto'
import { test as base } from '@playwright/test'

export { expect } from '@playwright/test'

/** React's production messages for a page that did not hydrate as rendered (418, 419, 421, 422, 423, 425), and its development ones. */
const HYDRATION_FAILURE = /Minified React error #(?:418|419|421|422|423|425)\b|hydrat(?:ion|ed) (?:failed|mismatch)|did not match|server rendered HTML/i

export const test = base.extend<{ hydrationWatch: void }>({
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
