import { signJWT } from 'better-auth/crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { session, user } from './auth.schema.ts'
import {
  browserRequest,
  confirmationLinkFor,
  createSignedInUser,
  latestEmail,
  openLink,
  sessionCookieOf,
  signIn,
  signUp,
  uniqueEmail,
} from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

const profileWith = (cookie: string) => browserRequest(t, { method: 'GET', url: '/api/profile', cookie })

describe('sign-up, confirmation and sign-in', () => {
  it('emails a confirmation link, refuses sign-in until it is opened, then signs in with an HttpOnly session cookie', async () => {
    const email = uniqueEmail('journey')
    const signedUp = await signUp(t, { email: email.toUpperCase(), password: 'secret1', name: 'Dana Beats' })
    expect(signedUp.statusCode).toBe(200)
    expect(signedUp.json()).toMatchObject({ token: null, user: { email, name: 'Dana Beats', emailVerified: false } })
    expect(sessionCookieOf(signedUp)).toBeNull()

    const message = await latestEmail(t, email, 'Confirm your email')
    expect(message.subject).toBe('Confirm your email for Audio Lab Store')
    expect(message.text).toContain('Hi Dana Beats,')
    expect(message.text).toContain('expires in 24 hours')
    expect(message.html).toContain('Audio Lab Store')

    const early = await signIn(t, { email, password: 'secret1' })
    expect(early.statusCode).toBe(403)
    expect(early.json()).toEqual({ code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' })
    expect(sessionCookieOf(early)).toBeNull()

    const link = await confirmationLinkFor(t, email)
    expect(link.searchParams.get('callbackURL')).toBe(`${t.config.publicUrl}/email-confirmation?confirmed=true`)
    const confirmed = await openLink(t, link)
    expect(confirmed.statusCode).toBe(302)
    expect(confirmed.headers.location).toBe(`${t.config.publicUrl}/email-confirmation?confirmed=true`)
    // Confirming does not sign in: the producer signs in with the password.
    expect(sessionCookieOf(confirmed)).toBeNull()

    const signedIn = await signIn(t, { email, password: 'secret1' })
    expect(signedIn.statusCode).toBe(200)
    expect(signedIn.json()).toMatchObject({ user: { email, emailVerified: true } })
    const cookie = signedIn.cookies.find((entry) => entry.name === 'als.session_token')
    expect(cookie).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax' })
    expect(cookie!.secure).toBeFalsy()
    const profile = await profileWith(sessionCookieOf(signedIn)!)
    expect(profile.json().data).toMatchObject({ email, full_name: 'Dana Beats' })
  })

  it('stores a scrypt hash, never the password', async () => {
    const account = await createSignedInUser(t, { password: 'plain-text-check' })
    const rows = await t.database.db.query.account.findMany({ where: (table, { eq: equals }) => equals(table.userId, account.id) })
    expect(rows).toHaveLength(1)
    expect(rows[0]!.password).not.toContain('plain-text-check')
    expect(rows[0]!.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]+$/)
  })

  it('creates a new session on every sign-in', async () => {
    const account = await createSignedInUser(t)
    const again = await signIn(t, account)
    expect(sessionCookieOf(again)).not.toBe(account.cookie)
    const rows = await t.database.db.select().from(session).where(eq(session.userId, account.id))
    expect(rows).toHaveLength(2)
  })

  it('refuses a wrong password and an unknown email with the same 401', async () => {
    const account = await createSignedInUser(t)
    const wrong = await signIn(t, { email: account.email, password: 'not-the-password' })
    const unknown = await signIn(t, { email: uniqueEmail('nobody'), password: 'not-the-password' })
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' })
      expect(sessionCookieOf(response)).toBeNull()
    }
  })

  it('refuses a password under 6 characters at sign-up', async () => {
    const email = uniqueEmail('short')
    const response = await signUp(t, { email, password: '12345' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'PASSWORD_TOO_SHORT' })
    expect(await t.database.db.select().from(user).where(eq(user.email, email))).toHaveLength(0)
  })

  it('answers a sign-up with a taken email like a new one and tells the owner by email instead', async () => {
    const account = await createSignedInUser(t, { name: 'Owner' })
    const again = await signUp(t, { email: account.email, password: 'another-password', name: 'Intruder' })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toMatchObject({ token: null, user: { email: account.email, emailVerified: false } })
    const note = await latestEmail(t, account.email, 'Your Audio Lab Store account')
    expect(note.text).toContain('already has an account')
    // The existing password still works; the new one was not set.
    expect((await signIn(t, account)).statusCode).toBe(200)
    expect((await signIn(t, { email: account.email, password: 'another-password' })).statusCode).toBe(401)
  })
})

