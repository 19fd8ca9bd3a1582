/**
 * A guest's private order link: the receipt carries it, it opens that order only (another
 * order's item, an altered token, an unknown link: 404), its downloads are the hub's counted,
 * signed grants (the count goes down, the limit holds even when ten are asked at once, a
 * refunded item is 403), the success page's lookup names it, and the owner revokes it
 * (audited), after which a resent receipt carries a new one.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createSession, deliverEvent, orderBySession, receiptsFor, useFakePayments } from '../../../tests/support/checkout-fixtures.ts'
import { fetchDownload, productsWithFiles, sha256, storedFile } from '../../../tests/support/downloads.ts'
import type { FakePaymentProvider } from '../../../tests/support/fake-payment-provider.ts'
import { accessTokenIn, downloadThroughLink, openOrderLink, paidGuestOrder } from '../../../tests/support/order-links.ts'
import { refundAsOwner } from '../../../tests/support/refunds.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import type { AdminOrder } from '../../shared/contract/admin-orders.ts'
import type { GuestOrder } from '../../shared/contract/order-access.ts'
import { auditLog, downloads, orderAccessLinks, type ProductRow } from '../db/schema.ts'
import { createSignedIdTokens } from '../http/signed-tokens.ts'

const OWNER = uniqueEmail('owner')
const NOT_FOUND = {
  error: { message: 'This order link does not work. It may be incomplete, or it was withdrawn by the store.', status: 404, code: 'ORDER_LINK_NOT_FOUND' },
}
let t: TestApp
let fake: FakePaymentProvider
let owner: SignedInUser
let packs: ProductRow[]

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  owner = await createSignedInUser(t, { email: OWNER })
  fake = useFakePayments(t)
  packs = (await productsWithFiles(t, 6)).filter((product) => product.priceCents > 0 && product.downloadLimit === 3).slice(0, 2)
  expect(packs).toHaveLength(2)
})
afterAll(async () => t?.close())

const asOwner = (url: string) => t.app.inject({ method: 'POST', url, headers: { origin: t.config.publicUrl, cookie: owner.cookie } })
/** A token differing from `token` in one character of its MAC. */
const altered = (token: string) => `${token.slice(0, 30)}${token[30] === 'A' ? 'B' : 'A'}${token.slice(31)}`

