import { eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verification } from './auth.schema.ts'
import { browserRequest, createSignedInUser, latestEmail, linkIn, openLink, signIn, uniqueEmail } from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

// Each request from its own address: these tests are about tokens, not the per-IP limit.
let addresses = 0
const requestReset = (email: string, remoteAddress = `10.1.0.${++addresses}`) =>
  browserRequest(t, {
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email, redirectTo: `${t.config.publicUrl}/reset-password/confirm` },
    remoteAddress,
  })

const resetPassword = (token: string, newPassword: string) =>
  browserRequest(t, { method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } })

/** Requests a reset for `email` and follows the emailed link: the token the confirm page receives. */
async function tokenFromEmail(email: string): Promise<string> {
  expect((await requestReset(email)).statusCode).toBe(200)
  const link = linkIn(await latestEmail(t, email, 'Reset your'), `${t.config.publicUrl}/api/auth/reset-password/`)
  const landed = await openLink(t, link)
  expect(landed.statusCode).toBe(302)
  const target = new URL(landed.headers.location as string)
  expect(`${target.origin}${target.pathname}`).toBe(`${t.config.publicUrl}/reset-password/confirm`)
  expect(target.searchParams.get('type')).toBe('recovery')
  return target.searchParams.get('token')!
}

describe('password reset', () => {
  it('emails a link that lands on /reset-password/confirm?type=recovery&token=..., sets the new password and ends every session', async () => {
    const account = await createSignedInUser(t, { name: 'Resetting Producer' })
    const token = await tokenFromEmail(account.email)
    const message = await latestEmail(t, account.email, 'Reset your')
    expect(message.subject).toBe('Reset your Audio Lab Store password')
    expect(message.text).toContain('expires in 1 hour')

    const reset = await resetPassword(token, 'brand-new-pass')
    expect(reset.statusCode).toBe(200)
    expect(reset.json()).toEqual({ status: true })

    expect((await signIn(t, account)).statusCode).toBe(401)
    expect((await signIn(t, { email: account.email, password: 'brand-new-pass' })).statusCode).toBe(200)
    // The session that existed before the reset is gone.
    expect((await browserRequest(t, { method: 'GET', url: '/api/profile', cookie: account.cookie })).statusCode).toBe(401)
  })

  it('keeps reset tokens for 1 hour', async () => {
    const account = await createSignedInUser(t)
    const token = await tokenFromEmail(account.email)
    const [row] = await t.database.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `reset-password:${token}`))
    const lifetimeMs = row!.expiresAt.getTime() - row!.createdAt.getTime()
    expect(Math.abs(lifetimeMs - 60 * 60 * 1000)).toBeLessThan(5000)
  })

  it('refuses a reused token', async () => {
    const account = await createSignedInUser(t)
    const token = await tokenFromEmail(account.email)
    expect((await resetPassword(token, 'first-new-pass')).statusCode).toBe(200)

    const reused = await resetPassword(token, 'second-new-pass')
    expect(reused.statusCode).toBe(400)
    expect(reused.json()).toEqual({ code: 'INVALID_TOKEN', message: 'Invalid token' })
    expect((await signIn(t, { email: account.email, password: 'first-new-pass' })).statusCode).toBe(200)

    // Opening the used link again lands on the error state of the confirm page.
    const link = linkIn(await latestEmail(t, account.email, 'Reset your'), `${t.config.publicUrl}/api/auth/reset-password/`)
    const landed = new URL((await openLink(t, link)).headers.location as string)
    expect(landed.pathname).toBe('/reset-password/confirm')
    expect(landed.searchParams.get('error')).toBe('INVALID_TOKEN')
    expect(landed.searchParams.get('token')).toBeNull()
  })

  it('refuses an expired token', async () => {
    const account = await createSignedInUser(t)
    const token = await tokenFromEmail(account.email)
    await t.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `reset-password:${token}`))

    const link = linkIn(await latestEmail(t, account.email, 'Reset your'), `${t.config.publicUrl}/api/auth/reset-password/`)
    expect(new URL((await openLink(t, link)).headers.location as string).searchParams.get('error')).toBe('INVALID_TOKEN')
    const expired = await resetPassword(token, 'too-late-pass')
    expect(expired.statusCode).toBe(400)
    expect(expired.json()).toMatchObject({ code: 'INVALID_TOKEN' })
    expect((await signIn(t, account)).statusCode).toBe(200)
  })

  it('refuses a new password under 6 characters and keeps the token usable', async () => {
    const account = await createSignedInUser(t)
    const token = await tokenFromEmail(account.email)
    const short = await resetPassword(token, '12345')
    expect(short.statusCode).toBe(400)
    expect(short.json()).toMatchObject({ code: 'PASSWORD_TOO_SHORT' })
    expect((await resetPassword(token, '123456')).statusCode).toBe(200)
  })

  it('answers an unknown email exactly as a known one, and sends nothing', async () => {
    const account = await createSignedInUser(t)
    const stranger = uniqueEmail('stranger')
    const known = await requestReset(account.email, '10.2.0.1')
    const unknown = await requestReset(stranger, '10.2.0.1')
    expect(unknown.statusCode).toBe(known.statusCode)
    expect(unknown.body).toBe(known.body)
    expect(unknown.json()).toEqual({ status: true, message: 'If this email exists in our system, check your email for the reset link' })
    expect((await t.app.mailer.listOutbox()).some((message) => message.to === stranger)).toBe(false)
    const tokens = await t.database.db.select().from(verification).where(like(verification.identifier, 'reset-password:%'))
    expect(tokens.every((row) => row.value !== stranger)).toBe(true)
  })
})
