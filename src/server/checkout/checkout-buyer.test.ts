/**
 * Who a checkout belongs to: the buyer is the session. A signed-in shopper's checkout posted
 * through the API without a user id (an API client, a script) is their account's order, priced
 * as `/bundle-offer` quoted it to them (a bundle less what they already paid for its products)
 * and held to what they own; a body naming another user is refused as before, with no order.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createBundle } from '../../../tests/support/bundles.ts'
import { createSession, deliverEvent, orderById, postCheckout, useFakePayments } from '../../../tests/support/checkout-fixtures.ts'
import { productsWithFiles } from '../../../tests/support/downloads.ts'
import type { FakePaymentProvider } from '../../../tests/support/fake-payment-provider.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { CART_MESSAGES } from '../../shared/cart-rules.ts'
import { orders, type ProductRow } from '../db/schema.ts'

const OWNER = uniqueEmail('owner')
const BUNDLE_CENTS = 8000
let t: TestApp
let fake: FakePaymentProvider
let a: ProductRow
let bundleId: string
let address = 0
const nextAddress = () => `198.51.100.${(address = (address % 250) + 1)}`

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  fake = useFakePayments(t)
  const owner = await createSignedInUser(t, { email: OWNER })
  const priced = (await productsWithFiles(t, 8)).filter((product) => product.priceCents > 500)
  const [first, b, c] = priced as [ProductRow, ProductRow, ProductRow]
  a = first
  bundleId = await createBundle(t, owner, { name: 'Whole Studio Bundle', price: '80.00', itemIds: [a.id, b.id, c.id], floorCents: 2000 })
})
afterAll(async () => t?.close())

const buyNow = (productIds: string[], extra: Record<string, unknown> = {}) => ({
  checkoutType: 'direct',
  items: productIds.map((productId) => ({ productId, quantity: 1 })),
  ...extra,
})

/** A signed-in buyer who paid for `a` alone; answers them and the completion price the store quotes them for the bundle. */
async function buyerOwningA(): Promise<{ buyer: SignedInUser; quotedCents: number }> {
  const buyer = await createSignedInUser(t)
  const created = await createSession(t, buyNow([a.id], { userId: buyer.id }), { cookie: buyer.cookie, remoteAddress: nextAddress() })
  expect((await deliverEvent(t, fake, 'checkout.session.completed', fake.pay(created.sessionId))).statusCode).toBe(200)
  const offer = await t.app.inject({ url: `/api/products/${bundleId}/bundle-offer`, headers: { cookie: buyer.cookie } })
  const quotedCents = (offer.json() as { data: { priceCents: number } }).data.priceCents
  expect(quotedCents).toBe(Math.max(2000, BUNDLE_CENTS - a.priceCents))
  return { buyer, quotedCents }
}

const ordersOf = (userId: string) => t.database.db.select().from(orders).where(eq(orders.userId, userId))

describe('the buyer is the session', () => {
  it("makes a signed-in buyer's checkout without a user id their own order, at the bundle's completion price", async () => {
    const { buyer, quotedCents } = await buyerOwningA()
    // An API client that names the buyer by email only, as a guest checkout would.
    const created = await createSession(t, buyNow([bundleId], { customerEmail: buyer.email }), { cookie: buyer.cookie, remoteAddress: nextAddress() })
    expect(await orderById(t, created.orderId)).toMatchObject({ userId: buyer.id, customerEmail: buyer.email, subtotalCents: quotedCents })
  })

  it("takes the account's email when the body names no buyer at all", async () => {
    const { buyer, quotedCents } = await buyerOwningA()
    const created = await createSession(t, buyNow([bundleId]), { cookie: buyer.cookie, remoteAddress: nextAddress() })
    expect(await orderById(t, created.orderId)).toMatchObject({ userId: buyer.id, customerEmail: buyer.email.toLowerCase(), subtotalCents: quotedCents })
  })

  it('refuses a product the signed-in buyer owns, with or without a user id in the body', async () => {
    const { buyer } = await buyerOwningA()
    const again = await postCheckout(t, buyNow([a.id], { customerEmail: buyer.email }), { cookie: buyer.cookie, remoteAddress: nextAddress() })
    expect(again.statusCode).toBe(400)
    expect(again.json()).toMatchObject({ error: { message: CART_MESSAGES.alreadyOwned } })
  })

  it('still refuses a body naming another user, and writes no order', async () => {
    const { buyer } = await buyerOwningA()
    const other = await createSignedInUser(t)
    const response = await postCheckout(t, buyNow([bundleId], { userId: other.id }), { cookie: buyer.cookie, remoteAddress: nextAddress() })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ error: { status: 401, code: 'UNAUTHORIZED', message: 'User not authenticated' } })
    expect(await ordersOf(other.id)).toEqual([])
    expect((await ordersOf(buyer.id)).map((order) => order.status)).toEqual(['COMPLETED'])
  })
})
