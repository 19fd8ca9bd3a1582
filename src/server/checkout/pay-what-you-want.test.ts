/**
 * Pay what you want over HTTP: the owner's form (a minimum at most the suggested price, never a
 * free product), the server cart refusing an amount under the minimum on add, update and the
 * sign-in merge, checkout refusing it with nothing written and charging the amount named
 * otherwise, and a refund giving back what the buyer paid.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createSession, deliverEvent, itemsOf, orderById, postCheckout, productByName, useFakePayments } from '../../../tests/support/checkout-fixtures.ts'
import { productsWithFiles } from '../../../tests/support/downloads.ts'
import type { FakePaymentProvider } from '../../../tests/support/fake-payment-provider.ts'
import { refundAsOwner } from '../../../tests/support/refunds.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { EMPTY_PRODUCT_FORM, PAY_WHAT_YOU_WANT_FORM_MESSAGES as FORM, productFormSchema, type ProductForm } from '../../shared/contract/admin-products.ts'
import { orderRefunds, orders, products, type ProductRow } from '../db/schema.ts'
import { itemShareCents } from '../orders/refund-allocation.ts'

const OWNER = uniqueEmail('owner')
const NAME = `Name Your Price Breaks ${crypto.randomUUID().slice(0, 6)}`
const BELOW = `Enter at least $5.00 for ${NAME}`
let t: TestApp
let fake: FakePaymentProvider
let owner: SignedInUser
let pwywId: string
let fixed: ProductRow
let address = 0
const nextAddress = () => `198.51.100.${(address = (address % 250) + 1)}`

const pwywForm = (overrides: Partial<ProductForm> = {}): ProductForm => ({
  ...EMPTY_PRODUCT_FORM,
  name: NAME,
  price: '10.00',
  priceModel: 'pwyw',
  minimumPrice: '5.00',
  ...overrides,
})

function as(user: SignedInUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: { origin: t.config.publicUrl, cookie: user.cookie }, ...(payload ? { payload } : {}) })
}

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  fake = useFakePayments(t)
  owner = await createSignedInUser(t, { email: OWNER })
  fixed = await productByName(t, 'Scale Finder MIDI Library')
  // Made as the owner makes it: created hidden, given a file, then made active.
  const created = await as(owner, 'POST', '/api/admin/products', { form: pwywForm() })
  expect(created.statusCode).toBe(201)
  pwywId = created.json().data.id
  const [withFile] = await productsWithFiles(t, 1)
  await t.database.db.update(products).set({ fileUrl: withFile!.fileUrl, fileSize: withFile!.fileSize }).where(eq(products.id, pwywId))
  expect((await as(owner, 'PUT', `/api/admin/products/${pwywId}`, { form: pwywForm({ active: true }), version: 1 })).statusCode).toBe(200)
})
afterAll(async () => t?.close())

describe("the owner's product form", () => {
  it('stores the minimum and the suggested price, shows them to the store, and audits the change of pricing', async () => {
    const saved = (await as(owner, 'GET', `/api/admin/products/${pwywId}`)).json()
    expect(saved.data.form).toMatchObject({ priceModel: 'pwyw', minimumPrice: '5.00', price: '10.00' })
    expect(saved.history.at(-1).changes).toEqual(expect.arrayContaining([{ field: 'minimumPrice', before: '', after: '5.00' }]))
    const shown = (await t.app.inject(`/api/products/${pwywId}`)).json().data
    expect(shown).toMatchObject({ priceModel: 'pwyw', minPriceCents: 500, priceCents: 1000, originalPriceCents: null })
  })

  it('refuses a minimum above the suggested price, a missing or negative minimum, naming the field', async () => {
    for (const [overrides, message] of [
      [{ minimumPrice: '12.00' }, FORM.minimumAboveSuggested],
      [{ minimumPrice: '' }, FORM.minimumRequired],
      [{ minimumPrice: '-1' }, FORM.minimumInvalid],
      [{ price: '1500.00', minimumPrice: '1' }, FORM.suggestedTooHigh],
    ] as const) {
      const response = await as(owner, 'POST', '/api/admin/products', { form: pwywForm({ name: `Refused ${message.slice(0, 12)}`, ...overrides }) })
      expect(response.statusCode).toBe(400)
      expect(response.json().error).toMatchObject({ message, field: message === FORM.suggestedTooHigh ? 'price' : 'minimumPrice' })
    }
    // A $0 minimum with a $0 suggestion is a free product, whatever the price field allows.
    const free = productFormSchema.safeParse(pwywForm({ price: '0', minimumPrice: '0' }))
    expect(free.error?.issues).toContainEqual(expect.objectContaining({ path: ['minimumPrice'], message: FORM.freeProduct }))
    // $0+ with a suggestion is pay what you want.
    expect(productFormSchema.safeParse(pwywForm({ price: '3', minimumPrice: '0' })).success).toBe(true)
  })
})

describe('the server cart', () => {
  it('refuses an amount under the minimum (or none) on add with the checkout sentence, and keeps the latest amount', async () => {
    const shopper = await createSignedInUser(t)
    for (const body of [{ productId: pwywId }, { productId: pwywId, chosenPriceCents: 499 }]) {
      const refused = await as(shopper, 'POST', '/api/cart/items', body)
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toEqual({ error: { message: BELOW, status: 400, code: 'PRICE_BELOW_MINIMUM' } })
    }
    expect((await as(shopper, 'GET', '/api/cart')).json().data).toEqual([])

    const added = await as(shopper, 'POST', '/api/cart/items', { productId: pwywId, chosenPriceCents: 750 })
    expect(added.json().data).toMatchObject({ productId: pwywId, quantity: 1, chosenPriceCents: 750 })
    // A fixed-price product keeps its own price, whatever amount is sent.
    expect((await as(shopper, 'POST', '/api/cart/items', { productId: fixed.id, chosenPriceCents: 1 })).json().data.chosenPriceCents).toBeNull()

    const lowered = await as(shopper, 'PATCH', `/api/cart/items/${pwywId}`, { chosenPriceCents: 100 })
    expect(lowered.json()).toEqual({ error: { message: BELOW, status: 400, code: 'PRICE_BELOW_MINIMUM' } })
    const tooHigh = await as(shopper, 'PATCH', `/api/cart/items/${pwywId}`, { chosenPriceCents: 100_001 })
    expect(tooHigh.json().error).toMatchObject({ message: `Enter at most $1,000.00 for ${NAME}`, code: 'PRICE_BELOW_MINIMUM' })
    const raised = await as(shopper, 'PATCH', `/api/cart/items/${pwywId}`, { chosenPriceCents: 1200 })
    expect(raised.json().data).toMatchObject({ quantity: 1, chosenPriceCents: 1200 })

    // The sign-in merge writes the amount too, all or nothing.
    const merge = (chosenPriceCents: number) =>
      as(shopper, 'PUT', '/api/cart', {
        items: [
          { productId: pwywId, quantity: 1, chosenPriceCents },
          { productId: fixed.id, quantity: 1 },
        ],
      })
    expect((await merge(300)).json().error).toMatchObject({ message: BELOW, code: 'PRICE_BELOW_MINIMUM' })
    const cart = (await as(shopper, 'GET', '/api/cart')).json().data as { productId: string; chosenPriceCents: number | null }[]
    expect(cart.find((line) => line.productId === pwywId)?.chosenPriceCents).toBe(1200)
    expect((await merge(800)).json().data.find((line: { productId: string }) => line.productId === pwywId).chosenPriceCents).toBe(800)
  })
})

describe('checkout', () => {
  it('refuses an amount under the minimum, or none, with 400 PRICE_BELOW_MINIMUM and writes no order', async () => {
    const email = uniqueEmail('guest')
    for (const item of [{ chosenPriceCents: 100 }, {}, { chosenPriceCents: 499 }]) {
      const response = await postCheckout(
        t,
        { checkoutType: 'direct', customerEmail: email, items: [{ productId: pwywId, quantity: 1, ...item }] },
        { remoteAddress: nextAddress() },
      )
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ error: { message: BELOW, status: 400, code: 'PRICE_BELOW_MINIMUM' } })
    }
    expect(await t.database.db.select().from(orders).where(eq(orders.customerEmail, email))).toEqual([])
  })

  it('charges the amount named, at the minimum or above, as the order item price', async () => {
    for (const chosenPriceCents of [500, 750]) {
      const created = await createSession(
        t,
        { checkoutType: 'direct', customerEmail: uniqueEmail('guest'), items: [{ productId: pwywId, quantity: 1, chosenPriceCents }] },
        { remoteAddress: nextAddress() },
      )
      const [item] = await itemsOf(t, created.orderId)
      expect(item).toMatchObject({ productId: pwywId, priceCents: chosenPriceCents, regularPriceCents: chosenPriceCents })
      expect((await orderById(t, created.orderId)).subtotalCents).toBe(chosenPriceCents)
    }
  })

  it("a signed-in cart checkout charges the server cart's amount", async () => {
    const buyer = await createSignedInUser(t)
    await as(buyer, 'POST', '/api/cart/items', { productId: pwywId, chosenPriceCents: 925 })
    const created = await createSession(t, { checkoutType: 'cart', userId: buyer.id }, { cookie: buyer.cookie, remoteAddress: nextAddress() })
    expect((await itemsOf(t, created.orderId)).map((item) => item.priceCents)).toEqual([925])
  })
})

describe('a refund', () => {
  it('of a pay-what-you-want item gives back its share of what was paid: the amount named, not the suggested price', async () => {
    const buyer = await createSignedInUser(t)
    await as(buyer, 'POST', '/api/cart/items', { productId: pwywId, chosenPriceCents: 750 })
    await as(buyer, 'POST', '/api/cart/items', { productId: fixed.id })
    const created = await createSession(t, { checkoutType: 'cart', userId: buyer.id }, { cookie: buyer.cookie, remoteAddress: nextAddress() })
    expect((await deliverEvent(t, fake, 'checkout.session.completed', fake.pay(created.sessionId))).statusCode).toBe(200)
    const order = await orderById(t, created.orderId)
    expect(order).toMatchObject({ status: 'COMPLETED', subtotalCents: 750 + fixed.priceCents })
    const item = (await itemsOf(t, created.orderId)).find((line) => line.productId === pwywId)!

    expect((await refundAsOwner(t, owner, created.orderId, [item.id])).statusCode).toBe(200)
    const [refund] = await t.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, created.orderId))
    const paid = itemShareCents({ id: item.id, priceCents: 750, quantity: 1 }, order)
    expect(paid).toBeLessThan(itemShareCents({ id: item.id, priceCents: 1000, quantity: 1 }, order))
    expect(refund).toMatchObject({ amountCents: paid, orderItemIds: [item.id] })
  })
})
