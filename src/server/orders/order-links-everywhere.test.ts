/**
 * Every way an order's private path is handed out goes through one place: the success page shows
 * it only to the browser that paid, never while the owner's revocation stands, and the session
 * id alone shows nothing; an email to the order's own address (update, serial) takes a guest to
 * their private page, not a Download Hub they have no account for, and tells them how to stop
 * update emails without an account.
 */
import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserRequest, createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createSession, deliverEvent, orderBySession, useFakePayments } from '../../../tests/support/checkout-fixtures.ts'
import { productsWithFiles } from '../../../tests/support/downloads.ts'
import type { FakePaymentProvider } from '../../../tests/support/fake-payment-provider.ts'
import { importSerials, setKeyPolicy } from '../../../tests/support/licence-keys.ts'
import { accessTokenIn, openOrderLink, paidGuestOrder } from '../../../tests/support/order-links.ts'
import { orderServicesOf } from '../../../tests/support/orders.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import type { LiveFileVersion } from '../../shared/contract/product-file-versions.ts'
import { orderAccessLinks, orders, type ProductRow } from '../db/schema.ts'

const OWNER = uniqueEmail('owner')
let t: TestApp
let fake: FakePaymentProvider
let owner: SignedInUser
let packs: ProductRow[]

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  owner = await createSignedInUser(t, { email: OWNER })
  fake = useFakePayments(t)
  packs = (await productsWithFiles(t, 12)).filter((product) => product.priceCents > 0).slice(0, 4)
  expect(packs).toHaveLength(4)
})
afterAll(async () => t?.close())

