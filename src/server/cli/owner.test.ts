/**
 * The owner CLI: granting, revoking and listing the admin role by email (recorded in the audit log
 * as the CLI, under the console's rules), a clear error for an unknown email, and the refusal to
 * open the embedded database while a store process serves it. Runs on PGlite and, under test:pg,
 * on PostgreSQL.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, signUp, uniqueEmail } from '../../../tests/support/accounts.ts'
import { runOwner } from '../../../tests/support/owner-cli.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { auditLog, user } from '../db/schema.ts'
import { dataPaths, PROJECT_ROOT } from '../paths.ts'
import { productsWithFiles } from '../../../tests/support/downloads.ts'
import { createCompletedOrder } from '../../../tests/support/orders.ts'
import { orderNumberOf } from '../../shared/contract/checkout.ts'
import { formatPrice } from '../../shared/money.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

const owner = (...argv: string[]) => runOwner(t, ...argv)

const roleOf = async (id: string) => (await t.database.db.select({ role: user.role }).from(user).where(eq(user.id, id)))[0]?.role
const adminSinceOf = async (id: string) => (await t.database.db.select({ adminSince: user.adminSince }).from(user).where(eq(user.id, id)))[0]?.adminSince

describe('owner admin grant | revoke | list', () => {
  it('makes an account an admin by email (any case) and back, each change in the audit log with admin_since, and the admin API follows at once', async () => {
    const colleague = await createSignedInUser(t)
    const producer = await createSignedInUser(t)
    expect((await owner('admin', 'grant', colleague.email)).code).toBe(0)
    const adminApi = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { cookie: producer.cookie } })).statusCode
    expect(await adminApi()).toBe(403)
    const granted = await owner('admin', 'grant', producer.email.toUpperCase())
    expect(granted).toMatchObject({ code: 0, out: `${producer.email} is now an admin (was user).` })
    expect(await roleOf(producer.id)).toBe('admin')
    expect(await adminSinceOf(producer.id)).toBeInstanceOf(Date)
    expect(await adminApi()).toBe(200)

    const revoked = await owner('admin', 'revoke', producer.email)
    expect(revoked).toMatchObject({ code: 0, out: `${producer.email} is now a shopper (was admin).` })
    expect(await roleOf(producer.id)).toBe('user')
    expect(await adminSinceOf(producer.id)).toBeNull()
    expect(await adminApi()).toBe(403)

    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, producer.id)))
    expect(trail.map((entry) => [entry.action, entry.actorEmail, entry.before, entry.after])).toEqual(
      expect.arrayContaining([
        ['user.grant_admin', 'owner-cli', { role: 'user' }, { role: 'admin' }],
        ['user.revoke_admin', 'owner-cli', { role: 'admin' }, { role: 'user' }],
      ]),
    )
  })

  it('lists every admin with when they became one', async () => {
    const listed = await createSignedInUser(t, { name: 'Ines Paz' })
    await owner('admin', 'grant', listed.email)
    const since = (await adminSinceOf(listed.id))!.toISOString().slice(0, 16).replace('T', ' ')
    const result = await owner('admin', 'list')
    expect(result.code).toBe(0)
    expect(result.out.split('\n')).toContain(`${listed.email}  admin since ${since} UTC  Ines Paz`)
  })

  it('refuses a second grant, an unconfirmed account and the revoke of the last admin, with exit code 1', async () => {
    const someone = await createSignedInUser(t)
    await owner('admin', 'grant', someone.email)
    expect(await owner('admin', 'grant', someone.email)).toMatchObject({ code: 1, err: `${someone.email} is already an admin` })

    const pending = uniqueEmail('pending')
    expect((await signUp(t, { email: pending, password: 'correct horse battery' })).statusCode).toBe(200)
    expect(await owner('admin', 'grant', pending)).toMatchObject({
      code: 1,
      err: `${pending} has not been confirmed yet. The person must open the link in the confirmation email first.`,
    })

    const admins = await t.database.db.select({ id: user.id, email: user.email }).from(user).where(eq(user.role, 'admin'))
    for (const admin of admins.slice(1)) expect((await owner('admin', 'revoke', admin.email)).code).toBe(0)
    const last = admins[0]!
    expect(await owner('admin', 'revoke', last.email)).toMatchObject({ code: 1, err: 'The last admin cannot lose the role: make someone else an admin first' })
    expect(await roleOf(last.id)).toBe('admin')
  })

  it('answers an unknown email with exit code 1 and says what to do', async () => {
    const result = await owner('admin', 'grant', 'nobody-here@example.com')
    expect(result.code).toBe(1)
    expect(result.err).toBe('No account with the email nobody-here@example.com. The person must sign up first.')
  })

  it('answers a wrong command with a usage error and a non-zero code', async () => {
    const result = await owner('admin', 'promote', 'someone@example.com')
    expect(result.code).not.toBe(0)
    expect(result.err).toMatch(/unknown command 'promote'/)
  })
})

describe('owner orders list', () => {
  it('prints the newest orders with number, status, buyer, total and item count, and filters by status', async () => {
    const buyer = await createSignedInUser(t)
    const [product] = await productsWithFiles(t, 1)
    const paid = await createCompletedOrder(t, { userId: buyer.id, productIds: [product!.id] })
    const pending = await createCompletedOrder(t, { userId: buyer.id, productIds: [product!.id], status: 'PENDING' })

    const all = await owner('orders', 'list', '--limit', '50')
    expect(all.code).toBe(0)
    const line = all.out.split('\n').find((entry) => entry.startsWith(orderNumberOf(paid.orderId)))
    expect(line).toContain('COMPLETED')
    expect(line).toContain(`${buyer.id}@example.com`)
    expect(line).toContain(formatPrice(product!.priceCents))
    expect(line).toContain('1 item(s)')

    const completed = await owner('orders', 'list', '--status', 'COMPLETED', '--limit', '500')
    expect(completed.out).toContain(orderNumberOf(paid.orderId))
    expect(completed.out).not.toContain(orderNumberOf(pending.orderId))
    const refused = await owner('orders', 'list', '--status', 'SHIPPED')
    expect(refused.code).not.toBe(0)
    expect(refused.err).toMatch(/Allowed choices are PENDING, COMPLETED/)
  })
})

describe('the embedded database in use', () => {
  it('is not opened while a store process serves it: exit 1 with a message naming the process', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'als-owner-'))
    try {
      // This test process stands in for the running store.
      writeFileSync(dataPaths(dataDir).storePid, `${process.pid}\n`)
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' }
      delete env.DATABASE_URL
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/owner.ts', 'admin', 'grant', 'owner@example.com'], {
        cwd: PROJECT_ROOT,
        env,
        encoding: 'utf8',
      })
      expect(run.status).toBe(1)
      expect(run.stderr).toContain(`The store is running on the embedded database in ${dataDir} (process ${process.pid})`)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
