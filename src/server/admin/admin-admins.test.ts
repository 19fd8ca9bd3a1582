/**
 * Who runs the store, from the owner console: the list of admins, granting the role by email to
 * a confirmed account and revoking it, each with its audit entry and `admin_since`, and the
 * rules (no unknown or unconfirmed account, no second grant, no revoking yourself, never the
 * last admin). The ADMIN_EMAILS grant at sign-in is recorded too.
 */
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, signIn, signUp, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { createRolesService } from '../auth/roles.service.ts'
import { auditLog, user } from '../db/schema.ts'
import { createAuditService } from '../audit/audit.service.ts'

const OWNER = uniqueEmail('owner')
let t: TestApp
let owner: SignedInUser

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  owner = await createSignedInUser(t, { email: OWNER })
})
afterAll(async () => t?.close())

function call(method: 'GET' | 'POST' | 'DELETE', url: string, who: SignedInUser, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: { origin: t.config.publicUrl, cookie: who.cookie }, ...(payload === undefined ? {} : { payload }) })
}

const accountOf = async (id: string) => (await t.database.db.select({ role: user.role, adminSince: user.adminSince }).from(user).where(eq(user.id, id)))[0]
const trailOf = (id: string) =>
  t.database.db
    .select({ action: auditLog.action, actorId: auditLog.actorId, actorEmail: auditLog.actorEmail, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, id)))
    .orderBy(desc(auditLog.createdAt))

const justNow = (at: Date | null | undefined) => at instanceof Date && Math.abs(Date.now() - at.getTime()) < 60_000

describe('ADMIN_EMAILS', () => {
  it('made the listed account an admin at its sign-in, with admin_since and one audit entry naming the setting', async () => {
    const account = await accountOf(owner.id)
    expect(account?.role).toBe('admin')
    expect(justNow(account?.adminSince)).toBe(true)
    // A second sign-in changes nothing more.
    expect((await signIn(t, { email: owner.email, password: owner.password })).statusCode).toBe(200)
    expect(await trailOf(owner.id)).toEqual([
      { action: 'user.grant_admin', actorId: null, actorEmail: 'ADMIN_EMAILS', before: { role: 'user' }, after: { role: 'admin' } },
    ])
  })
})

describe('GET /api/admin/admins', () => {
  it('lists the admins with when each became one, marking the one who asks', async () => {
    const response = await call('GET', '/api/admin/admins', owner)
    expect(response.statusCode).toBe(200)
    const since = (await accountOf(owner.id))!.adminSince!.toISOString()
    expect(response.json().data).toEqual([{ userId: owner.id, email: OWNER, name: '', role: 'admin', adminSince: since, you: true }])
  })
})

