import { hashPassword } from 'better-auth/crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { account, user } from './auth.schema.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

// Production settings: the store at https://store.example, mail through SMTP (never reached here).
let t: TestApp
const ORIGIN = 'https://store.example'

beforeAll(async () => {
  t = await createTestApp({
    NODE_ENV: 'production',
    PUBLIC_URL: ORIGIN,
    AUTH_SECRET: 'p'.repeat(40),
    SMTP_URL: 'smtp://127.0.0.1:9',
    PAYMENTS_PROVIDER: 'builtin',
  })
  // A confirmed account, made directly: production mail would go out over SMTP.
  await t.database.db.insert(user).values({ id: 'prod-user', name: 'Prod Producer', email: 'prod@example.com', emailVerified: true })
  await t.database.db
    .insert(account)
    .values({ id: 'prod-account', accountId: 'prod-user', providerId: 'credential', userId: 'prod-user', password: await hashPassword('prod-secret') })
})
afterAll(async () => t?.close())

describe('accounts in production', () => {
  it('names the session cookie __Host-als.session_token: Secure, HttpOnly, Path=/, no Domain', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'prod@example.com', password: 'prod-secret' },
      headers: { origin: ORIGIN, host: 'store.example' },
    })
    expect(response.statusCode).toBe(200)
    const cookie = response.cookies.find((entry) => entry.name === '__Host-als.session_token')
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' })
    expect(cookie!.domain).toBeUndefined()

    const profile = await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: `${cookie!.name}=${cookie!.value}` } })
    expect(profile.json().data).toMatchObject({ email: 'prod@example.com', full_name: 'Prod Producer' })
  })

  it('has no developer mailbox', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' })
    expect(response.statusCode).toBe(404)
  })
})
