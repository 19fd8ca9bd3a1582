/**
 * Guest orders joining the account of their address: a guest pays with BUYER@Example.com, signs
 * up with buyer@example.com, and once the address is confirmed the paid orders (not the pending
 * one, not another address's) are in the order history, the Download Hub and "Owned", with the
 * guest's downloads in the download log and one audit entry per order. Nothing joins before the
 * confirmation, and claiming again changes nothing.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  browserRequest,
  confirmationLinkFor,
  createSignedInUser,
  openLink,
  sessionCookieOf,
  signIn,
  signUp,
  uniqueEmail,
} from '../../../tests/support/accounts.ts'
import { itemsOf, orderById } from '../../../tests/support/checkout-fixtures.ts'
import { productsWithFiles } from '../../../tests/support/downloads.ts'
import { guestCheckout, guestPays, joinEntriesOf, ownerOf } from '../../../tests/support/guest-order-joins.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { createAuditService } from '../audit/audit.service.ts'
import { createAuth } from '../auth/auth.ts'
import { createProfileService } from '../auth/profile.service.ts'
import { downloads, user, type ProductRow } from '../db/schema.ts'
import { assignGuestDownloads } from '../downloads/downloads.service.ts'
import { createGuestOrdersService } from './guest-orders.service.ts'

let t: TestApp
let packs: ProductRow[]
const PASSWORD = 'correct horse battery'

beforeAll(async () => {
  t = await createTestApp()
  packs = await productsWithFiles(t, 4)
})
afterAll(async () => t?.close())

/** The address as a shopper might type it at checkout: another case than the account's. */
const mixedCase = (email: string) => {
  const [local, domain] = email.split('@') as [string, string]
  return `${local.toUpperCase()}@${domain.charAt(0).toUpperCase()}${domain.slice(1)}`
}

const get = (url: string, cookie: string) => browserRequest(t, { method: 'GET', url, cookie })

