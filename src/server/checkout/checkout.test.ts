/**
 * POST /api/checkout/sessions with the fake provider: the validation messages, who may
 * buy as whom, database prices over client prices, purchase rules, promo rules, retries that
 * reuse the open order, replaced checkouts and provider failures.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cartItems, orders, products, promoCodes } from '../db/schema.ts'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import type { FakePaymentProvider } from '../../../tests/support/fake-payment-provider.ts'
import {
  createSession,
  deliverEvent,
  itemsOf,
  orderById,
  postCheckout,
  productByName,
  promoState,
  useFakePayments,
} from '../../../tests/support/checkout-fixtures.ts'

let t: TestApp
let fake: FakePaymentProvider
let user: SignedInUser
let plain: { id: string; priceCents: number } // Scale Finder MIDI Library: no limit, not digital
let digital: { id: string; priceCents: number } // Neon Drive: digital download, on sale
let limited: { id: string } // Glue Bus Compressor Presets: purchase_limit 2
let address = 0
/** A fresh client address per call, so the per-address limits never interfere between tests. */
const nextAddress = () => `198.51.100.${(address = (address % 250) + 1)}`

beforeAll(async () => {
  t = await createTestApp()
  fake = useFakePayments(t)
  user = await createSignedInUser(t)
  plain = await productByName(t, 'Scale Finder MIDI Library')
  digital = await productByName(t, 'Neon Drive')
  limited = await productByName(t, 'Glue Bus Compressor Presets')
})
afterAll(async () => t?.close())

async function refused(body: Record<string, unknown>, cookie?: string) {
  const response = await postCheckout(t, body, { remoteAddress: nextAddress(), ...(cookie ? { cookie } : {}) })
  return { status: response.statusCode, message: (response.json() as { error?: { message: string } }).error?.message }
}

const guest = (items: unknown[], extra: Record<string, unknown> = {}) => ({ checkoutType: 'direct', customerEmail: uniqueEmail('guest'), items, ...extra })