describe("a guest's private order link", () => {
  it("is in the receipt and opens the order: its items with the downloads left, the licence and the buyer's address", async () => {
    const order = await paidGuestOrder(t, fake, [packs[0]!.id, packs[1]!.id])
    expect(order.receipt.text).toContain(`Download your files: ${t.config.publicUrl}/orders/access/${order.token}`)
    expect(order.receipt.text).toContain("This link is private: anyone who has it can download your files, so please don't share it.")
    expect(order.receipt.text).not.toContain('/download-hub')

    const opened = await openOrderLink(t, order.token)
    expect(opened.statusCode).toBe(200)
    expect(opened.headers['cache-control']).toBe('no-store')
    const view = (opened.json() as { data: GuestOrder }).data
    expect(view).toMatchObject({ orderNumber: order.orderId.slice(-8).toUpperCase(), status: 'COMPLETED', customerEmail: order.email, belongsToAccount: false })
    expect(view.licence?.pdfPath).toMatch(/^\/api\/licences\/[\w-]{34}\/certificate\.pdf$/)
    expect(view.items.map((item) => [item.product.name, item.downloadsRemaining, item.downloadLimit]).sort()).toEqual(
      packs.map((pack) => [pack.name, 3, 3]).sort(),
    )
  })

  it('counts downloads like the hub: the count goes down, the file streams, a 4th is refused; each download names the link and no account', async () => {
    const order = await paidGuestOrder(t, fake, [packs[0]!.id])
    const body = { orderItemId: order.itemOf(packs[0]!.id).id, productId: packs[0]!.id }
    const left: number[] = []
    for (let download = 1; download <= 3; download++) {
      const granted = await downloadThroughLink(t, order.token, body)
      expect(granted.statusCode).toBe(200)
      expect(granted.headers['cache-control']).toBe('no-store')
      left.push(granted.json().downloadsRemaining)
      if (download === 1) {
        const file = await fetchDownload(t, granted.json().downloadUrl)
        expect(file.statusCode).toBe(200)
        expect(sha256(file.rawPayload)).toBe(sha256(storedFile(t, packs[0]!)))
      }
    }
    expect(left).toEqual([2, 1, 0])
    const fourth = await downloadThroughLink(t, order.token, body)
    expect(fourth.statusCode).toBe(400)
    expect(fourth.json().error.code).toBe('NO_DOWNLOADS_REMAINING')
    expect((await openOrderLink(t, order.token)).json().data.items[0].downloadsRemaining).toBe(0)

    const [link] = await t.database.db.select().from(orderAccessLinks).where(eq(orderAccessLinks.orderId, order.orderId))
    const logged = await t.database.db.select().from(downloads).where(eq(downloads.orderItemId, body.orderItemId))
    expect(logged).toHaveLength(3)
    expect(logged.every((row) => row.userId === null && row.accessLinkId === link!.id)).toBe(true)
  })

  it('spends exactly the downloads left when ten are asked at once (PostgreSQL runs them in parallel)', async () => {
    const order = await paidGuestOrder(t, fake, [packs[1]!.id])
    const body = { orderItemId: order.itemOf(packs[1]!.id).id, productId: packs[1]!.id }
    const answers = await Promise.all(Array.from({ length: 10 }, () => downloadThroughLink(t, order.token, body)))
    const granted = answers.filter((answer) => answer.statusCode === 200)
    expect(granted.map((answer) => answer.json().downloadsRemaining).sort()).toEqual([0, 1, 2])
    expect(answers.filter((answer) => answer.statusCode === 400)).toHaveLength(7)
    expect(await t.database.db.select().from(downloads).where(eq(downloads.orderItemId, body.orderItemId))).toHaveLength(3)
  })

  it("opens its own order only: another order's item, an altered, unknown or malformed token answer 404 and spend nothing", async () => {
    const mine = await paidGuestOrder(t, fake, [packs[0]!.id])
    const theirs = await paidGuestOrder(t, fake, [packs[0]!.id])
    const theirItem = { orderItemId: theirs.itemOf(packs[0]!.id).id, productId: packs[0]!.id }

    const crossed = await downloadThroughLink(t, mine.token, theirItem)
    expect(crossed.statusCode).toBe(404)
    const unknownLink = createSignedIdTokens(t.config.authSecret, 'order-access-link').tokenOf(crypto.randomUUID())
    const otherStore = createSignedIdTokens('another store secret that is long enough', 'order-access-link').tokenOf(crypto.randomUUID())
    for (const token of [altered(mine.token), unknownLink, otherStore, 'not-a-token', `${mine.token}x`]) {
      const opened = await openOrderLink(t, token)
      expect(opened.statusCode, token).toBe(404)
      expect(opened.json()).toEqual(NOT_FOUND)
      expect((await downloadThroughLink(t, token, { orderItemId: mine.itemOf(packs[0]!.id).id, productId: packs[0]!.id })).statusCode).toBe(404)
    }
    expect((await openOrderLink(t, theirs.token)).json().data.items[0].downloadsRemaining).toBe(3)
    expect((await openOrderLink(t, mine.token)).json().data.items[0].downloadsRemaining).toBe(3)
  })

  it('refuses a refunded item with 403 while the order’s other item still downloads', async () => {
    const order = await paidGuestOrder(t, fake, [packs[0]!.id, packs[1]!.id])
    const refunded = order.itemOf(packs[0]!.id)
    expect((await refundAsOwner(t, owner, order.orderId, [refunded.id])).statusCode).toBe(200)

    const refused = await downloadThroughLink(t, order.token, { orderItemId: refunded.id, productId: packs[0]!.id })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.code).toBe('ACCESS_DENIED')
    const kept = await downloadThroughLink(t, order.token, { orderItemId: order.itemOf(packs[1]!.id).id, productId: packs[1]!.id })
    expect(kept.statusCode).toBe(200)
    const items = (await openOrderLink(t, order.token)).json().data.items as GuestOrder['items']
    expect(items.find((item) => item.id === refunded.id)?.access).toMatchObject({ state: 'revoked', reason: 'refunded' })
  })

  it("is what the success page's lookup names for the guest; an account's order names none and its receipt keeps the hub", async () => {
    const order = await paidGuestOrder(t, fake, [packs[1]!.id])
    const lookup = await orderBySession(t, order.sessionId, order.browserCookie)
    expect(lookup.json().data.accessPath).toBe(`/orders/access/${order.token}`)

    const buyer = await createSignedInUser(t)
    const created = await createSession(
      t,
      { checkoutType: 'direct', userId: buyer.id, items: [{ productId: packs[1]!.id, quantity: 1 }] },
      { cookie: buyer.cookie },
    )
    await deliverEvent(t, fake, 'checkout.session.completed', fake.pay(created.sessionId))
    const own = await t.app.inject({ method: 'GET', url: `/api/orders/by-session/${created.sessionId}`, headers: { cookie: buyer.cookie } })
    expect(own.json().data).toMatchObject({ status: 'COMPLETED', accessPath: null })
    const [receipt] = await receiptsFor(t, created.orderId)
    expect(receipt!.text).toContain(`Open your Download Hub: ${t.config.publicUrl}/download-hub`)
    expect(receipt!.text).not.toContain('/orders/access/')
  })
})

