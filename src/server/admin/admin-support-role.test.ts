/**
 * The support role: an admin grants it by email in the console (audited), and the account then
 * reads orders, sends a receipt again and adds downloads, each audited under its own email,
 * while refunds, the dashboard and staff stay closed to it (403, nothing changed). An admin can
 * become support staff (not their own role, never the last admin's) and back; taking the role
 * away closes the console at once. The owner CLI grants and lists it too.
 */
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { receiptsFor, useFakePayments } from '../../../tests/support/checkout-fixtures.ts'
import { productsWithFiles, remainingOf } from '../../../tests/support/downloads.ts'
import { createCompletedOrder } from '../../../tests/support/orders.ts'
import { runOwner } from '../../../tests/support/owner-cli.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import type { AdminOrder } from '../../shared/contract/admin-orders.ts'
import { auditLog, orders, user, type ProductRow } from '../db/schema.ts'

const OWNER = uniqueEmail('owner')
let t: TestApp
let owner: SignedInUser
let packs: ProductRow[]

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  owner = await createSignedInUser(t, { email: OWNER })
  useFakePayments(t)
  packs = (await productsWithFiles(t, 6)).filter((product) => product.priceCents > 0).slice(0, 1)
})
afterAll(async () => t?.close())

function call(method: 'GET' | 'POST' | 'DELETE', url: string, who: SignedInUser, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: { origin: t.config.publicUrl, cookie: who.cookie }, ...(payload === undefined ? {} : { payload }) })
}

const roleOf = async (id: string) => (await t.database.db.select({ role: user.role }).from(user).where(eq(user.id, id)))[0]?.role
const userTrail = (id: string) =>
  t.database.db
    .select({ action: auditLog.action, actorEmail: auditLog.actorEmail, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, id)))
    .orderBy(asc(auditLog.createdAt))

/** A signed-in account the owner made support staff through the console. */
async function supportAccount(name = ''): Promise<SignedInUser> {
  const account = await createSignedInUser(t, { name })
  const granted = await call('POST', '/api/admin/admins', owner, { email: account.email, role: 'support' })
  expect(granted.statusCode).toBe(201)
  return account
}

async function paidOrder() {
  const email = uniqueEmail('buyer')
  const buyer = await createSignedInUser(t, { email })
  const order = await createCompletedOrder(t, { userId: buyer.id, productIds: packs.map((pack) => pack.id) })
  await t.database.db
    .update(orders)
    .set({ customerEmail: email, paymentIntentId: `pi_test_${order.orderId.slice(0, 8)}` })
    .where(eq(orders.id, order.orderId))
  return { email, ...order }
}

describe('granting the support role in the console', () => {
  it('makes a confirmed account support staff, listed with its role after the admins, with one audit entry', async () => {
    const account = await createSignedInUser(t, { name: 'Rui Costa' })
    const granted = await call('POST', '/api/admin/admins', owner, { email: account.email.toUpperCase(), role: 'support' })
    expect(granted.statusCode).toBe(201)
    expect(granted.json().data).toMatchObject({ userId: account.id, email: account.email, name: 'Rui Costa', role: 'support', you: false })
    expect(await roleOf(account.id)).toBe('support')
    expect(await userTrail(account.id)).toEqual([{ action: 'user.grant_support', actorEmail: OWNER, before: { role: 'user' }, after: { role: 'support' } }])

    const staff = (await call('GET', '/api/admin/admins', owner)).json().data as { email: string; role: string }[]
    expect(staff[0]).toMatchObject({ email: OWNER, role: 'admin' })
    expect(staff).toContainEqual(expect.objectContaining({ email: account.email, role: 'support' }))

    const again = await call('POST', '/api/admin/admins', owner, { email: account.email, role: 'support' })
    expect(again.statusCode).toBe(409)
    expect(again.json().error).toMatchObject({ code: 'ALREADY_SUPPORT', message: `${account.email} is already support staff` })
    const unknownRole = await call('POST', '/api/admin/admins', owner, { email: account.email, role: 'owner' })
    expect(unknownRole.statusCode).toBe(400)
    expect(await roleOf(account.id)).toBe('support')
  })

  it('takes the support role back: a shopper again, audited, and the console refuses the session at once', async () => {
    const account = await supportAccount()
    expect((await call('GET', '/api/admin/orders', account)).statusCode).toBe(200)
    expect((await call('DELETE', `/api/admin/admins/${account.id}`, owner)).statusCode).toBe(204)
    expect(await roleOf(account.id)).toBe('user')
    expect((await userTrail(account.id)).at(-1)).toEqual({
      action: 'user.revoke_support',
      actorEmail: OWNER,
      before: { role: 'support' },
      after: { role: 'user' },
    })
    expect((await call('GET', '/api/admin/orders', account)).statusCode).toBe(403)
    const notStaff = await call('DELETE', `/api/admin/admins/${account.id}`, owner)
    expect(notStaff.statusCode).toBe(409)
    expect(notStaff.json().error.message).toBe(`${account.email} is neither an admin nor support staff`)
  })

  it('moves an admin to support and back, never the admin who asks', async () => {
    const colleague = await createSignedInUser(t)
    expect((await call('POST', '/api/admin/admins', owner, { email: colleague.email })).statusCode).toBe(201)
    expect((await call('POST', '/api/admin/admins', owner, { email: colleague.email, role: 'support' })).statusCode).toBe(201)
    expect(await roleOf(colleague.id)).toBe('support')
    expect((await call('GET', '/api/admin/dashboard', colleague)).statusCode).toBe(403)
    expect((await call('POST', '/api/admin/admins', owner, { email: colleague.email, role: 'admin' })).statusCode).toBe(201)
    expect((await userTrail(colleague.id)).map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['user.grant_admin', { role: 'user' }, { role: 'admin' }],
      ['user.grant_support', { role: 'admin' }, { role: 'support' }],
      ['user.grant_admin', { role: 'support' }, { role: 'admin' }],
    ])

    const own = await call('POST', '/api/admin/admins', owner, { email: OWNER, role: 'support' })
    expect(own.statusCode).toBe(409)
    expect(own.json().error.code).toBe('OWN_ADMIN_ROLE')
    expect(await roleOf(owner.id)).toBe('admin')
    expect((await call('DELETE', `/api/admin/admins/${colleague.id}`, owner)).statusCode).toBe(204)
  })

  it('leaves one admin when the last two make each other support staff at the same moment', async () => {
    const other = await createSignedInUser(t)
    expect((await call('POST', '/api/admin/admins', owner, { email: other.email })).statusCode).toBe(201)
    const answers = await Promise.all([
      call('POST', '/api/admin/admins', owner, { email: other.email, role: 'support' }),
      call('POST', '/api/admin/admins', other, { email: OWNER, role: 'support' }),
    ])
    const statuses = answers.map((answer) => answer.statusCode).sort()
    expect(statuses[0]).toBe(201)
    expect([403, 409]).toContain(statuses[1])
    const admins = await t.database.db.select({ id: user.id }).from(user).where(eq(user.role, 'admin'))
    expect(admins).toHaveLength(1)
    // Whoever stayed admin gives the owner the role back for the next tests.
    if (admins[0]!.id !== owner.id) expect((await call('POST', '/api/admin/admins', other, { email: OWNER, role: 'admin' })).statusCode).toBe(201)
    await call('DELETE', `/api/admin/admins/${other.id}`, owner)
  })
})

