/**
 * "Find my order" (POST /api/orders/find): the same answer for an address with paid orders and
 * one without; the first gets one email listing each paid order (matched whatever the case)
 * with a fresh private link that opens it, an account's order also saying to sign in; the
 * second gets nothing; a bad address is a sentence; too many requests answer 429.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail } from '../../../tests/support/accounts.ts'
import { createSession, deliverEvent, useFakePayments } from '../../../tests/support/checkout-fixtures.ts'
import { productsWithFiles } from '../../../tests/support/downloads.ts'
import type { FakePaymentProvider } from '../../../tests/support/fake-payment-provider.ts'
import { accessTokenIn, openOrderLink, paidGuestOrder } from '../../../tests/support/order-links.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import type { StoredEmail } from '../email/mailer.ts'
import { storeSettings, type ProductRow } from '../db/schema.ts'

const SENT = { data: { message: 'If that address has paid orders, we have emailed their links to it.' } }
let t: TestApp
let fake: FakePaymentProvider
let pack: ProductRow
let address = 0
const nextAddress = () => `203.0.113.${(address = (address % 250) + 1)}`

beforeAll(async () => {
  t = await createTestApp()
  fake = useFakePayments(t)
  pack = (await productsWithFiles(t, 4)).find((product) => product.priceCents > 0)!
})
afterAll(async () => t?.close())

const find = (email: unknown, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/orders/find', headers: { origin: t.config.publicUrl }, payload: { email }, remoteAddress })

/** The order-links emails to `to`, newest first. */
const linkEmailsTo = async (to: string): Promise<StoredEmail[]> =>
  (await t.app.mailer.listOutbox()).filter((email) => email.to.toLowerCase() === to.toLowerCase() && email.subject.includes('order link'))

describe('Find my order', () => {
  it('answers an address with paid orders and one without identically; only the first gets an email, whose links open each order', async () => {
    const email = uniqueEmail('finder')
    const guest = await paidGuestOrder(t, fake, [pack.id], email)
    const again = await paidGuestOrder(t, fake, [pack.id], email.toUpperCase())
    const unpaid = await createSession(
      t,
      { checkoutType: 'direct', customerEmail: email, items: [{ productId: pack.id, quantity: 1 }] },
      { remoteAddress: nextAddress() },
    )
    const stranger = uniqueEmail('nobody')

    const known = await find(`  ${email.toUpperCase()} `)
    const unknown = await find(stranger)
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200])
    expect(known.json()).toEqual(SENT)
    expect(unknown.json()).toEqual(SENT)
    expect(known.body).toBe(unknown.body)
    expect(known.headers['cache-control']).toBe('no-store')

    await expect.poll(async () => (await linkEmailsTo(email)).length).toBe(1)
    const [sent] = await linkEmailsTo(email)
    expect(sent!.subject).toBe('Your Audio Lab Store order links')
    for (const order of [guest, again]) expect(sent!.text).toContain(`Order ${order.orderId.slice(-8).toUpperCase()} of `)
    expect(sent!.text).not.toContain(unpaid.orderId.slice(-8).toUpperCase())
    // Fresh links, not the receipts' ones, and each opens its own order.
    const tokens = [...sent!.text.matchAll(/\/orders\/access\/([\w-]{65})/g)].map((match) => match[1]!)
    expect(tokens).toHaveLength(2)
    expect(tokens).not.toContain(guest.token)
    const opened = await Promise.all(tokens.map(async (token) => (await openOrderLink(t, token)).json().data.orderNumber))
    expect(opened.sort()).toEqual([guest.orderId, again.orderId].map((id) => id.slice(-8).toUpperCase()).sort())

    // The lookup ran after the answer; by now the stranger's would have been written too.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await linkEmailsTo(stranger)).toEqual([])
  })

  it("lists an account's order with a link and a word to sign in", async () => {
    const buyer = await createSignedInUser(t)
    const created = await createSession(t, { checkoutType: 'direct', userId: buyer.id, items: [{ productId: pack.id, quantity: 1 }] }, { cookie: buyer.cookie })
    await deliverEvent(t, fake, 'checkout.session.completed', fake.pay(created.sessionId))
    expect((await find(buyer.email)).json()).toEqual(SENT)
    await expect.poll(async () => (await linkEmailsTo(buyer.email)).length).toBe(1)
    const [sent] = await linkEmailsTo(buyer.email)
    expect(sent!.subject).toBe('Your Audio Lab Store order link')
    expect(sent!.text).toContain(`This order belongs to an account: sign in at ${t.config.publicUrl}/login`)
    expect((await openOrderLink(t, accessTokenIn(sent!))).json().data).toMatchObject({ belongsToAccount: true })
  })

  it("signs with the store's name as its owner set it", async () => {
    const named = { storeName: 'Night Shift Sounds' }
    await t.database.db
      .insert(storeSettings)
      .values({ id: 1, values: named })
      .onConflictDoUpdate({ target: storeSettings.id, set: { values: named } })
    try {
      const { email } = await paidGuestOrder(t, fake, [pack.id])
      await find(email)
      await expect.poll(async () => (await linkEmailsTo(email)).length).toBe(1)
      const [sent] = await linkEmailsTo(email)
      expect(sent!.subject).toBe('Your Night Shift Sounds order link')
      expect(sent!.text.trimEnd().endsWith('— Night Shift Sounds')).toBe(true)
    } finally {
      await t.database.db.delete(storeSettings)
    }
  })

  it('answers a malformed address with a sentence, and a 4th request for one address (or an 11th from one IP) within the hour with 429', async () => {
    const malformed = await find('not an address')
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().error.message).toBe('Please enter a valid email address')

    const email = uniqueEmail('flood')
    for (let request = 1; request <= 3; request++) expect((await find(email)).statusCode).toBe(200)
    const limited = await find(email.toUpperCase())
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toEqual({
      error: { message: 'Too many requests for order links. Please wait a while before trying again.', status: 429, code: 'RATE_LIMITED' },
    })

    const ip = '192.0.2.200'
    for (let request = 1; request <= 10; request++) expect((await find(uniqueEmail('probe'), ip)).statusCode).toBe(200)
    expect((await find(uniqueEmail('probe'), ip)).statusCode).toBe(429)
  })
})