describe("the owner revokes an order's links", () => {
  it('stops every live link at once, in the audit log and on the order page; a resent receipt carries a new link that works', async () => {
    const order = await paidGuestOrder(t, fake, [packs[0]!.id])
    const body = { orderItemId: order.itemOf(packs[0]!.id).id, productId: packs[0]!.id }
    expect((await downloadThroughLink(t, order.token, body)).statusCode).toBe(200)

    const revoked = await asOwner(`/api/admin/orders/${order.orderId}/access-links/revoke`)
    expect(revoked.statusCode).toBe(200)
    const [link] = (revoked.json() as { data: AdminOrder }).data.accessLinks
    expect(link).toMatchObject({ revokedBy: OWNER, downloads: 1 })
    expect(link!.revokedAt).not.toBeNull()
    expect((await openOrderLink(t, order.token)).json()).toEqual(NOT_FOUND)
    expect((await downloadThroughLink(t, order.token, body)).statusCode).toBe(404)
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, order.orderId), eq(auditLog.action, 'order.revoke_access_links')))
    expect(entries).toMatchObject([{ actorEmail: OWNER, before: { liveLinks: 1 }, after: { liveLinks: 0 } }])
    // Nothing left to revoke.
    expect((await asOwner(`/api/admin/orders/${order.orderId}/access-links/revoke`)).statusCode).toBe(409)

    expect((await asOwner(`/api/admin/orders/${order.orderId}/receipt`)).statusCode).toBe(200)
    const receipts = await receiptsFor(t, order.orderId)
    const fresh = accessTokenIn(receipts[0]!)
    expect(fresh).not.toBe(order.token)
    expect((await downloadThroughLink(t, fresh, body)).json().downloadsRemaining).toBe(1)
  })

  it('is refused to a shopper (403) and for an unknown order (404)', async () => {
    const order = await paidGuestOrder(t, fake, [packs[1]!.id])
    const shopper = await createSignedInUser(t)
    const asShopper = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.orderId}/access-links/revoke`,
      headers: { origin: t.config.publicUrl, cookie: shopper.cookie },
    })
    expect(asShopper.statusCode).toBe(403)
    expect((await asOwner(`/api/admin/orders/${crypto.randomUUID()}/access-links/revoke`)).statusCode).toBe(404)
    expect((await openOrderLink(t, order.token)).statusCode).toBe(200)
  })
})