describe('checkout session validation', () => {
  it('requires a user id for a cart checkout', async () => {
    expect(await refused({ checkoutType: 'cart', customerEmail: 'a@example.com', items: [{ productId: plain.id, quantity: 1 }] })).toEqual({
      status: 400,
      message: 'User ID is required for cart checkout',
    })
  })

  it('requires a user id or a customer email', async () => {
    expect(await refused({ checkoutType: 'direct', items: [{ productId: plain.id, quantity: 1 }] })).toEqual({
      status: 400,
      message: 'Either user ID or customer email is required',
    })
  })

  it('requires items for a direct checkout', async () => {
    expect(await refused({ checkoutType: 'direct', customerEmail: 'a@example.com' })).toEqual({
      status: 400,
      message: 'Items are required for direct checkout',
    })
    expect(await refused({ checkoutType: 'direct', customerEmail: 'a@example.com', items: [] })).toEqual({
      status: 400,
      message: 'Items are required for direct checkout',
    })
  })

  it('requires a product id on every line', async () => {
    expect(await refused(guest([{ quantity: 1 }]))).toEqual({ status: 400, message: 'Product ID is required' })
    expect(await refused(guest([{ productId: '  ', quantity: 1 }]))).toEqual({ status: 400, message: 'Product ID is required' })
  })

  it('requires a quantity of at least 1', async () => {
    expect(await refused(guest([{ productId: plain.id, quantity: 0 }]))).toEqual({ status: 400, message: 'Quantity must be at least 1' })
    expect(await refused(guest([{ productId: plain.id }]))).toEqual({ status: 400, message: 'Quantity must be at least 1' })
    expect(await refused(guest([{ productId: plain.id, quantity: 'two' }]))).toEqual({ status: 400, message: 'Quantity must be at least 1' })
  })

  it('answers "Some products are invalid" for unknown, malformed and inactive products', async () => {
    const inactive = await productByName(t, 'Tube Saturation Chains')
    expect(inactive.isActive).toBe(false)
    for (const productId of [crypto.randomUUID(), 'not-a-product', inactive.id]) {
      expect(
        await refused(
          guest([
            { productId: plain.id, quantity: 1 },
            { productId, quantity: 1 },
          ]),
        ),
      ).toEqual({ status: 400, message: 'Some products are invalid' })
    }
  })

  it('answers "Cart is empty" for a cart checkout of an empty server cart', async () => {
    const shopper = await createSignedInUser(t)
    expect(await refused({ checkoutType: 'cart', userId: shopper.id }, shopper.cookie)).toEqual({ status: 400, message: 'Cart is empty' })
  })

  it('refuses a guest email that is not an address', async () => {
    expect(await refused(guest([{ productId: plain.id, quantity: 1 }], { customerEmail: 'not-an-email' }))).toEqual({
      status: 400,
      message: 'Please enter a valid email address',
    })
  })

  it('believes a user id only from that signed-in user (401 otherwise)', async () => {
    const body = { checkoutType: 'cart', userId: user.id, items: [{ productId: plain.id, quantity: 1 }] }
    expect(await refused(body)).toEqual({ status: 401, message: 'User not authenticated' })
    const other = await createSignedInUser(t)
    expect(await refused(body, other.cookie)).toEqual({ status: 401, message: 'User not authenticated' })
  })

  it('holds digital downloads at 1 and other products to their purchase limit', async () => {
    expect(await refused(guest([{ productId: digital.id, quantity: 2 }]))).toEqual({ status: 400, message: 'Maximum quantity for this item is 1' })
    expect(await refused(guest([{ productId: limited.id, quantity: 3 }]))).toEqual({ status: 400, message: 'Maximum quantity for this item is 2' })
    // Two lines of one product count together.
    expect(
      await refused(
        guest([
          { productId: limited.id, quantity: 1 },
          { productId: limited.id, quantity: 2 },
        ]),
      ),
    ).toEqual({ status: 400, message: 'Maximum quantity for this item is 2' })
  })

  it('writes nothing when it refuses', async () => {
    const email = uniqueEmail('refused')
    await refused({ checkoutType: 'direct', customerEmail: email, items: [{ productId: plain.id, quantity: 0 }] })
    expect(await t.database.db.select().from(orders).where(eq(orders.customerEmail, email))).toEqual([])
  })
})