describe('confirmation links', () => {
  it('work once: the second visit lands on the error page', async () => {
    const email = uniqueEmail('once')
    await signUp(t, { email, password: 'secret1' })
    const link = await confirmationLinkFor(t, email)
    expect((await openLink(t, link)).headers.location).toBe(`${t.config.publicUrl}/email-confirmation?confirmed=true`)
    const reused = await openLink(t, link)
    expect(reused.statusCode).toBe(302)
    expect(reused.headers.location).toBe(`${t.config.publicUrl}/email-confirmation?error=EMAIL_ALREADY_VERIFIED`)
  })

  it('expire: a link past its 24 hours is refused and the account stays unconfirmed', async () => {
    const email = uniqueEmail('expired')
    await signUp(t, { email, password: 'secret1' })
    const link = await confirmationLinkFor(t, email)
    const token = link.searchParams.get('token')!
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number; iat: number }
    expect(payload.exp - payload.iat).toBe(24 * 60 * 60)

    // The same token, signed with the store's secret, issued 25 hours ago.
    const stale = await signJWT({ email }, t.config.authSecret, -60 * 60)
    link.searchParams.set('token', stale)
    const response = await openLink(t, link)
    expect(response.headers.location).toBe(`${t.config.publicUrl}/email-confirmation?error=TOKEN_EXPIRED`)
    expect((await signIn(t, { email, password: 'secret1' })).statusCode).toBe(403)
  })

  it('refuse a token not signed by the store', async () => {
    const email = uniqueEmail('forged')
    await signUp(t, { email, password: 'secret1' })
    const link = await confirmationLinkFor(t, email)
    link.searchParams.set('token', await signJWT({ email }, 'some-other-secret-that-is-long-enough', 3600))
    expect((await openLink(t, link)).headers.location).toBe(`${t.config.publicUrl}/email-confirmation?error=INVALID_TOKEN`)
    expect((await signIn(t, { email, password: 'secret1' })).statusCode).toBe(403)
  })

  it('answer a direct call without callback with 401 and the code', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=not-a-token' })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ code: 'INVALID_TOKEN' })
  })

  it('can be sent again (same answer for any address)', async () => {
    const email = uniqueEmail('resend')
    await signUp(t, { email, password: 'secret1' })
    const before = (await t.app.mailer.listOutbox()).filter((message) => message.to === email).length
    const resent = await browserRequest(t, { method: 'POST', url: '/api/auth/send-verification-email', payload: { email } })
    const unknown = await browserRequest(t, { method: 'POST', url: '/api/auth/send-verification-email', payload: { email: uniqueEmail('ghost') } })
    expect(resent.statusCode).toBe(200)
    expect(unknown.statusCode).toBe(200)
    expect(unknown.json()).toEqual(resent.json())
    expect((await t.app.mailer.listOutbox()).filter((message) => message.to === email).length).toBe(before + 1)
  })
})

describe('sessions', () => {
  it('sign-out ends the session on the server: the old cookie no longer works', async () => {
    const account = await createSignedInUser(t)
    expect((await profileWith(account.cookie)).statusCode).toBe(200)
    const signedOut = await browserRequest(t, { method: 'POST', url: '/api/auth/sign-out', cookie: account.cookie, payload: {} })
    expect(signedOut.statusCode).toBe(200)
    expect(signedOut.cookies.find((entry) => entry.name === 'als.session_token')).toMatchObject({ value: '', maxAge: 0 })
    const replayed = await profileWith(account.cookie)
    expect(replayed.statusCode).toBe(401)
    expect(replayed.json()).toEqual({ error: { message: 'User not authenticated', status: 401, code: 'UNAUTHORIZED' } })
    expect(await t.database.db.select().from(session).where(eq(session.userId, account.id))).toHaveLength(0)
  })

  it('revoke-other-sessions (scope others) keeps this device and ends the other one', async () => {
    const account = await createSignedInUser(t)
    const other = sessionCookieOf(await signIn(t, account))!
    const response = await browserRequest(t, { method: 'POST', url: '/api/auth/revoke-other-sessions', cookie: account.cookie, payload: {} })
    expect(response.statusCode).toBe(200)
    expect((await profileWith(account.cookie)).statusCode).toBe(200)
    expect((await profileWith(other)).statusCode).toBe(401)
  })

  it('revoke-sessions then sign-out (scope global) ends every session of the user', async () => {
    const account = await createSignedInUser(t)
    const other = sessionCookieOf(await signIn(t, account))!
    const stranger = await createSignedInUser(t)
    expect((await browserRequest(t, { method: 'POST', url: '/api/auth/revoke-sessions', cookie: account.cookie, payload: {} })).statusCode).toBe(200)
    expect((await browserRequest(t, { method: 'POST', url: '/api/auth/sign-out', cookie: account.cookie, payload: {} })).statusCode).toBe(200)
    expect((await profileWith(account.cookie)).statusCode).toBe(401)
    expect((await profileWith(other)).statusCode).toBe(401)
    expect((await profileWith(stranger.cookie)).statusCode).toBe(200)
  })

  it('get-session answers the signed-in user and null after sign-out', async () => {
    const account = await createSignedInUser(t, { name: 'Session Reader' })
    const current = await browserRequest(t, { method: 'GET', url: '/api/auth/get-session', cookie: account.cookie })
    expect(current.json()).toMatchObject({ user: { id: account.id, email: account.email, name: 'Session Reader' } })
    await browserRequest(t, { method: 'POST', url: '/api/auth/sign-out', cookie: account.cookie, payload: {} })
    const after = await browserRequest(t, { method: 'GET', url: '/api/auth/get-session', cookie: account.cookie })
    expect(after.json()).toBeNull()
  })
})