const revokeLinks = (orderId: string) =>
  t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/access-links/revoke`, headers: { origin: t.config.publicUrl, cookie: owner.cookie } })
const liveLinksOf = (orderId: string) =>
  t.database.db
    .select()
    .from(orderAccessLinks)
    .where(and(eq(orderAccessLinks.orderId, orderId), isNull(orderAccessLinks.revokedAt)))

describe("the success page's lookup", () => {
  it('shows the order and its link to the browser that paid, and nothing to whoever holds only the session id', async () => {
    const order = await paidGuestOrder(t, fake, [packs[0]!.id])
    const paying = await orderBySession(t, order.sessionId, order.browserCookie)
    expect(paying.statusCode).toBe(200)
    expect(paying.json().data).toMatchObject({ status: 'COMPLETED', email: order.email, accessPath: `/orders/access/${order.token}` })

    const stranger = await orderBySession(t, order.sessionId)
    expect(stranger.statusCode).toBe(404)
    expect(stranger.body).not.toContain(order.email)
    // Another checkout's claim, or a claim written by hand, is no claim to this order.
    const other = await createSession(t, { checkoutType: 'direct', customerEmail: uniqueEmail('other'), items: [{ productId: packs[1]!.id, quantity: 1 }] })
    expect((await orderBySession(t, order.sessionId, other.browserCookie)).statusCode).toBe(404)
    expect((await orderBySession(t, order.sessionId, `als_checkout=${order.orderId}`)).statusCode).toBe(404)
  })

  it('keeps the claims of the last few checkouts of one browser, and lets a claim go a day after the payment', async () => {
    const first = await createSession(t, { checkoutType: 'direct', customerEmail: uniqueEmail('twice'), items: [{ productId: packs[0]!.id, quantity: 1 }] })
    const second = await createSession(
      t,
      { checkoutType: 'direct', customerEmail: uniqueEmail('twice'), items: [{ productId: packs[1]!.id, quantity: 1 }] },
      { cookie: first.browserCookie },
    )
    await deliverEvent(t, fake, 'checkout.session.completed', fake.pay(first.sessionId))
    expect((await orderBySession(t, first.sessionId, second.browserCookie)).json().data.status).toBe('COMPLETED')
    expect((await orderBySession(t, second.sessionId, second.browserCookie)).json().data.status).toBe('PENDING')

    await t.database.db
      .update(orders)
      .set({ completedAt: new Date(Date.now() - 25 * 60 * 60_000) })
      .where(eq(orders.id, first.orderId))
    expect((await orderBySession(t, first.sessionId, second.browserCookie)).statusCode).toBe(404)
  })

  it("shows no link while the owner's revocation stands, and writes none; an email to the order's address brings a new one", async () => {
    const order = await paidGuestOrder(t, fake, [packs[0]!.id])
    expect((await revokeLinks(order.orderId)).statusCode).toBe(200)

    const paying = await orderBySession(t, order.sessionId, order.browserCookie)
    expect(paying.statusCode).toBe(200)
    expect(paying.json().data).toMatchObject({ status: 'COMPLETED', accessPath: null })
    expect((await orderBySession(t, order.sessionId)).statusCode).toBe(404)
    expect(await liveLinksOf(order.orderId)).toHaveLength(0)

    // "Find my order" reaches only the order's own address: its new link works, and the paying browser sees that one.
    const find = await t.app.inject({ method: 'POST', url: '/api/orders/find', headers: { origin: t.config.publicUrl }, payload: { email: order.email } })
    expect(find.statusCode).toBe(200)
    // The email is written after the answer, so that its timing tells nothing.
    const linksEmail = async () => (await t.app.mailer.listOutbox()).find((email) => email.to === order.email && email.subject.includes('order link'))
    await expect.poll(linksEmail).toBeDefined()
    const fresh = accessTokenIn((await linksEmail())!)
    expect((await openOrderLink(t, fresh)).statusCode).toBe(200)
    expect((await orderBySession(t, order.sessionId, order.browserCookie)).json().data.accessPath).toBe(`/orders/access/${fresh}`)
  })
})

const VERSION_2: LiveFileVersion = { number: 2, publishedAt: '2026-12-01T09:30:00.000Z', changelog: 'Twelve new one-shots' }
const VERSION_3: LiveFileVersion = { number: 3, publishedAt: '2026-12-05T09:30:00.000Z', changelog: null }

async function announce(product: ProductRow, version: LiveFileVersion) {
  const { fileUpdates } = orderServicesOf(t)
  return t.database.db.transaction((tx) =>
    fileUpdates.announceFileVersion(tx, { productId: product.id, productName: product.name, version, notifyBuyers: true, extraDownload: false }),
  )
}

const updateEmailsTo = async (address: string, product: ProductRow) =>
  (await t.app.mailer.listOutbox()).filter((email) => email.to === address && email.subject.startsWith(`Update available: ${product.name}`))

const unsubscribeUrlIn = (text: string) => /Unsubscribe: (\S+)/.exec(text)?.[1]

describe('an update email to a guest who bought', () => {
  it('links their private order page, and its unsubscribe link works without an account', async () => {
    const product = packs[2]!
    const guest = await paidGuestOrder(t, fake, [product.id])
    const buyer = await createSignedInUser(t)
    const own = await createSession(t, { checkoutType: 'direct', userId: buyer.id, items: [{ productId: product.id, quantity: 1 }] }, { cookie: buyer.cookie })
    await deliverEvent(t, fake, 'checkout.session.completed', fake.pay(own.sessionId))
    await announce(product, VERSION_2)

    const [toGuest] = await updateEmailsTo(guest.email, product)
    expect(toGuest!.text).toContain(`Open your order page: ${t.config.publicUrl}/orders/access/${guest.token}`)
    expect(toGuest!.text).not.toContain('/download-hub')
    expect(toGuest!.text).not.toContain('/profile')
    expect((await openOrderLink(t, accessTokenIn(toGuest!))).statusCode).toBe(200)
    const [toBuyer] = await updateEmailsTo(buyer.email, product)
    expect(toBuyer!.text).toContain(`Open your Download Hub: ${t.config.publicUrl}/download-hub`)

    // The guest's link turns the emails off for their address; the account's turns off the account's own setting.
    const guestLink = new URL(unsubscribeUrlIn(toGuest!.text)!)
    expect(guestLink.pathname).toMatch(/^\/email-preferences\/product-updates\/[\w-]+$/)
    const token = guestLink.pathname.split('/').pop()!
    expect((await t.app.inject({ method: 'POST', url: `/api/email-preferences/product-updates/${token}` })).statusCode).toBe(204)
    const buyerToken = new URL(unsubscribeUrlIn(toBuyer!.text)!).pathname.split('/').pop()!
    expect((await t.app.inject({ method: 'POST', url: `/api/email-preferences/product-updates/${buyerToken}` })).statusCode).toBe(204)
    const profile = await browserRequest(t, { method: 'GET', url: '/api/profile', cookie: buyer.cookie })
    expect(profile.json().data ?? profile.json()).toMatchObject({ product_update_emails: false })
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    expect((await t.app.inject({ method: 'POST', url: `/api/email-preferences/product-updates/${altered}` })).statusCode).toBe(404)

    await announce(product, VERSION_3)
    expect(await updateEmailsTo(guest.email, product)).toHaveLength(1)
    expect(await updateEmailsTo(buyer.email, product)).toHaveLength(1)
  })

  it("is sent with a new link when the owner revoked the order's links: it reaches only the order's address", async () => {
    const product = packs[3]!
    const guest = await paidGuestOrder(t, fake, [product.id])
    expect((await revokeLinks(guest.orderId)).statusCode).toBe(200)
    await announce(product, VERSION_2)
    const [email] = await updateEmailsTo(guest.email, product)
    const fresh = accessTokenIn(email!)
    expect(fresh).not.toBe(guest.token)
    expect((await openOrderLink(t, fresh)).statusCode).toBe(200)
  })
})

describe('a serial sent later to a guest', () => {
  it('links their private order page, not a Download Hub', async () => {
    const product = packs[1]!
    await setKeyPolicy(t, owner, product.id, { kind: 'serials', activationLimit: null, serialSentLater: true })
    const guest = await paidGuestOrder(t, fake, [product.id])
    expect(await importSerials(t, owner, product.id, 'GUEST-SERIAL-1')).toMatchObject({ added: 1, delivered: 1 })
    const [delivered] = (await t.app.mailer.listOutbox()).filter((email) => email.to === guest.email && email.subject.startsWith('Your licence key'))
    expect(delivered!.text).toContain(`Licence key for ${product.name}: GUEST-SERIAL-1`)
    expect(delivered!.text).toContain(`Open your order page: ${t.config.publicUrl}/orders/access/${guest.token}`)
    expect(delivered!.text).not.toContain('/download-hub')
  })
})
