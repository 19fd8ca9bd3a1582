/**
 * The owner CLI: granting and revoking the admin role by email (recorded in the audit log as the
 * CLI), a clear error for an unknown email, and the refusal to open the embedded database while
 * a store process serves it. Runs on PGlite and, under test:pg, on PostgreSQL.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser } from '../../../tests/support/accounts.ts'
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

describe('owner admin grant | revoke', () => {
  it('makes an account an admin by email (any case) and back, each change in the audit log, and the admin API follows at once', async () => {
    const producer = await createSignedInUser(t)
    const adminApi = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { cookie: producer.cookie } })).statusCode
    expect(await adminApi()).toBe(403)
    const granted = await owner('admin', 'grant', producer.email.toUpperCase())
    expect(granted).toMatchObject({ code: 0, out: `${producer.email} is now an admin (was user).` })
    expect(await roleOf(producer.id)).toBe('admin')
    expect(await adminApi()).toBe(200)

    const revoked = await owner('admin', 'revoke', producer.email)
    expect(revoked).toMatchObject({ code: 0, out: `${producer.email} is now a shopper (was admin).` })
    expect(await roleOf(producer.id)).toBe('user')
    expect(await adminApi()).toBe(403)

    const trail = await t.database.db.select().from(auditLog).where(and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, producer.id)))
    expect(trail.map((entry) => [entry.action, entry.actorEmail, entry.after])).toEqual(
      expect.arrayContaining([
        ['user.grant_admin', 'owner-cli', { role: 'admin' }],
        ['user.revoke_admin', 'owner-cli', { role: 'user' }],
      ]),
    )
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
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/owner.ts', 'admin', 'grant', 'owner@example.com'], { cwd: PROJECT_ROOT, env, encoding: 'utf8' })
      expect(run.status).toBe(1)
      expect(run.stderr).toContain(`The store is running on the embedded database in ${dataDir} (process ${process.pid})`)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