describe('what support staff may do', () => {
  it('reads an order, sends its receipt again and adds downloads, each audited under its own email', async () => {
    const account = await supportAccount()
    const paid = await paidOrder()
    const list = await call('GET', `/api/admin/orders?email=${encodeURIComponent(paid.email)}`, account)
    expect(list.statusCode).toBe(200)
    expect(list.json().data.map((row: { id: string }) => row.id)).toEqual([paid.orderId])
    expect((await call('GET', `/api/admin/orders/${paid.orderId}`, account)).statusCode).toBe(200)

    const receipts = (await receiptsFor(t, paid.orderId)).length
    const resent = await call('POST', `/api/admin/orders/${paid.orderId}/receipt`, account)
    expect(resent.json()).toEqual({ data: { email: paid.email } })
    expect((await receiptsFor(t, paid.orderId)).length).toBe(receipts + 1)

    const item = paid.items[0]!
    const left = await remainingOf(t, item.id)
    expect((await call('POST', `/api/admin/orders/${paid.orderId}/items/${item.id}/downloads`, account, { downloads: 2 })).statusCode).toBe(200)
    expect(await remainingOf(t, item.id)).toBe(left + 2)

    const order = (await call('GET', `/api/admin/orders/${paid.orderId}`, account)).json().data as AdminOrder
    expect(order.history.map((entry) => [entry.action, entry.actorEmail])).toEqual([
      ['order.add_downloads', account.email],
      ['order.resend_receipt', account.email],
    ])
  })

  it('is refused a refund, the dashboard and the staff list and grant (403), and nothing changes', async () => {
    const account = await supportAccount()
    const paid = await paidOrder()
    const refund = await call('POST', `/api/admin/orders/${paid.orderId}/refund`, account, {})
    expect(refund.statusCode).toBe(403)
    expect(refund.json()).toEqual({ error: { message: 'Admin access required', status: 403, code: 'FORBIDDEN' } })
    const [order] = await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, paid.orderId))
    expect(order?.status).toBe('COMPLETED')

    expect((await call('GET', '/api/admin/dashboard', account)).statusCode).toBe(403)
    expect((await call('GET', '/api/admin/admins', account)).statusCode).toBe(403)
    expect((await call('POST', '/api/admin/admins', account, { email: account.email, role: 'admin' })).statusCode).toBe(403)
    expect(await roleOf(account.id)).toBe('support')
  })
})

describe('owner admin grant --support', () => {
  it('grants the support role by email, lists it, and revokes it, as the owner CLI', async () => {
    const account = await createSignedInUser(t, { name: 'Ana Ruiz' })
    expect(await runOwner(t, 'admin', 'grant', '--support', account.email)).toMatchObject({ code: 0, out: `${account.email} is now support staff (was user).` })
    expect(await roleOf(account.id)).toBe('support')
    const listed = await runOwner(t, 'admin', 'list')
    expect(listed.out.split('\n').find((line) => line.startsWith(account.email))).toMatch(/ {2}support since \d{4}-\d\d-\d\d \d\d:\d\d UTC {2}Ana Ruiz$/)
    expect(await runOwner(t, 'admin', 'revoke', account.email)).toMatchObject({ code: 0, out: `${account.email} is now a shopper (was support).` })
    expect((await userTrail(account.id)).map((entry) => [entry.action, entry.actorEmail])).toEqual([
      ['user.grant_support', 'owner-cli'],
      ['user.revoke_support', 'owner-cli'],
    ])
  })
})
