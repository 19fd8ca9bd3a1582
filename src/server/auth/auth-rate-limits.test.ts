import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserRequest, createSignedInUser, sessionCookieOf, signIn, signUp, uniqueEmail } from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

// NODE_ENV=test here: these limits are ours, on whatever the environment.
let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

const RATE_LIMITED = { error: { message: 'Too many sign-in attempts. Please try again later.', status: 429, code: 'RATE_LIMITED' } }

function expectRateLimited(response: Awaited<ReturnType<typeof signIn>>, body: object = RATE_LIMITED) {
  expect(response.statusCode).toBe(429)
  expect(response.json()).toEqual(body)
  const retryAfter = Number(response.headers['retry-after'])
  expect(retryAfter).toBeGreaterThan(0)
  expect(retryAfter).toBeLessThanOrEqual(60 * 60)
}

describe('sign-in limits', () => {
  it('per IP: the 11th failed attempt in 15 minutes from one address is refused, even with the right password', async () => {
    const account = await createSignedInUser(t)
    const ip = '203.0.113.10'
    // Ten different accounts guessed from one address (the account limit never trips).
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await signIn(t, { email: uniqueEmail('guess'), password: 'guess-123' }, ip)).statusCode).toBe(401)
    }
    const blocked = await signIn(t, account, ip)
    expectRateLimited(blocked)
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60)
    expect(sessionCookieOf(blocked)).toBeNull()
    // Another address is not affected.
    expect((await signIn(t, account, '203.0.113.11')).statusCode).toBe(200)
  })

  it('per account: the 6th failed attempt on one email is refused, from any address', async () => {
    const account = await createSignedInUser(t)
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signIn(t, { email: account.email, password: `wrong-${attempt}` }, `198.51.100.${attempt + 1}`)).statusCode).toBe(401)
    }
    // Right password, fresh address, different letter case: still locked for this account.
    expectRateLimited(await signIn(t, { email: account.email.toUpperCase(), password: account.password }, '198.51.100.50'))
    // Other accounts sign in as usual from the same address.
    const other = await createSignedInUser(t)
    expect((await signIn(t, other, '198.51.100.50')).statusCode).toBe(200)
  })

  it("does not count successful sign-ins, and a success clears the account's failures", async () => {
    const account = await createSignedInUser(t)
    const ip = '192.0.2.77'
    for (let attempt = 0; attempt < 11; attempt++) expect((await signIn(t, account, ip)).statusCode).toBe(200)
    for (let round = 0; round < 2; round++) {
      for (let attempt = 0; attempt < 4; attempt++) expect((await signIn(t, { email: account.email, password: 'nope-nope' }, ip)).statusCode).toBe(401)
      expect((await signIn(t, account, ip)).statusCode).toBe(200)
    }
  })

  it('counts a burst of parallel attempts before any of them finishes', async () => {
    const account = await createSignedInUser(t)
    const statuses = await Promise.all(
      Array.from({ length: 8 }, (_, index) => signIn(t, { email: account.email, password: `parallel-${index}` }, `192.0.2.${100 + index}`)),
    ).then((responses) => responses.map((response) => response.statusCode))
    expect(statuses.filter((status) => status === 401)).toHaveLength(5)
    expect(statuses.filter((status) => status === 429)).toHaveLength(3)
  })
})

describe('sign-up, reset and confirmation-email limits', () => {
  it('refuses the 21st sign-up in an hour from one address', async () => {
    const ip = '203.0.113.40'
    for (let attempt = 0; attempt < 20; attempt++) {
      expect((await signUp(t, { email: uniqueEmail('bulk'), password: 'secret1' }, ip)).statusCode).toBe(200)
    }
    expectRateLimited(await signUp(t, { email: uniqueEmail('bulk'), password: 'secret1' }, ip), {
      error: { message: 'Too many sign-up attempts. Please try again later.', status: 429, code: 'RATE_LIMITED' },
    })
  })

  it('limits reset requests per address and per email, the same for known and unknown emails', async () => {
    const resetLimited = { error: { message: 'Too many password reset requests. Please try again later.', status: 429, code: 'RATE_LIMITED' } }
    const request = (email: string, remoteAddress: string) =>
      browserRequest(t, { method: 'POST', url: '/api/auth/request-password-reset', payload: { email }, remoteAddress })

    for (let attempt = 0; attempt < 5; attempt++) expect((await request(uniqueEmail('r'), '203.0.113.60')).statusCode).toBe(200)
    expectRateLimited(await request(uniqueEmail('r'), '203.0.113.60'), resetLimited)

    const known = (await createSignedInUser(t)).email
    const unknown = uniqueEmail('unknown')
    for (const email of [known, unknown]) {
      for (let attempt = 0; attempt < 3; attempt++) expect((await request(email, `203.0.113.${70 + attempt}`)).statusCode).toBe(200)
      expectRateLimited(await request(email, '203.0.113.99'), resetLimited)
    }
    const mails = (await t.app.mailer.listOutbox()).filter((message) => message.to === known && message.subject.startsWith('Reset'))
    expect(mails).toHaveLength(3)
  })
})

describe('with REDIS_URL', () => {
  let second: TestApp
  let third: TestApp
  beforeAll(async () => {
    const redis = { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' }
    ;[second, third] = await Promise.all([createTestApp(redis), createTestApp(redis)])
  })
  afterAll(async () => Promise.all([second?.close(), third?.close()]))

  it('two app processes share the per-account limit', async () => {
    expect(second.app.rateLimiter.store.kind).toBe('redis')
    const email = uniqueEmail('shared-limit')
    // Failures spread over two processes count against one account.
    for (let attempt = 0; attempt < 5; attempt++) {
      const app = attempt % 2 === 0 ? second : third
      expect((await signIn(app, { email, password: 'wrong-pass' }, `100.64.${attempt}.${Math.floor(Math.random() * 250) + 1}`)).statusCode).toBe(401)
    }
    expectRateLimited(await signIn(third, { email, password: 'wrong-pass' }, '100.64.99.1'))
    expectRateLimited(await signIn(second, { email, password: 'wrong-pass' }, '100.64.99.2'))
  })
})
