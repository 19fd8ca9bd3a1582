/**
 * Buying a bundle (the fake provider's payments, the owner's console for refunds): a buyer who
 * owns an item pays the bundle's price less what they paid for it, never below the floor; every
 * other item is granted as an order item of its own with its own downloads; money views bill the
 * bundle's line only; a bundle is not bought twice nor an item it granted bought alone; and a
 * refund of the bundle takes back every item it granted.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { asOwner, createBundle } from '../../../tests/support/bundles.ts'
import { createSession, deliverEvent, itemsOf, orderById, postCheckout, receiptsFor, useFakePayments } from '../../../tests/support/checkout-fixtures.ts'
import { fetchDownload, grantUrl, productsWithFiles, requestGrant } from '../../../tests/support/downloads.ts'
import type { FakePaymentProvider } from '../../../tests/support/fake-payment-provider.ts'
import { refundAsOwner } from '../../../tests/support/refunds.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { CART_MESSAGES } from '../../shared/cart-rules.ts'
import { CHECKOUT_ERROR_CODES, CHECKOUT_SERVER_MESSAGES } from '../../shared/contract/checkout.ts'
import { taxDocuments, type ProductRow } from '../db/schema.ts'
import { REFUND_MESSAGES } from './refund-requests.ts'

const OWNER = uniqueEmail('owner')
const BUNDLE_NAME = 'Complete Studio Bundle'
const BUNDLE_CENTS = 8000
const FLOOR_CENTS = 2000
let t: TestApp
let fake: FakePaymentProvider
let owner: SignedInUser
let a: ProductRow
let b: ProductRow
let c: ProductRow
/** A pack the bundle does not hold, bought beside it. */
let d: ProductRow
let bundleId: string
let address = 0
const nextAddress = () => `198.51.100.${(address = (address % 250) + 1)}`

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  fake = useFakePayments(t)
  owner = await createSignedInUser(t, { email: OWNER })
  const priced = (await productsWithFiles(t, 8)).filter((product) => product.priceCents > 500)
  expect(priced.length).toBeGreaterThanOrEqual(4)
  ;[a, b, c, d] = priced as [ProductRow, ProductRow, ProductRow, ProductRow]
  bundleId = await createBundle(t, owner, { name: BUNDLE_NAME, price: '80.00', itemIds: [a.id, b.id, c.id], floorCents: FLOOR_CENTS })
})
afterAll(async () => t?.close())

/** Buy Now of these products as the buyer, paid at the provider and completed; answers the order id. */
async function buy(buyer: SignedInUser, productIds: string[]): Promise<string> {
  const created = await createSession(
    t,
    { checkoutType: 'direct', userId: buyer.id, items: productIds.map((productId) => ({ productId, quantity: 1 })) },
    { cookie: buyer.cookie, remoteAddress: nextAddress() },
  )
  const session = fake.pay(created.sessionId)
  expect((await deliverEvent(t, fake, 'checkout.session.completed', session)).statusCode).toBe(200)
  expect((await orderById(t, created.orderId)).status).toBe('COMPLETED')
  return created.orderId
}

const asBuyer = (buyer: SignedInUser, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: buyer.cookie } })
const checkoutOf = (buyer: SignedInUser, productIds: string[]) =>
  postCheckout(
    t,
    { checkoutType: 'direct', userId: buyer.id, items: productIds.map((productId) => ({ productId, quantity: 1 })) },
    { cookie: buyer.cookie, remoteAddress: nextAddress() },
  )