describe('granting and revoking the admin role', () => {
  it('grants by email in any case: the role, admin_since and an audit entry; the new admin reaches the owner API at once', async () => {
    const producer = await createSignedInUser(t, { name: 'Mara Lind' })
    expect((await call('GET', '/api/admin/admins', producer)).statusCode).toBe(403)

    const granted = await call('POST', '/api/admin/admins', owner, { email: `  ${producer.email.toUpperCase()} ` })
    expect(granted.statusCode).toBe(201)
    expect(granted.json().data).toMatchObject({ userId: producer.id, email: producer.email, name: 'Mara Lind', role: 'admin', you: false })
    const account = await accountOf(producer.id)
    expect(account?.role).toBe('admin')
    expect(justNow(account?.adminSince)).toBe(true)
    expect(granted.json().data.adminSince).toBe(account!.adminSince!.toISOString())
    expect(await trailOf(producer.id)).toEqual([
      { action: 'user.grant_admin', actorId: owner.id, actorEmail: OWNER, before: { role: 'user' }, after: { role: 'admin' } },
    ])

    expect((await call('GET', '/api/admin/admins', producer)).statusCode).toBe(200)
    const listed = (await call('GET', '/api/admin/admins', owner)).json().data as { email: string }[]
    expect(listed.map((entry) => entry.email)).toEqual([OWNER, producer.email])

    const again = await call('POST', '/api/admin/admins', owner, { email: producer.email })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ error: { message: `${producer.email} is already an admin`, status: 409, code: 'ALREADY_ADMIN' } })
    expect(await trailOf(producer.id)).toHaveLength(1)
    expect((await call('DELETE', `/api/admin/admins/${producer.id}`, owner)).statusCode).toBe(204)
  })

  it('revokes another admin: role and admin_since cleared, an audit entry, and the owner API refuses that session at once', async () => {
    const producer = await createSignedInUser(t)
    expect((await call('POST', '/api/admin/admins', owner, { email: producer.email })).statusCode).toBe(201)
    expect((await call('GET', '/api/admin/dashboard', producer)).statusCode).toBe(200)

    const revoked = await call('DELETE', `/api/admin/admins/${producer.id}`, owner)
    expect(revoked.statusCode).toBe(204)
    expect(await accountOf(producer.id)).toEqual({ role: 'user', adminSince: null })
    expect((await trailOf(producer.id))[0]).toEqual({
      action: 'user.revoke_admin',
      actorId: owner.id,
      actorEmail: OWNER,
      before: { role: 'admin' },
      after: { role: 'user' },
    })
    for (const url of ['/api/admin/admins', '/api/admin/dashboard']) {
      const refused = await call('GET', url, producer)
      expect(refused.statusCode).toBe(403)
      expect(refused.json().error.code).toBe('FORBIDDEN')
    }
    const notAdmin = await call('DELETE', `/api/admin/admins/${producer.id}`, owner)
    expect(notAdmin.statusCode).toBe(409)
    expect(notAdmin.json().error.message).toBe(`${producer.email} is neither an admin nor support staff`)
  })

  it('refuses to revoke your own role (409), whoever else is an admin', async () => {
    const second = await createSignedInUser(t)
    expect((await call('POST', '/api/admin/admins', owner, { email: second.email })).statusCode).toBe(201)
    const own = await call('DELETE', `/api/admin/admins/${owner.id}`, owner)
    expect(own.statusCode).toBe(409)
    expect(own.json()).toEqual({ error: { message: 'Another admin must take your admin role', status: 409, code: 'OWN_ADMIN_ROLE' } })
    expect((await accountOf(owner.id))?.role).toBe('admin')
    expect((await call('DELETE', `/api/admin/admins/${second.id}`, owner)).statusCode).toBe(204)
  })

  it('refuses an unknown email, an unconfirmed one and a malformed one, with what to do', async () => {
    const unknown = await call('POST', '/api/admin/admins', owner, { email: 'nobody-here@example.com' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().error.message).toBe('No account with the email nobody-here@example.com. The person must sign up first.')

    const pendingEmail = uniqueEmail('pending')
    expect((await signUp(t, { email: pendingEmail, password: 'correct horse battery' })).statusCode).toBe(200)
    const unconfirmed = await call('POST', '/api/admin/admins', owner, { email: pendingEmail })
    expect(unconfirmed.statusCode).toBe(409)
    expect(unconfirmed.json().error).toMatchObject({
      code: 'EMAIL_NOT_CONFIRMED',
      message: `${pendingEmail} has not been confirmed yet. The person must open the link in the confirmation email first.`,
    })
    const [pending] = await t.database.db.select({ role: user.role }).from(user).where(eq(user.email, pendingEmail))
    expect(pending?.role).toBe('user')

    const malformed = await call('POST', '/api/admin/admins', owner, { email: 'not an email' })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().error.code).toBe('VALIDATION_ERROR')
    const missing = await call('DELETE', '/api/admin/admins/no-such-account', owner)
    expect(missing.statusCode).toBe(404)
    expect(missing.json().error.message).toBe('No admin with this id')
  })

  it('answers 403 to a shopper on every route, who cannot make themselves an admin', async () => {
    const shopper = await createSignedInUser(t)
    for (const [method, url, payload] of [
      ['GET', '/api/admin/admins', undefined],
      ['POST', '/api/admin/admins', { email: shopper.email }],
      ['DELETE', `/api/admin/admins/${owner.id}`, undefined],
    ] as const) {
      const response = await call(method, url, shopper, payload)
      expect({ method, status: response.statusCode }).toEqual({ method, status: 403 })
      expect(response.json().error.code).toBe('FORBIDDEN')
    }
    expect((await accountOf(shopper.id))?.role).toBe('user')
    expect((await accountOf(owner.id))?.role).toBe('admin')
  })

  it('never takes the role of the last admin (409), whoever asks', async () => {
    const admins = (await call('GET', '/api/admin/admins', owner)).json().data as { userId: string }[]
    expect(admins.map((entry) => entry.userId)).toEqual([owner.id])
    // Only a caller that is not the last admin itself could ask: the CLI, or an admin revoked a moment ago.
    const roles = createRolesService({ db: t.database.db, audit: createAuditService(t.database.db) })
    await expect(roles.revokeRole({ userId: owner.id }, { id: 'a-revoked-admin', email: 'revoked@example.com' })).rejects.toMatchObject({
      status: 409,
      code: 'LAST_ADMIN',
      message: 'The last admin cannot lose the role: make someone else an admin first',
    })
    expect((await accountOf(owner.id))?.role).toBe('admin')
  })

  it('leaves one admin when the last two revoke each other at the same moment', async () => {
    const other = await createSignedInUser(t)
    expect((await call('POST', '/api/admin/admins', owner, { email: other.email })).statusCode).toBe(201)
    const [first, second] = await Promise.all([call('DELETE', `/api/admin/admins/${other.id}`, owner), call('DELETE', `/api/admin/admins/${owner.id}`, other)])
    const statuses = [first.statusCode, second.statusCode].sort()
    expect(statuses[0]).toBe(204)
    expect([403, 409]).toContain(statuses[1])
    const left = await t.database.db.select({ id: user.id }).from(user).where(eq(user.role, 'admin'))
    expect(left).toHaveLength(1)
  })
})
