import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailSignups, user } from '../db/schema.ts'
import { createSignedInUser, uniqueEmail } from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

const REFUSED = { error: { message: 'Cross-origin request refused', status: 403, code: 'CROSS_ORIGIN' } }
const EVIL = 'https://evil.example'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

const subscribe = (email: string, headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/email-signup', payload: { email }, headers })
const storedSignup = async (email: string) => (await t.database.db.select().from(emailSignups).where(eq(emailSignups.email, email))).length

describe('cross-origin guard', () => {
  it('refuses a cross-origin POST on an auth route', async () => {
    const email = uniqueEmail('csrf')
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password: 'secret1', name: '' },
      headers: { origin: EVIL },
    })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual(REFUSED)
    expect(await t.database.db.select().from(user).where(eq(user.email, email))).toHaveLength(0)
  })

  it("refuses a cross-origin POST on a non-auth route and stores nothing; the store's own origin passes", async () => {
    const email = uniqueEmail('newsletter')
    const refused = await subscribe(email, { origin: EVIL })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual(REFUSED)
    expect(await storedSignup(email)).toBe(0)

    const accepted = await subscribe(email, { origin: t.config.publicUrl })
    expect(accepted.statusCode).toBeLessThan(300)
    expect(await storedSignup(email)).toBe(1)
  })

  it("refuses PATCH with the victim's own session cookie from another site", async () => {
    const victim = await createSignedInUser(t, { name: 'Victim' })
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      payload: { full_name: 'Owned' },
      headers: { origin: EVIL, cookie: victim.cookie },
    })
    expect(response.statusCode).toBe(403)
    const [row] = await t.database.db.select().from(user).where(eq(user.id, victim.id))
    expect(row!.name).toBe('Victim')
  })

  it('uses Sec-Fetch-Site when a browser sent no Origin', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const email = uniqueEmail('fetch-site')
      expect((await subscribe(email, { 'sec-fetch-site': site })).statusCode).toBe(403)
      expect(await storedSignup(email)).toBe(0)
    }
    expect((await subscribe(uniqueEmail('same-origin'), { 'sec-fetch-site': 'same-origin' })).statusCode).toBeLessThan(300)
  })

  it('refuses the opaque origin "null" (sandboxed frames, data: pages)', async () => {
    expect((await subscribe(uniqueEmail('null-origin'), { origin: 'null' })).statusCode).toBe(403)
  })

  it('lets through requests that no browser page sent (no Origin, no Sec-Fetch-Site), and reads', async () => {
    expect((await subscribe(uniqueEmail('curl'), {})).statusCode).toBeLessThan(300)
    const read = await t.app.inject({ method: 'GET', url: '/api/categories', headers: { origin: EVIL } })
    expect(read.statusCode).toBe(200)
  })

  it('exempts payment webhooks, which carry their own signature', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/webhooks/payments', payload: {}, headers: { origin: EVIL } })
    expect(response.statusCode).not.toBe(403)
  })

  it('in development also trusts the origin the request was addressed to (another host name for the same server)', async () => {
    const lanOrigin = 'http://192.168.1.20:3000'
    expect((await subscribe(uniqueEmail('lan'), { origin: lanOrigin, host: '192.168.1.20:3000' })).statusCode).toBeLessThan(300)
    // ...but not an origin that is neither the store's nor the request's own host.
    expect((await subscribe(uniqueEmail('lan'), { origin: lanOrigin, host: 'localhost:3000' })).statusCode).toBe(403)
  })
})

describe('cross-origin guard in production', () => {
  let prod: TestApp
  beforeAll(async () => {
    prod = await createTestApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://store.example',
      AUTH_SECRET: 'a'.repeat(40),
      SMTP_URL: 'smtp://127.0.0.1:9',
      PAYMENTS_PROVIDER: 'builtin',
    })
  })
  afterAll(async () => prod?.close())

  it('trusts only PUBLIC_URL, not whatever host the request names', async () => {
    const post = (origin: string, host: string) =>
      prod.app.inject({ method: 'POST', url: '/api/email-signup', payload: { email: uniqueEmail('prod') }, headers: { origin, host } })
    expect((await post('https://store.example', 'store.example')).statusCode).toBeLessThan(300)
    expect((await post('https://rebound.example', 'rebound.example')).statusCode).toBe(403)
  })
})
