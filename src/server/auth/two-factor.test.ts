import { createHmac } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { user } from './auth.schema.ts'
import { browserRequest, createSignedInUser, sessionCookieOf, signIn } from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

/** RFC 6238 TOTP (SHA-1, 30 s, 6 digits), as an authenticator app computes it. */
function totp(base32Secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const char of base32Secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0')
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)))
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)))
  const digest = createHmac('sha1', key).update(counter).digest()
  const offset = digest[digest.length - 1]! & 0xf
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0')
}

const cookieHeader = (response: Awaited<ReturnType<typeof signIn>>) =>
  response.cookies
    .filter((entry) => entry.value)
    .map((entry) => `${entry.name}=${entry.value}`)
    .join('; ')

describe('two-factor sign-in (TOTP), optional per account', () => {
  it('once turned on with a verified code, sign-in asks for a code before creating a session', async () => {
    const account = await createSignedInUser(t)
    const enabled = await browserRequest(t, {
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      cookie: account.cookie,
      payload: { password: account.password },
    })
    expect(enabled.statusCode).toBe(200)
    const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] }
    const uri = new URL(totpURI)
    expect(uri.protocol).toBe('otpauth:')
    expect(decodeURIComponent(uri.pathname)).toContain('Audio Lab Store')
    expect(backupCodes.length).toBeGreaterThan(0)
    const secret = uri.searchParams.get('secret')!

    // Not on until the producer proves the authenticator app has it.
    expect((await signIn(t, account)).json()).not.toHaveProperty('twoFactorRedirect')
    const verified = await browserRequest(t, {
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      cookie: account.cookie,
      payload: { code: totp(secret) },
    })
    expect(verified.statusCode).toBe(200)
    const [row] = await t.database.db.select().from(user).where(eq(user.id, account.id))
    expect(row!.twoFactorEnabled).toBe(true)

    const firstStep = await signIn(t, account)
    expect(firstStep.statusCode).toBe(200)
    expect(firstStep.json()).toMatchObject({ twoFactorRedirect: true })
    expect(sessionCookieOf(firstStep)).toBeNull()

    const wrong = await browserRequest(t, {
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      cookie: cookieHeader(firstStep),
      payload: { code: '000000' === totp(secret) ? '111111' : '000000' },
    })
    expect(wrong.statusCode).toBe(401)
    expect(sessionCookieOf(wrong)).toBeNull()

    const secondStep = await browserRequest(t, {
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      cookie: cookieHeader(firstStep),
      payload: { code: totp(secret) },
    })
    expect(secondStep.statusCode).toBe(200)
    const session = sessionCookieOf(secondStep)
    expect(session).not.toBeNull()
    expect((await browserRequest(t, { method: 'GET', url: '/api/profile', cookie: session! })).json().data.email).toBe(account.email)
  })
})
