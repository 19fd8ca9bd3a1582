/**
 * Receipts through the mail outbox: a paid order has exactly one receipt however often its
 * payment event and the success page's lookup arrive, queued in the same transaction as the
 * payment; the buyer can ask for it again a few times an hour, only for their own paid order.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createSession, deliverEvent, productByName, receiptsFor, useFakePayments } from '../../../tests/support/checkout-fixtures.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { emailOutbox, storeSettings, type ProductRow } from '../db/schema.ts'
import type { FakePaymentProvider } from '../../../tests/support/fake-payment-provider.ts'

let t: TestApp
let fake: FakePaymentProvider
let product: ProductRow
let address = 0
const nextAddress = () => `192.0.2.${(address = (address % 250) + 1)}`

beforeAll(async () => {
  t = await createTestApp()
  fake = useFakePayments(t)
  product = await productByName(t, 'Scale Finder MIDI Library')
})
afterAll(async () => t?.close())

async function paidOrder(buyer: SignedInUser, { complete = true } = {}) {
  const created = await createSession(
    t,
    { checkoutType: 'direct', userId: buyer.id, items: [{ productId: product.id, quantity: 1 }] },
    { cookie: buyer.cookie, remoteAddress: nextAddress() },
  )
  const session = fake.pay(created.sessionId)
  if (complete) expect((await deliverEvent(t, fake, 'checkout.session.completed', session)).statusCode).toBe(200)
  return { orderId: created.orderId, session }
}

const resend = (orderId: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/receipt`, headers: { origin: t.config.publicUrl, ...(cookie ? { cookie } : {}) } })

describe('the receipt of a paid order', () => {
  it('is queued once when the payment event comes three times at once and the success page looks too', async () => {
    const buyer = await createSignedInUser(t)
    const { orderId, session } = await paidOrder(buyer, { complete: false })
    const answers = await Promise.all([
      deliverEvent(t, fake, 'checkout.session.completed', session, { eventId: 'evt_receipt_1' }),
      deliverEvent(t, fake, 'checkout.session.completed', session, { eventId: 'evt_receipt_1' }),
      deliverEvent(t, fake, 'checkout.session.completed', session),
      t.app.inject({ method: 'GET', url: `/api/orders/by-session/${session.id}`, headers: { cookie: buyer.cookie } }),
    ])
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200])

    const receipts = await receiptsFor(t, orderId)
    expect(receipts).toHaveLength(1)
    expect(receipts[0]).toMatchObject({ to: buyer.email })
    expect(receipts[0]!.text).toContain(product.name)
    const [row] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `receipt:${orderId}`))
    expect(row?.toAddress).toBe(buyer.email)
  })
})

describe("the receipt's words", () => {
  it("are the owner's: the store's name, the thank-you line and the footnote from the settings, with the order number kept", async () => {
    const owned = { storeName: 'Night Shift Sounds', receiptThankYou: 'Cheers for backing an independent label!', receiptFootnote: 'Stuck? Write to us.' }
    await t.database.db
      .insert(storeSettings)
      .values({ id: 1, values: owned })
      .onConflictDoUpdate({ target: storeSettings.id, set: { values: owned } })
    try {
      const buyer = await createSignedInUser(t)
      const { orderId } = await paidOrder(buyer)
      const [receipt] = await receiptsFor(t, orderId)
      expect(receipt!.subject).toMatch(/^Your Night Shift Sounds receipt for order /)
      expect(receipt!.text).toContain('Cheers for backing an independent label!')
      expect(receipt!.text).not.toContain('Thank you for your purchase.')
      expect(receipt!.text).toMatch(/Stuck\? Write to us\. Order \S+ · http/)
      expect(receipt!.text.trimEnd().endsWith('— Night Shift Sounds')).toBe(true)
      expect(receipt!.html).toContain('Night Shift Sounds')
    } finally {
      await t.database.db.delete(storeSettings)
    }
  })
})

describe('POST /api/orders/:id/receipt', () => {
  it('queues the receipt again for the buyer, and refuses a fourth request within the hour with 429', async () => {
    const buyer = await createSignedInUser(t)
    const { orderId } = await paidOrder(buyer)
    for (let request = 1; request <= 3; request++) {
      const response = await resend(orderId, buyer.cookie)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ data: { email: buyer.email } })
    }
    expect(await receiptsFor(t, orderId)).toHaveLength(4)
    const fourth = await resend(orderId, buyer.cookie)
    expect(fourth.statusCode).toBe(429)
    expect(fourth.json().error.code).toBe('RATE_LIMITED')
    expect(await receiptsFor(t, orderId)).toHaveLength(4)
  })

  it("answers 401 to a guest, 404 for another buyer's or an unknown order, 409 for an order never paid", async () => {
    const buyer = await createSignedInUser(t)
    const stranger = await createSignedInUser(t)
    const { orderId } = await paidOrder(buyer)
    const unpaid = await paidOrder(buyer, { complete: false })

    expect((await resend(orderId)).statusCode).toBe(401)
    expect((await resend(orderId, stranger.cookie)).statusCode).toBe(404)
    expect((await resend(crypto.randomUUID(), buyer.cookie)).statusCode).toBe(404)
    const notPaid = await resend(unpaid.orderId, buyer.cookie)
    expect(notPaid.statusCode).toBe(409)
    expect(notPaid.json()).toEqual({ error: { message: 'This order was not paid, so it has no receipt', status: 409, code: 'ORDER_NOT_PAID' } })
    expect(await receiptsFor(t, orderId)).toHaveLength(1)
  })
})
