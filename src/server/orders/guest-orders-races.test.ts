/**
 * Guest orders joining an account while claims race, on PostgreSQL only (PGlite has one
 * connection, so nothing there runs at the same time): the confirmation link opened twice at
 * once (two tabs, a mail client's preview), and claims from two processes (two pools) with a
 * sign-in among them. Each order joins once, with exactly one audit entry.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { confirmationLinkFor, openLink, signIn, signUp, uniqueEmail } from '../../../tests/support/accounts.ts'
import { productsWithFiles } from '../../../tests/support/downloads.ts'
import { guestPays, joinEntriesOf, ownerOf } from '../../../tests/support/guest-order-joins.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { createAuditService } from '../audit/audit.service.ts'
import { createProfileService } from '../auth/profile.service.ts'
import { openDatabase, type Database, type DatabaseHandle } from '../db/client.ts'
import { user, type ProductRow } from '../db/schema.ts'
import { assignGuestDownloads } from '../downloads/downloads.service.ts'
import { createGuestOrdersService } from './guest-orders.service.ts'

const PASSWORD = 'correct horse battery'
const ROUNDS = 3

describe.runIf(process.env.DATABASE_URL)('guest orders joining an account, racing on PostgreSQL', () => {
  let t: TestApp
  let second: DatabaseHandle
  let packs: ProductRow[]
  let address = 0
  const nextAddress = () => `100.66.0.${(address = (address % 250) + 1)}`

  beforeAll(async () => {
    t = await createTestApp()
    // Another process of the store: its own pool on the same database.
    second = await openDatabase({ databaseUrl: t.config.databaseUrl, maxConnections: 4 })
    packs = await productsWithFiles(t, 3)
  })
  afterAll(async () => {
    await second?.close()
    await t?.close()
  })

  const serviceOn = (db: Database) =>
    createGuestOrdersService({ db, audit: createAuditService(db), accounts: createProfileService(db), downloads: { assignGuestDownloads } })

  /** Three paid guest orders of a fresh address (typed in upper case) and an account signed up with it, not yet confirmed. */
  async function guestThenAccount() {
    const email = uniqueEmail('race-buyer')
    const orderIds: string[] = []
    for (const pack of packs) orderIds.push((await guestPays(t, email.toUpperCase(), pack.id)).orderId)
    const signedUp = await signUp(t, { email, password: PASSWORD }, nextAddress())
    expect(signedUp.statusCode).toBe(200)
    return { email, orderIds, accountId: (signedUp.json() as { user: { id: string } }).user.id }
  }

  async function expectJoinedOnce(orderIds: string[], accountId: string) {
    for (const orderId of orderIds) {
      expect(await ownerOf(t, orderId)).toBe(accountId)
      expect(await joinEntriesOf(t, orderId)).toHaveLength(1)
    }
  }

  it('the confirmation link opened twice at once: every order joins once, with one audit entry', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { email, orderIds, accountId } = await guestThenAccount()
      const link = await confirmationLinkFor(t, email)
      const opened = await Promise.all([openLink(t, link), openLink(t, link)])
      expect(opened.map((response) => response.statusCode)).toEqual([302, 302])
      await expectJoinedOnce(orderIds, accountId)
    }
  })

  it('claims from two processes and a sign-in at once: every order joins once, with one audit entry', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { email, orderIds, accountId } = await guestThenAccount()
      // Confirmed without the link (as a script would), so no claim ran yet.
      await t.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, accountId))
      const here = serviceOn(t.database.db)
      const there = serviceOn(second.db)
      const [signedIn, ...claims] = await Promise.all([
        signIn(t, { email, password: PASSWORD }, nextAddress()),
        here.claimGuestOrders(accountId, email),
        there.claimGuestOrders(accountId, email),
        here.claimGuestOrders(accountId, email.toUpperCase()),
        there.claimGuestOrders(accountId, email),
      ])
      expect(signedIn.statusCode).toBe(200)
      // The sign-in's claim answers nothing to compare; the four direct claims took at most the three orders between them.
      expect(claims.flat().length).toBeLessThanOrEqual(orderIds.length)
      expect(new Set(claims.flat()).size).toBe(claims.flat().length)
      await expectJoinedOnce(orderIds, accountId)
    }
  })
})