async function signedIn(email: string): Promise<string> {
  const response = await signIn(t, { email, password: PASSWORD })
  const cookie = sessionCookieOf(response)
  if (response.statusCode !== 200 || !cookie) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`)
  return cookie
}

describe('guest orders join the account of their address', () => {
  it('the paid guest orders join once the email is confirmed, with their downloads and one audit entry each; the pending one and another address stay guests', async () => {
    const email = uniqueEmail('buyer')
    const before = await guestPays(t, mixedCase(email), packs[0]!.id)
    const stranger = await guestPays(t, uniqueEmail('stranger'), packs[3]!.id)
    // The guest downloaded the first pack through the order's private link: a download of no account.
    const [item] = await itemsOf(t, before.orderId)
    await t.database.db.insert(downloads).values({ userId: null, productId: packs[0]!.id, orderItemId: item!.id })

    const signedUp = await signUp(t, { email, password: PASSWORD })
    expect(signedUp.statusCode).toBe(200)
    const accountId = (signedUp.json() as { user: { id: string } }).user.id
    // Paid while the account waits for its confirmation: it stays a guest's too.
    const during = await guestPays(t, mixedCase(email), packs[1]!.id)
    // Started last (a new checkout of the guest ends their earlier unpaid one) and never paid.
    const pending = await guestCheckout(t, mixedCase(email), packs[2]!.id)
    expect(await ownerOf(t, before.orderId)).toBeNull()
    expect(await ownerOf(t, during.orderId)).toBeNull()
    expect(await joinEntriesOf(t, before.orderId)).toEqual([])
    // No session before the confirmation, so no order history to see.
    expect((await signIn(t, { email, password: PASSWORD })).statusCode).toBe(403)

    expect((await openLink(t, await confirmationLinkFor(t, email))).statusCode).toBe(302)
    // Joined by the confirmation itself, before any sign-in.
    expect(await ownerOf(t, before.orderId)).toBe(accountId)
    const cookie = await signedIn(email)

    const history = (await get('/api/orders', cookie)).json() as { data: { id: string; status: string }[] }
    expect(history.data.map((order) => order.id).sort()).toEqual([before.orderId, during.orderId].sort())
    expect(history.data.every((order) => order.status === 'COMPLETED')).toBe(true)
    const hub = (await get('/api/purchases', cookie)).json() as { data: { orderId: string; productId: string }[] }
    expect(hub.data.map((purchase) => purchase.productId).sort()).toEqual([packs[0]!.id, packs[1]!.id].sort())
    const owned = (await get('/api/purchases/owned-products', cookie)).json() as { data: string[] }
    expect(owned.data.sort()).toEqual([packs[0]!.id, packs[1]!.id].sort())
    const log = (await get('/api/downloads', cookie)).json() as { data: { orderItemId: string }[] }
    expect(log.data.map((entry) => entry.orderItemId)).toEqual([item!.id])

    for (const orderId of [before.orderId, during.orderId]) {
      expect(await joinEntriesOf(t, orderId)).toEqual([{ actorId: accountId, actorEmail: email, before: { userId: null }, after: { userId: accountId } }])
    }
    expect(await orderById(t, pending.orderId)).toMatchObject({ status: 'PENDING', userId: null })
    expect(await ownerOf(t, stranger.orderId)).toBeNull()
    expect(await joinEntriesOf(t, stranger.orderId)).toEqual([])

    // Claimed again (a second sign-in, a direct call): nothing more joins and nothing more is written.
    await signedIn(email)
    const { db } = t.database
    const guestOrders = createGuestOrdersService({ db, audit: createAuditService(db), accounts: createProfileService(db), downloads: { assignGuestDownloads } })
    expect(await guestOrders.claimGuestOrders(accountId, email)).toEqual([])
    for (const orderId of [before.orderId, during.orderId]) expect(await joinEntriesOf(t, orderId)).toHaveLength(1)
  })

  it('nothing joins an address that is not the account’s confirmed one', async () => {
    const email = uniqueEmail('unconfirmed')
    const paid = await guestPays(t, email, packs[0]!.id)
    const signedUp = await signUp(t, { email, password: PASSWORD })
    const accountId = (signedUp.json() as { user: { id: string } }).user.id
    const other = await createSignedInUser(t)
    const { db } = t.database
    const guestOrders = createGuestOrdersService({ db, audit: createAuditService(db), accounts: createProfileService(db), downloads: { assignGuestDownloads } })

    // The account exists but never confirmed; and a confirmed account cannot claim another's address.
    expect(await guestOrders.claimGuestOrders(accountId, email)).toEqual([])
    expect(await guestOrders.claimGuestOrders(other.id, email)).toEqual([])
    expect(await ownerOf(t, paid.orderId)).toBeNull()
    expect(await joinEntriesOf(t, paid.orderId)).toEqual([])
  })

  it('an account confirmed some other way gets its guest orders at its next sign-in', async () => {
    const email = uniqueEmail('confirmed-elsewhere')
    const signedUp = await signUp(t, { email, password: PASSWORD })
    const accountId = (signedUp.json() as { user: { id: string } }).user.id
    const paid = await guestPays(t, mixedCase(email), packs[1]!.id)
    // As a script or an operator would: no confirmation link, so nothing has claimed the orders yet.
    await t.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, accountId))
    expect(await ownerOf(t, paid.orderId)).toBeNull()

    const cookie = await signedIn(email)
    expect(((await get('/api/orders', cookie)).json() as { data: { id: string }[] }).data.map((order) => order.id)).toEqual([paid.orderId])
    expect(await joinEntriesOf(t, paid.orderId)).toHaveLength(1)
  })

  it('a claim that fails does not fail the confirmation: the account is confirmed, and its next sign-in joins the orders', async () => {
    const email = uniqueEmail('claim-fails')
    const paid = await guestPays(t, mixedCase(email), packs[3]!.id)
    expect((await signUp(t, { email, password: PASSWORD })).statusCode).toBe(200)
    const link = await confirmationLinkFor(t, email)
    // The same auth on the same database, but its claim fails (the database went away in between, say).
    const failing = createAuth({
      config: t.config,
      db: t.database.db,
      mailer: t.app.mailer,
      roles: { grantFromAdminEmails: async () => false },
      guestOrders: {
        claimGuestOrders: async () => {
          throw new Error('connection lost')
        },
      },
    })
    const confirmed = await failing.handler(new Request(link.href))
    expect(confirmed.status).toBe(302)
    expect(confirmed.headers.get('location')).toBe(`${t.config.publicUrl}/email-confirmation?confirmed=true`)
    expect(await ownerOf(t, paid.orderId)).toBeNull()

    const cookie = await signedIn(email)
    expect(((await get('/api/orders', cookie)).json() as { data: { id: string }[] }).data.map((order) => order.id)).toEqual([paid.orderId])
  })

  it('a guest paying with a confirmed account’s address: the order is the account’s at once, and the guest’s success page still shows it', async () => {
    const account = await createSignedInUser(t, { password: PASSWORD })
    const paid = await guestPays(t, mixedCase(account.email), packs[2]!.id)

    expect(await ownerOf(t, paid.orderId)).toBe(account.id)
    expect(await joinEntriesOf(t, paid.orderId)).toEqual([
      { actorId: account.id, actorEmail: account.email, before: { userId: null }, after: { userId: account.id } },
    ])
    const history = (await get('/api/orders', account.cookie)).json() as { data: { id: string }[] }
    expect(history.data.map((order) => order.id)).toEqual([paid.orderId])
    // The guest who paid is not signed in: the success page's lookup still answers the browser that paid.
    const lookup = await t.app.inject({ method: 'GET', url: `/api/orders/by-session/${paid.sessionId}`, headers: { cookie: paid.browserCookie } })
    expect(lookup.statusCode).toBe(200)
    expect(lookup.json().data).toMatchObject({ orderId: paid.orderId, status: 'COMPLETED' })
  })
})
