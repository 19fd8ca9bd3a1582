/**
 * Better Auth's admin endpoints are not there, for anyone: a signed-in admin asking to set a
 * role, impersonate a buyer, list, create, update, ban, remove accounts, set a password or end
 * sessions gets our 404 and nothing changes (roles, accounts, sessions, the audit log). Nor can
 * anyone give themselves a role through sign-up or update-user. Roles move only through the
 * owner console and CLI (admin-admins.test.ts).
 */
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  browserRequest,
  confirmationLinkFor,
  createSignedInUser,
  openLink,
  signIn,
  signUp,
  uniqueEmail,
  type SignedInUser,
} from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { account, auditLog, session, user } from '../db/schema.ts'

const OWNER = uniqueEmail('owner')
let t: TestApp
let owner: SignedInUser
let buyer: SignedInUser

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  owner = await createSignedInUser(t, { email: OWNER })
  buyer = await createSignedInUser(t)
})
afterAll(async () => t?.close())

/** What the endpoints could have changed: every account's role, ban and password, every session, the audit log. */
async function storeState() {
  const db = t.database.db
  return {
    users: await db.select({ id: user.id, email: user.email, role: user.role, banned: user.banned, adminSince: user.adminSince }).from(user).orderBy(user.id),
    passwords: await db.select({ userId: account.userId, password: account.password }).from(account).orderBy(account.userId),
    sessions: await db.select({ id: session.id, userId: session.userId, impersonatedBy: session.impersonatedBy }).from(session).orderBy(session.id),
    auditEntries: (await db.select({ n: count() }).from(auditLog))[0]!.n,
  }
}

describe("Better Auth's admin endpoints", () => {
  it('answer 404 in our error shape to a signed-in admin, and change nothing', async () => {
    const calls: { method: 'GET' | 'POST'; path: string; payload?: Record<string, unknown> }[] = [
      { method: 'POST', path: 'set-role', payload: { userId: buyer.id, role: 'admin' } },
      { method: 'POST', path: 'impersonate-user', payload: { userId: buyer.id } },
      { method: 'POST', path: 'stop-impersonating', payload: {} },
      { method: 'GET', path: 'list-users' },
      { method: 'GET', path: `get-user?id=${buyer.id}` },
      { method: 'POST', path: 'create-user', payload: { email: uniqueEmail('planted'), password: 'planted password', name: 'Planted', role: 'admin' } },
      { method: 'POST', path: 'update-user', payload: { userId: buyer.id, data: { role: 'admin', email: uniqueEmail('taken') } } },
      { method: 'POST', path: 'ban-user', payload: { userId: buyer.id, banReason: 'test' } },
      { method: 'POST', path: 'unban-user', payload: { userId: buyer.id } },
      { method: 'POST', path: 'remove-user', payload: { userId: buyer.id } },
      { method: 'POST', path: 'set-user-password', payload: { userId: buyer.id, newPassword: 'a new password for the buyer' } },
      { method: 'POST', path: 'list-user-sessions', payload: { userId: buyer.id } },
      { method: 'POST', path: 'revoke-user-session', payload: { sessionToken: 'any' } },
      { method: 'POST', path: 'revoke-user-sessions', payload: { userId: buyer.id } },
      { method: 'POST', path: 'has-permission', payload: { permissions: { user: ['set-role'] } } },
    ]
    const before = await storeState()
    expect(before.users.find((row) => row.id === owner.id)?.role).toBe('admin')

    for (const call of calls) {
      const response = await browserRequest(t, {
        method: call.method,
        url: `/api/auth/admin/${call.path}`,
        cookie: owner.cookie,
        ...(call.payload ? { payload: call.payload } : {}),
      })
      expect({ path: call.path, status: response.statusCode }).toEqual({ path: call.path, status: 404 })
      expect(response.json()).toEqual({ error: { message: 'Not found', status: 404, code: 'NOT_FOUND' } })
      expect(response.headers['set-cookie']).toBeUndefined()
    }

    expect(await storeState()).toEqual(before)
    // The buyer's own session still works and is still the buyer's.
    const buyerSession = await browserRequest(t, { method: 'GET', url: '/api/auth/get-session', cookie: buyer.cookie })
    expect(buyerSession.json()).toMatchObject({ user: { id: buyer.id, email: buyer.email, role: 'user' } })
  })
})

describe('the role field of an account', () => {
  it('cannot be set at sign-up: the account is a shopper', async () => {
    const email = uniqueEmail('climber')
    const signedUp = await browserRequest(t, {
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password: 'correct horse battery', name: '', role: 'admin' },
    })
    expect(signedUp.statusCode).toBe(200)
    await openLink(t, await confirmationLinkFor(t, email))
    const [row] = await t.database.db.select({ role: user.role, adminSince: user.adminSince }).from(user).where(eq(user.email, email))
    expect(row).toEqual({ role: 'user', adminSince: null })
    const signedIn = await signIn(t, { email, password: 'correct horse battery' })
    expect(signedIn.statusCode).toBe(200)
    expect(signedIn.json().user.role).toBe('user')
  })

  it('cannot be set through update-user: 400 and the role stays', async () => {
    const response = await browserRequest(t, { method: 'POST', url: '/api/auth/update-user', cookie: buyer.cookie, payload: { role: 'admin' } })
    expect(response.statusCode).toBe(400)
    const [row] = await t.database.db.select({ role: user.role }).from(user).where(eq(user.id, buyer.id))
    expect(row?.role).toBe('user')
    expect((await browserRequest(t, { method: 'GET', url: '/api/admin/dashboard', cookie: buyer.cookie })).statusCode).toBe(403)
  })

  it('is "user" for a new account even when sign-up sends nothing about it', async () => {
    const email = uniqueEmail('plain')
    expect((await signUp(t, { email, password: 'correct horse battery' })).statusCode).toBe(200)
    const [row] = await t.database.db.select({ role: user.role }).from(user).where(eq(user.email, email))
    expect(row?.role).toBe('user')
  })
})