describe('buying a bundle', () => {
  it('costs a buyer who owns an item the bundle less what they paid, and grants each other item with its own downloads', async () => {
    const buyer = await createSignedInUser(t)
    await buy(buyer, [a.id])
    const expected = Math.max(FLOOR_CENTS, BUNDLE_CENTS - a.priceCents)
    expect((await asBuyer(buyer, `/api/products/${bundleId}/bundle-offer`)).json().data).toEqual({ ownedCount: 1, itemCount: 3, priceCents: expected })

    const orderId = await buy(buyer, [bundleId])
    expect(await orderById(t, orderId)).toMatchObject({ subtotalCents: expected })
    const items = await itemsOf(t, orderId)
    const line = items.find((item) => item.productId === bundleId)!
    expect(line).toMatchObject({ priceCents: expected, regularPriceCents: BUNDLE_CENTS, parentItemId: null })
    // The owned item is not granted again; the others are order items of their own, priced 0, under the bundle's line.
    const granted = items.filter((item) => item.parentItemId === line.id)
    expect(granted.map((item) => item.productId).sort()).toEqual([b.id, c.id].sort())
    for (const item of granted) {
      const product = item.productId === b.id ? b : c
      expect(item).toMatchObject({ priceCents: 0, quantity: 1, downloadLimit: product.downloadLimit, downloadsRemaining: product.downloadLimit })
    }

    // The hub lists every item with its own downloads (the bundle, with no file of its own, is not a download).
    const hub = (await asBuyer(buyer, '/api/purchases')).json().data as { productId: string; downloadsRemaining: number }[]
    expect(hub.map((purchase) => purchase.productId).sort()).toEqual([a.id, b.id, c.id].sort())
    expect(hub.find((purchase) => purchase.productId === b.id)!.downloadsRemaining).toBe(b.downloadLimit)
    const itemB = granted.find((item) => item.productId === b.id)!
    expect((await grantUrl(t, buyer, { orderItemId: itemB.id, productId: b.id })).downloadsRemaining).toBe(b.downloadLimit - 1)

    // Money views: the receipt and the invoice bill the bundle's line; the items show as included in it.
    const [receipt] = await receiptsFor(t, orderId)
    expect(receipt!.text).toContain(`${BUNDLE_NAME} × 1: $${(expected / 100).toFixed(2)}`)
    expect(receipt!.text).toContain(`${b.name}: included in ${BUNDLE_NAME}`)
    const [invoice] = await t.database.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'invoice')))
    expect(invoice!.lines.map((entry) => entry.description)).toEqual([BUNDLE_NAME])
    const history = (await asBuyer(buyer, '/api/orders')).json().data as { id: string; items: { productId: string; includedIn?: string }[] }[]
    const shown = history.find((order) => order.id === orderId)!
    expect(shown.items.find((item) => item.productId === c.id)).toMatchObject({ includedIn: BUNDLE_NAME })
    expect(shown.items.find((item) => item.productId === bundleId)).not.toHaveProperty('includedIn')
  })

  it('never asks less than the floor, however much the owned items cost', async () => {
    const floored = await createBundle(t, owner, { name: 'Floored Duo', price: '30.00', itemIds: [a.id, b.id], floorCents: 2500 })
    const buyer = await createSignedInUser(t)
    await buy(buyer, [a.id])
    expect(3000 - a.priceCents).toBeLessThan(2500)
    const orderId = await buy(buyer, [floored])
    expect((await itemsOf(t, orderId)).find((item) => item.productId === floored)!.priceCents).toBe(2500)
  })

  it('is refused a second time, and an item it granted is refused alone, as is a cart of the bundle and one of its items', async () => {
    const buyer = await createSignedInUser(t)
    const orderId = await buy(buyer, [bundleId])
    expect((await itemsOf(t, orderId)).find((item) => item.productId === bundleId)!.priceCents).toBe(BUNDLE_CENTS)

    for (const productIds of [[bundleId], [b.id]]) {
      const again = await checkoutOf(buyer, productIds)
      expect(again.statusCode).toBe(400)
      expect(again.json().error).toMatchObject({ code: CHECKOUT_ERROR_CODES.alreadyOwned, message: CART_MESSAGES.alreadyOwned })
    }
    const both = await checkoutOf(await createSignedInUser(t), [bundleId, c.id])
    expect(both.statusCode).toBe(400)
    expect(both.json().error).toMatchObject({
      code: CHECKOUT_ERROR_CODES.alreadyInBundle,
      message: CHECKOUT_SERVER_MESSAGES.alreadyInBundle(c.name, BUNDLE_NAME),
    })
  })
})

describe('refunding a bundle', () => {
  it('names only the bundle\u2019s line, and revokes every item it granted: links minted before stop, the hub says why', async () => {
    const buyer = await createSignedInUser(t)
    const orderId = await buy(buyer, [bundleId, d.id])
    const items = await itemsOf(t, orderId)
    const line = items.find((item) => item.productId === bundleId)!
    const itemB = items.find((item) => item.productId === b.id)!
    const { downloadUrl } = await grantUrl(t, buyer, { orderItemId: itemB.id, productId: b.id })

    // The owner's order page: the granted items are included in the bundle and not refundable on their own.
    const view = (await asOwner(t, owner, 'GET', `/api/admin/orders/${orderId}`)).json().data as {
      items: { id: string; includedIn?: string; refundable: boolean; refundCents: number }[]
    }
    expect(view.items.find((item) => item.id === line.id)).toMatchObject({ refundable: true })
    expect(view.items.find((item) => item.id === itemB.id)).toMatchObject({ includedIn: BUNDLE_NAME, refundable: false, refundCents: 0 })
    const alone = await refundAsOwner(t, owner, orderId, [itemB.id])
    expect(alone.statusCode).toBe(409)
    expect(alone.json().error.message).toBe(REFUND_MESSAGES.cameWithBundle)

    const refunded = await refundAsOwner(t, owner, orderId, [line.id])
    expect(refunded.statusCode).toBe(200)
    // The pack bought beside the bundle keeps its downloads; the order is refunded in part.
    expect((await orderById(t, orderId)).status).toBe('PARTIALLY_REFUNDED')
    const accessAfter = new Map((await itemsOf(t, orderId)).map((item) => [item.productId, `${item.access}:${item.accessReason}`]))
    expect(Object.fromEntries([bundleId, a.id, b.id, c.id, d.id].map((id) => [id, accessAfter.get(id)]))).toEqual({
      [bundleId]: 'revoked:refunded',
      [a.id]: 'revoked:refunded',
      [b.id]: 'revoked:refunded',
      [c.id]: 'revoked:refunded',
      [d.id]: 'active:null',
    })
    expect((await fetchDownload(t, downloadUrl)).statusCode).toBe(403)
    const grant = await requestGrant(t, { orderItemId: itemB.id, productId: b.id }, { user: buyer })
    expect([grant.statusCode, grant.json().error.code]).toEqual([403, 'ACCESS_DENIED'])
    const hub = (await asBuyer(buyer, '/api/purchases')).json().data as { productId: string; access: { state: string; reason: string } }[]
    expect(hub.find((purchase) => purchase.productId === c.id)!.access).toMatchObject({ state: 'revoked', reason: 'refunded' })

    // Refunding the other pack refunds the whole order: its granted items count for nothing.
    expect((await refundAsOwner(t, owner, orderId, [items.find((item) => item.productId === d.id)!.id])).statusCode).toBe(200)
    const order = await orderById(t, orderId)
    expect(order).toMatchObject({ status: 'REFUNDED', refundedCents: order.totalAmountCents })

    // Refunded, the bundle and its items are no longer owned: the buyer may buy them again.
    expect((await asBuyer(buyer, `/api/products/${bundleId}/bundle-offer`)).json().data).toMatchObject({ ownedCount: 0, priceCents: BUNDLE_CENTS })
    expect((await checkoutOf(buyer, [b.id])).statusCode).toBe(200)
  })
})