describe('pricing and the order written', () => {
  it('charges database prices whatever prices the client sends, and writes the PENDING order with its items', async () => {
    const email = uniqueEmail('buyer')
    const session = await createSession(
      t,
      {
        checkoutType: 'direct',
        customerEmail: email,
        items: [
          { productId: plain.id, quantity: 2, price: 1, priceCents: 1, unitAmountCents: 1 },
          { productId: digital.id, quantity: 1, price: 0.01 },
        ],
        totalCents: 1,
        billingDetails: { firstName: 'Ada', lastName: 'Lovelace', countryCode: 'GB', postalCode: 'nw8 9ay', email },
      },
      { remoteAddress: nextAddress() },
    )
    const subtotal = plain.priceCents * 2 + digital.priceCents
    const tax = Math.floor((subtotal * 800 + 5000) / 10000)
    const order = await orderById(t, session.orderId)
    expect(order).toMatchObject({
      status: 'PENDING',
      userId: null,
      customerEmail: email,
      checkoutType: 'direct',
      subtotalCents: subtotal,
      discountCents: 0,
      taxCents: tax,
      totalAmountCents: subtotal + tax,
      currency: 'usd',
      paymentProvider: 'builtin',
      paymentSessionId: session.sessionId,
      billingDetails: { firstName: 'Ada', lastName: 'Lovelace', countryCode: 'GB', country: 'United Kingdom', postalCode: 'NW8 9AY', email },
    })
    const charged = fake.created.at(-1)!
    expect(charged).toMatchObject({
      orderId: order.id,
      totalCents: subtotal + tax,
      taxCents: tax,
      discountCents: 0,
      customerEmail: email,
      metadata: { orderId: order.id },
    })
    expect(charged.lineItems).toEqual(
      expect.arrayContaining([
        { productId: plain.id, name: 'Scale Finder MIDI Library', unitAmountCents: plain.priceCents, quantity: 2 },
        { productId: digital.id, name: 'Neon Drive', unitAmountCents: digital.priceCents, quantity: 1 },
      ]),
    )
    const items = await itemsOf(t, order.id)
    expect(
      items.map(({ productId, quantity, priceCents, downloadLimit, downloadsRemaining }) => ({
        productId,
        quantity,
        priceCents,
        downloadLimit,
        downloadsRemaining,
      })),
    ).toEqual(
      expect.arrayContaining([
        { productId: plain.id, quantity: 2, priceCents: plain.priceCents, downloadLimit: 3, downloadsRemaining: 6 },
        { productId: digital.id, quantity: 1, priceCents: digital.priceCents, downloadLimit: 3, downloadsRemaining: 3 },
      ]),
    )
    expect(session.url).toBe(`${t.config.publicUrl}/pay/${session.sessionId}`)
    expect(session.client_secret).toBeNull()
  })

  it('answers a client secret and no URL in embedded mode', async () => {
    const session = await createSession(t, guest([{ productId: plain.id, quantity: 1 }], { uiMode: 'embedded' }), { remoteAddress: nextAddress() })
    expect(session.url).toBeNull()
    expect(session.client_secret).toMatch(/_secret_/)
  })

  it('returns to the store only: foreign success and cancel URLs fall back to the defaults', async () => {
    await createSession(
      t,
      guest([{ productId: plain.id, quantity: 1 }], { successUrl: 'https://evil.example/steal?s={CHECKOUT_SESSION_ID}', cancelUrl: '//evil.example/cancel' }),
      { remoteAddress: nextAddress() },
    )
    expect(fake.created.at(-1)).toMatchObject({
      successUrl: `${t.config.publicUrl}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${t.config.publicUrl}/payment/cancel`,
    })
    await createSession(
      t,
      guest([{ productId: plain.id, quantity: 1 }], {
        successUrl: `${t.config.publicUrl}/order-confirmation?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: '/cart',
      }),
      { remoteAddress: nextAddress() },
    )
    expect(fake.created.at(-1)).toMatchObject({
      successUrl: `${t.config.publicUrl}/order-confirmation?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${t.config.publicUrl}/cart`,
    })
  })

  it("buys a signed-in user's server cart when a cart checkout sends no items", async () => {
    const shopper = await createSignedInUser(t)
    await t.database.db.insert(cartItems).values({ userId: shopper.id, productId: plain.id, quantity: 3 })
    const session = await createSession(t, { checkoutType: 'cart', userId: shopper.id }, { cookie: shopper.cookie, remoteAddress: nextAddress() })
    const order = await orderById(t, session.orderId)
    expect(order).toMatchObject({ userId: shopper.id, customerEmail: shopper.email, checkoutType: 'cart', subtotalCents: plain.priceCents * 3 })
  })

  it('refuses a digital product the user already owns', async () => {
    const shopper = await createSignedInUser(t)
    const body = { checkoutType: 'direct', userId: shopper.id, items: [{ productId: digital.id, quantity: 1 }] }
    const first = await createSession(t, body, { cookie: shopper.cookie, remoteAddress: nextAddress() })
    expect((await deliverEvent(t, fake, 'checkout.session.completed', fake.pay(first.sessionId))).statusCode).toBe(200)
    expect((await orderById(t, first.orderId)).status).toBe('COMPLETED')
    const again = await refused(body, shopper.cookie)
    expect(again.status).toBe(400)
    expect(again.message).toContain('already own')
    // A product that is not a digital download can be bought again.
    await createSession(t, { ...body, items: [{ productId: plain.id, quantity: 1 }] }, { cookie: shopper.cookie, remoteAddress: nextAddress() })
  })
})

describe('promo codes at checkout', () => {
  it('applies a usable code from the database (10 % off, tax on the rest) and reserves one use', async () => {
    const before = await promoState(t, 'WELCOME10')
    const session = await createSession(t, guest([{ productId: plain.id, quantity: 2 }], { promoCode: ' welcome10 ' }), { remoteAddress: nextAddress() })
    const order = await orderById(t, session.orderId)
    const subtotal = plain.priceCents * 2
    const discount = Math.floor((subtotal * 1000 + 5000) / 10000)
    const tax = Math.floor(((subtotal - discount) * 800 + 5000) / 10000)
    expect(order).toMatchObject({
      promoCode: 'WELCOME10',
      subtotalCents: subtotal,
      discountCents: discount,
      taxCents: tax,
      totalAmountCents: subtotal - discount + tax,
    })
    expect(fake.created.at(-1)).toMatchObject({ discountCents: discount, totalCents: subtotal - discount + tax })
    const after = await promoState(t, 'WELCOME10')
    expect(after.uses).toBe(before.uses + 1)
    expect(after.redemptions.find((row) => row.orderId === order.id)?.status).toBe('reserved')
  })

  it("refuses a code the cart cannot use with the Apply button's reason code and sentence", async () => {
    await t.database.db.insert(promoCodes).values([
      { code: 'CHK_OFF', percentOff: 30, active: false },
      { code: 'CHK_OLD', percentOff: 30, endsAt: new Date('2021-06-15T12:00:00Z') },
      { code: 'CHK_SOON', percentOff: 30, startsAt: new Date('2099-12-01T12:00:00Z') },
      { code: 'CHK_BIG', percentOff: 30, minSubtotalCents: 1_000_000 },
      { code: 'CHK_GONE', percentOff: 30, maxUses: 2, uses: 2 },
    ])
    const expected: Record<string, [string, string]> = {
      CHK_OFF: ['INVALID_PROMO_CODE', 'Invalid or expired promo code'],
      CHK_OLD: ['PROMO_EXPIRED', 'CHK_OLD expired on June 15, 2021'],
      CHK_SOON: ['PROMO_NOT_STARTED', 'CHK_SOON starts on December 1, 2099'],
      CHK_BIG: ['PROMO_MINIMUM_NOT_MET', 'CHK_BIG needs a subtotal of $10,000.00: add $9,985.01 more'],
      CHK_GONE: ['PROMO_USED_UP', 'CHK_GONE has been used up'],
      NOSUCHCODE: ['INVALID_PROMO_CODE', 'Invalid or expired promo code'],
    }
    for (const [promoCode, [code, message]] of Object.entries(expected)) {
      const response = await postCheckout(t, guest([{ productId: plain.id, quantity: 1 }], { promoCode }), { remoteAddress: nextAddress() })
      expect([promoCode, response.statusCode, response.json().error]).toEqual([promoCode, 400, { message, status: 400, code }])
    }
  })

  it('answers a $40-minimum code on a $19.99 cart with how much more to add, and writes no order', async () => {
    await t.database.db.insert(promoCodes).values({ code: 'CHK_SPRING', percentOff: 15, minSubtotalCents: 4000 })
    const neoSoul = await productByName(t, 'Neo Soul Progressions')
    const body = guest([{ productId: neoSoul.id, quantity: 1 }], { promoCode: 'chk_spring' })
    const response = await postCheckout(t, body, { remoteAddress: nextAddress() })
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toEqual({ message: 'CHK_SPRING needs a subtotal of $40.00: add $20.01 more', status: 400, code: 'PROMO_MINIMUM_NOT_MET' })
    expect(await t.database.db.select().from(orders).where(eq(orders.customerEmail, body.customerEmail))).toHaveLength(0)
  })
})

describe('retries and replaced checkouts', () => {
  it('answers a retry of the same checkout with the same open session and order', async () => {
    const body = guest([{ productId: plain.id, quantity: 1 }])
    const first = await createSession(t, body, { remoteAddress: nextAddress() })
    const second = await createSession(t, body, { remoteAddress: nextAddress() })
    expect(second).toEqual(first)
    expect(await t.database.db.select().from(orders).where(eq(orders.customerEmail, body.customerEmail))).toHaveLength(1)
  })

  it('opens a new order when the open session has expired', async () => {
    const body = guest([{ productId: plain.id, quantity: 1 }])
    const first = await createSession(t, body, { remoteAddress: nextAddress() })
    fake.expire(first.sessionId)
    const second = await createSession(t, body, { remoteAddress: nextAddress() })
    expect(second.orderId).not.toBe(first.orderId)
    expect((await orderById(t, first.orderId)).status).toBe('CANCELLED')
  })

  it("cancels the buyer's older pending order when the cart changes: its session expired, its promo use released", async () => {
    const shopper = await createSignedInUser(t)
    const before = await promoState(t, 'SAVE20')
    const old = await createSession(
      t,
      { checkoutType: 'cart', userId: shopper.id, promoCode: 'SAVE20', items: [{ productId: plain.id, quantity: 1 }] },
      { cookie: shopper.cookie, remoteAddress: nextAddress() },
    )
    expect((await promoState(t, 'SAVE20')).uses).toBe(before.uses + 1)
    const latest = await createSession(
      t,
      { checkoutType: 'cart', userId: shopper.id, items: [{ productId: plain.id, quantity: 2 }] },
      { cookie: shopper.cookie, remoteAddress: nextAddress() },
    )
    expect(latest.orderId).not.toBe(old.orderId)
    expect((await orderById(t, old.orderId)).status).toBe('CANCELLED')
    expect((await fake.retrieveCheckoutSession(old.sessionId))?.status).toBe('expired')
    const after = await promoState(t, 'SAVE20')
    expect(after.uses).toBe(before.uses)
    expect(after.redemptions.find((row) => row.orderId === old.orderId)?.status).toBe('released')
    const pending = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, shopper.id), eq(orders.status, 'PENDING')))
    expect(pending.map((order) => order.id)).toEqual([latest.orderId])
  })

  it('leaves nothing payable when the provider fails: 502, order FAILED, promo use released', async () => {
    const before = await promoState(t, 'LAUNCH')
    fake.failNextCreate = new Error('provider down')
    const email = uniqueEmail('unlucky')
    const response = await postCheckout(
      t,
      { checkoutType: 'direct', customerEmail: email, promoCode: 'LAUNCH', items: [{ productId: plain.id, quantity: 1 }] },
      { remoteAddress: nextAddress() },
    )
    expect(response.statusCode).toBe(502)
    expect(response.json()).toEqual({ error: { message: 'Failed to create checkout session', status: 502, code: 'PAYMENT_PROVIDER_ERROR' } })
    const [order] = await t.database.db.select().from(orders).where(eq(orders.customerEmail, email))
    expect(order).toMatchObject({ status: 'FAILED', paymentSessionId: null })
    expect((await promoState(t, 'LAUNCH')).uses).toBe(before.uses)
    // Trying again works and makes a fresh order.
    const retry = await createSession(
      t,
      { checkoutType: 'direct', customerEmail: email, promoCode: 'LAUNCH', items: [{ productId: plain.id, quantity: 1 }] },
      { remoteAddress: nextAddress() },
    )
    expect(retry.orderId).not.toBe(order!.id)
  })

  it('refuses a product deactivated after it was put in the cart', async () => {
    const scratch = await productByName(t, 'Tempo & Delay Calculator Charts')
    await t.database.db.update(products).set({ isActive: false }).where(eq(products.id, scratch.id))
    expect(await refused(guest([{ productId: scratch.id, quantity: 1 }]))).toEqual({ status: 400, message: 'Some products are invalid' })
    await t.database.db.update(products).set({ isActive: true }).where(eq(products.id, scratch.id))
  })
})
