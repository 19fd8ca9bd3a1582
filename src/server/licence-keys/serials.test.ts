/**
 * A product sold with the vendor's serials: the owner's CSV import and its line-by-line report,
 * a serial reserved with the pending order and refused (409, sold out, nothing charged) when
 * none is left, given back when the order ends unpaid, not reserved twice by a retry, handed out
 * on payment, "serial sent later" delivered by the next import, never returned to the pool by a
 * refund, and a guest's keys on their private order page.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { deliverEvent, receiptsFor, useFakePayments } from '../../../tests/support/checkout-fixtures.ts'
import { productsWithFiles } from '../../../tests/support/downloads.ts'
import type { FakePaymentProvider } from '../../../tests/support/fake-payment-provider.ts'
import { asOwner, buyAndPay, checkoutOne, importSerials, keysOf, setKeyPolicy } from '../../../tests/support/licence-keys.ts'
import { paidGuestOrder } from '../../../tests/support/order-links.ts'
import { refundAsOwner } from '../../../tests/support/refunds.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { LICENCE_KEY_MESSAGES } from '../../shared/contract/licence-keys.ts'
import { orders, type ProductRow } from '../db/schema.ts'

const OWNER = uniqueEmail('owner')
let t: TestApp
let fake: FakePaymentProvider
let owner: SignedInUser
let priced: ProductRow[]

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  fake = useFakePayments(t)
  owner = await createSignedInUser(t, { email: OWNER })
  priced = (await productsWithFiles(t, 12)).filter((product) => product.priceCents > 0)
  expect(priced.length).toBeGreaterThanOrEqual(4)
})
afterAll(async () => t?.close())

const poolOf = async (product: ProductRow) => (await asOwner(t, owner, 'GET', `/api/admin/products/${product.id}/key-policy`)).json().data

describe('importing serials', () => {
  it('adds each new serial and reports duplicates, repeats and invalid lines without failing', async () => {
    const product = priced[0]!
    await setKeyPolicy(t, owner, product.id, { kind: 'serials', activationLimit: null, lowSerialsThreshold: 2 })
    const report = await importSerials(t, owner, product.id, 'serial,note\nSN-A,first\n\nSN-B,second\nSN-A,again\n"SN-C",quoted\n' + 'X'.repeat(201))
    expect(report).toMatchObject({ added: 3, skipped: 2, delivered: 0 })
    expect(report.lines.map((line: { line: number; outcome: string }) => [line.line, line.outcome])).toEqual([
      [2, 'added'],
      [4, 'added'],
      [5, 'duplicate'],
      [6, 'added'],
      [7, 'invalid'],
    ])
    const again = await importSerials(t, owner, product.id, 'SN-C\nSN-D')
    expect(again).toMatchObject({ added: 1, skipped: 1 })
    expect(await poolOf(product)).toMatchObject({ kind: 'serials', serialsLeft: 4, serialsAssigned: 0, lowSerials: false })
  })
})

describe('checkout of a serial product', () => {
  it('reserves the last serial; the next buyer is refused as sold out before any payment; the unpaid order gives it back', async () => {
    const product = priced[1]!
    await setKeyPolicy(t, owner, product.id, { kind: 'serials', activationLimit: null })
    await importSerials(t, owner, product.id, 'ONLY-ONE')
    const first = await createSignedInUser(t)
    const second = await createSignedInUser(t)

    const reserved = await checkoutOne(t, first, product.id)
    expect(reserved.statusCode).toBe(200)
    // The same checkout again reuses its order: nothing more is reserved.
    expect((await checkoutOne(t, first, product.id)).json().orderId).toBe(reserved.json().orderId)
    expect(await poolOf(product)).toMatchObject({ serialsLeft: 0, lowSerials: true })

    const sessionsBefore = fake.created.length
    const refused = await checkoutOne(t, second, product.id)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({ error: { message: LICENCE_KEY_MESSAGES.soldOut(product.name), status: 409, code: 'SOLD_OUT' } })
    expect(fake.created.length).toBe(sessionsBefore)
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, second.id))).toEqual([])

    const expired = await deliverEvent(t, fake, 'checkout.session.expired', fake.expire(reserved.json().sessionId))
    expect(expired.statusCode).toBe(200)
    expect(await poolOf(product)).toMatchObject({ serialsLeft: 1 })
    await buyAndPay(t, fake, second, product.id)
    expect((await keysOf(t, second)).map((key) => [key.kind, key.key, key.state])).toEqual([['serial', 'ONLY-ONE', 'active']])
    expect(await poolOf(product)).toMatchObject({ serialsLeft: 0, serialsAssigned: 1 })
  })

  it('"serial sent later" sells from an empty pool; the next import delivers, oldest first; a refund never returns the serial', async () => {
    const product = priced[2]!
    await setKeyPolicy(t, owner, product.id, { kind: 'serials', activationLimit: null, serialSentLater: true })
    const early = await createSignedInUser(t)
    const late = await createSignedInUser(t)
    const earlyOrder = await buyAndPay(t, fake, early, product.id)
    await buyAndPay(t, fake, late, product.id)
    expect((await keysOf(t, early)).map((key) => key.key)).toEqual([null])
    const [receipt] = await receiptsFor(t, earlyOrder.orderId)
    expect(receipt!.text).toContain(`Licence key for ${product.name}: we will email it to you as soon as it is available.`)
    expect(await poolOf(product)).toMatchObject({ serialsOwed: 2, serialsLeft: 0 })

    expect(await importSerials(t, owner, product.id, 'LATER-1')).toMatchObject({ added: 1, delivered: 1 })
    expect((await keysOf(t, early)).map((key) => key.key)).toEqual(['LATER-1'])
    expect((await keysOf(t, late)).map((key) => key.key)).toEqual([null])
    const delivered = (await t.app.mailer.listOutbox()).filter((email) => email.to === early.email && email.subject.startsWith('Your licence key'))
    expect(delivered.map((email) => email.text.includes(`Licence key for ${product.name}: LATER-1`))).toEqual([true])

    expect((await refundAsOwner(t, owner, earlyOrder.orderId)).statusCode).toBe(200)
    expect((await keysOf(t, early)).map((key) => key.state)).toEqual(['revoked'])
    expect(await poolOf(product)).toMatchObject({ serialsLeft: 0, serialsAssigned: 1, serialsOwed: 1 })
  })
})

describe("a guest's order page", () => {
  it('lists the keys of the order its private link opens', async () => {
    const product = priced[3]!
    await setKeyPolicy(t, owner, product.id, { kind: 'generated', activationLimit: 3 })
    const order = await paidGuestOrder(t, fake, [product.id])
    const response = await t.app.inject({ method: 'GET', url: `/api/order-access/${order.token}/licence-keys` })
    expect(response.statusCode).toBe(200)
    expect(response.json().data).toEqual([expect.objectContaining({ kind: 'generated', state: 'active', activationLimit: 3, orderItemId: order.items[0]!.id })])
    expect((await t.app.inject({ method: 'GET', url: `/api/order-access/${order.token.slice(0, -2)}xx/licence-keys` })).statusCode).toBe(404)
  })
})
