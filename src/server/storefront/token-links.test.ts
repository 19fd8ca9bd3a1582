/**
 * Every link the store emails or shares with a token in it opens its page: thousands of random
 * tokens of each real format, sent through the served storefront, never answer the JSON 404 the
 * catch-all keeps for a missing file. A page address is a page whatever its last segment looks like
 * (a dot and letters, as an old cart-reminder token ends); only an address no page claims that looks
 * like a file is the 404.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productUpdatesUnsubscribePath } from '../../shared/contract/email-preferences.ts'
import { STORE_ROUTES } from '../../shared/routes.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { createSignedIdTokens, createSignedTextTokens } from '../http/signed-tokens.ts'
import { createEmailPreferencesService } from '../marketing/email-preferences.service.ts'
import { licenceCodeOf } from '../orders/licence.ts'
import { newCheckoutSessionId } from '../payments/builtin/ids.ts'

/** Random tokens sent per kind of link. */
const TOKENS_PER_KIND = 2000
const NOT_FOUND_BODY = { error: { message: 'Not found', status: 404, code: 'NOT_FOUND' } }

let t: TestApp
let clientDir: string

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'als-token-links-'))
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html><head><title>Audio Lab Store</title></head><body><div id="root"></div></body></html>')
  t = await createTestApp({ STORE_MODE: 'live' }, { clientDir })
})
afterAll(async () => {
  await t?.close()
  rmSync(clientDir, { recursive: true, force: true })
})

/** One address of each page whose path carries a token, with a fresh random token of the format the store writes. */
function tokenLinks(): Record<string, () => string> {
  const secret = t.config.authSecret
  const signed = (purpose: Parameters<typeof createSignedIdTokens>[1]) => createSignedIdTokens(secret, purpose)
  const orderLinks = signed('order-access-link')
  const claims = signed('free-product-claim')
  const newsUnsubscribes = signed('news-unsubscribe')
  const preferences = createEmailPreferencesService({ db: t.database.db, authSecret: secret, publicUrl: t.config.publicUrl })
  const updateUnsubscribes = createSignedTextTokens(secret, 'email-preferences/product-updates')
  return {
    'guest-order': () => `/orders/access/${orderLinks.tokenOf(randomUUID())}`,
    'free-claim': () => `/free/${claims.tokenOf(randomUUID())}`,
    'news-unsubscribe': () => `/unsubscribe/${newsUnsubscribes.tokenOf(randomUUID())}`,
    'cart-reminders-unsubscribe': () => new URL(preferences.cartRemindersUnsubscribeUrl(randomBytes(24).toString('base64url'))).pathname,
    'product-updates-unsubscribe': () => productUpdatesUnsubscribePath(updateUnsubscribes.tokenOf(`${randomBytes(9).toString('hex')}@example.com`)),
    pay: () => `/pay/${newCheckoutSessionId()}`,
    'licence-verification': () => `/licences/${licenceCodeOf(randomUUID(), secret)}`,
  }
}

/** Pages with a parameter that is not a token: a product's slug, an order of the signed-in buyer, the owner console. */
const OTHER_PARAMETER_PAGES = new Set(['product', 'resume-checkout', 'admin'])
/** The catch-alls: a category's slug, then any address. */
const CATCH_ALLS = new Set(['category', 'not-found'])

async function page(url: string) {
  const response = await t.app.inject({ method: 'GET', url })
  const notFound = response.statusCode === 404 || response.body === JSON.stringify(NOT_FOUND_BODY)
  return { url, status: response.statusCode, notFound }
}

describe('token links', () => {
  it('covers every page of the route list whose address has a parameter', () => {
    const withParameter = STORE_ROUTES.filter((route) => /[:*]/.test(route.path) && !CATCH_ALLS.has(route.id) && !OTHER_PARAMETER_PAGES.has(route.id))
    expect(withParameter.map((route) => route.id).sort()).toEqual(Object.keys(tokenLinks()).sort())
  })

  it(`opens its page for ${TOKENS_PER_KIND} random tokens of each kind, never the 404`, async () => {
    const failures: Awaited<ReturnType<typeof page>>[] = []
    for (const [kind, linkOf] of Object.entries(tokenLinks())) {
      let failed = 0
      for (let sent = 0; sent < TOKENS_PER_KIND; sent++) {
        const answer = await page(linkOf())
        if (answer.notFound) failed++
        if (answer.notFound && failures.length < 5) failures.push(answer)
      }
      expect.soft(failed, `${kind}: ${failed} of ${TOKENS_PER_KIND} links answered 404`).toBe(0)
    }
    expect(failures).toEqual([])
  }, 240_000)
})

describe('the catch-all', () => {
  it('answers a page address with a dot in its last segment with the page', async () => {
    for (const url of [
      '/orders/access/abc.def',
      '/free/x.y1',
      '/unsubscribe/a.b',
      '/email-preferences/cart-reminders/aWQ.bWFj',
      '/pay/cs.test',
      '/admin/orders/x.csv',
    ]) {
      expect(await page(url), url).toMatchObject({ status: 200, notFound: false })
    }
    // A product the catalog does not have is its page saying so (404, as search engines should read it), not the file's 404.
    const product = await t.app.inject({ method: 'GET', url: '/products/kick-v1.2' })
    expect(product.headers['content-type']).toMatch(/^text\/html/)
  })

  it('answers a missing file no page claims with the JSON 404', async () => {
    for (const url of ['/favicon-old.png', '/some/where/app.js', '/assets/start-app-0ldbu1ld.js']) {
      const response = await t.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(404)
      expect(response.json(), url).toEqual(NOT_FOUND_BODY)
    }
  })
})
