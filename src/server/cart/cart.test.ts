/** The server cart over HTTP, as signed-in shoppers: the contract, its rules, bad input and scoping. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { CartLine } from '../../shared/contract/cart.ts'
import { cartItems, products } from '../db/schema.ts'
import { createSignedInUser, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp
let alice: SignedInUser
let bob: SignedInUser
let plain: { id: string; priceCents: number }
let otherPlain: { id: string; priceCents: number }
let limited: { id: string; limit: number }
let digitalId: string
let inactiveId: string

beforeAll(async () => {
  t = await createTestApp()
  ;[alice, bob] = [await createSignedInUser(t), await createSignedInUser(t)]
  const rows = await t.database.db.select().from(products)
  const plains = rows.filter((row) => row.isActive && !row.metadata.product_type && !row.metadata.purchase_limit)
  plain = { id: plains[0]!.id, priceCents: plains[0]!.priceCents }
  otherPlain = { id: plains[1]!.id, priceCents: plains[1]!.priceCents }
  const limitedRow = rows.find((row) => row.isActive && row.metadata.purchase_limit === '3' && !row.metadata.product_type)!
  limited = { id: limitedRow.id, limit: 3 }
  digitalId = rows.find((row) => row.isActive && row.metadata.product_type === 'digital_download')!.id
  inactiveId = rows.find((row) => !row.isActive)!.id
})
afterAll(async () => t?.close())

type Json = Record<string, unknown>

async function call(user: SignedInUser | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const headers: Record<string, string> = user ? { cookie: user.cookie } : {}
  // A string is sent as it is, as raw JSON text (for malformed bodies).
  if (typeof payload === 'string') headers['content-type'] = 'application/json'
  const response = await t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Json | string }) })
  return { status: response.statusCode, body: (response.body ? response.json() : null) as Json, headers: response.headers }
}

const cartOf = async (user: SignedInUser) => ((await call(user, 'GET', '/api/cart')).body.data as CartLine[]).map((line) => [line.productId, line.quantity])
const clear = (user: SignedInUser) => call(user, 'DELETE', '/api/cart')
const errorOf = (body: Json) => (body.error as { message: string }).message

describe('signed out', () => {
  it('answers every cart call with 401 "User not authenticated"', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/cart'],
      ['POST', '/api/cart/items', { productId: plain.id, quantity: 1 }],
      ['PATCH', `/api/cart/items/${plain.id}`, { quantity: 2 }],
      ['DELETE', `/api/cart/items/${plain.id}`],
      ['DELETE', '/api/cart'],
      ['PUT', '/api/cart', { items: [] }],
    ] as const) {
      const { status, body } = await call(null, method, url, payload)
      expect(status, `${method} ${url}`).toBe(401)
      expect(body).toEqual({ error: { message: 'User not authenticated', status: 401, code: 'UNAUTHORIZED' } })
    }
  })
})

describe('the server cart', () => {
  it('adds, increases the same line, lists newest first with product and category, never cached', async () => {
    await clear(alice)
    const added = await call(alice, 'POST', '/api/cart/items', { productId: plain.id, quantity: 2 })
    expect(added.status).toBe(200)
    expect(added.body.data).toMatchObject({
      productId: plain.id,
      quantity: 2,
      licenseType: 'standard',
      product: { id: plain.id, priceCents: plain.priceCents },
    })
    await call(alice, 'POST', '/api/cart/items', { productId: otherPlain.id })
    await call(alice, 'POST', '/api/cart/items', { productId: plain.id, quantity: 3 })
    const cart = await call(alice, 'GET', '/api/cart')
    expect(cart.headers['cache-control']).toBe('no-store')
    const lines = cart.body.data as CartLine[]
    expect(lines.map((line) => [line.productId, line.quantity])).toEqual([
      [otherPlain.id, 1],
      [plain.id, 5],
    ])
    expect(lines[0]!.product.category).toMatchObject({ name: expect.any(String), slug: expect.any(String) })
  })

  it('ignores prices sent by the client', async () => {
    await clear(alice)
    const added = await call(alice, 'POST', '/api/cart/items', { productId: plain.id, quantity: 1, price: 1, priceCents: 1, originalPriceCents: 1 })
    expect(added.status).toBe(200)
    const [line] = (await call(alice, 'GET', '/api/cart')).body.data as CartLine[]
    expect(line!.product.priceCents).toBe(plain.priceCents)
    const replaced = await call(alice, 'PUT', '/api/cart', { items: [{ productId: plain.id, quantity: 2, priceCents: 5 }] })
    expect((replaced.body.data as CartLine[])[0]!.product.priceCents).toBe(plain.priceCents)
  })

  it('updates a quantity, and a quantity of 0 or less removes the line', async () => {
    await clear(alice)
    await call(alice, 'POST', '/api/cart/items', { productId: plain.id, quantity: 1 })
    await call(alice, 'POST', '/api/cart/items', { productId: otherPlain.id, quantity: 1 })
    expect((await call(alice, 'PATCH', `/api/cart/items/${plain.id}`, { quantity: 7 })).body.data).toMatchObject({ quantity: 7 })
    expect(await call(alice, 'PATCH', `/api/cart/items/${plain.id}`, { quantity: 0 })).toMatchObject({ status: 200, body: { data: null } })
    expect((await call(alice, 'PATCH', `/api/cart/items/${otherPlain.id}`, { quantity: -3 })).body).toEqual({ data: null })
    expect(await cartOf(alice)).toEqual([])
  })

  it('removes one line and clears the cart', async () => {
    await clear(alice)
    await call(alice, 'POST', '/api/cart/items', { productId: plain.id })
    await call(alice, 'POST', '/api/cart/items', { productId: otherPlain.id })
    expect((await call(alice, 'DELETE', `/api/cart/items/${plain.id}`)).status).toBe(204)
    expect(await cartOf(alice)).toEqual([[otherPlain.id, 1]])
    expect((await call(alice, 'DELETE', `/api/cart/items/${plain.id}`)).status).toBe(404)
    expect((await clear(alice)).status).toBe(204)
    expect(await cartOf(alice)).toEqual([])
  })
})

describe('rules and bad input (the stored cart is unchanged)', () => {
  beforeAll(async () => {
    await clear(alice)
    await call(alice, 'POST', '/api/cart/items', { productId: plain.id, quantity: 2 })
  })

  it.each([
    ['an unknown product', { productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }, 404, 'Product not found'],
    ['a malformed product id', { productId: 'not-a-uuid', quantity: 1 }, 404, 'Product not found'],
    ['an inactive product', () => ({ productId: inactiveId, quantity: 1 }), 404, 'Product not found'],
    ['a missing product id', { quantity: 1 }, 400, 'Product ID is required'],
    ['a zero quantity', () => ({ productId: plain.id, quantity: 0 }), 400, 'Quantity must be at least 1'],
    ['a negative quantity', () => ({ productId: plain.id, quantity: -2 }), 400, 'Quantity must be at least 1'],
    ['a fractional quantity', () => ({ productId: plain.id, quantity: 1.5 }), 400, 'Quantity must be a whole number'],
    ['a huge quantity', () => ({ productId: plain.id, quantity: 1e12 }), 400, 'Quantity cannot be more than 100'],
    ['a quantity as text', () => ({ productId: plain.id, quantity: '2' }), 400, 'Quantity must be a whole number'],
    ['a second digital download', () => ({ productId: digitalId, quantity: 2 }), 400, 'Cannot add more than 1 of this item to your cart'],
  ])('refuses adding %s', async (_label, payload, status, message) => {
    const response = await call(alice, 'POST', '/api/cart/items', typeof payload === 'function' ? payload() : payload)
    expect(response.status).toBe(status)
    expect(errorOf(response.body)).toBe(message)
    expect(await cartOf(alice)).toEqual([[plain.id, 2]])
  })

  it('refuses adding past a purchase limit with the add text, and setting past it with the update text', async () => {
    await call(alice, 'POST', '/api/cart/items', { productId: limited.id, quantity: 2 })
    const over = await call(alice, 'POST', '/api/cart/items', { productId: limited.id, quantity: 2 })
    expect(over.status).toBe(400)
    expect(errorOf(over.body)).toBe('Cannot add more than 3 of this item to your cart')
    const update = await call(alice, 'PATCH', `/api/cart/items/${limited.id}`, { quantity: 4 })
    expect(update.status).toBe(400)
    expect(errorOf(update.body)).toBe('Maximum quantity for this item is 3')
    expect((await call(alice, 'POST', '/api/cart/items', { productId: digitalId })).status).toBe(200)
    expect(errorOf((await call(alice, 'POST', '/api/cart/items', { productId: digitalId })).body)).toBe('Cannot add more than 1 of this item to your cart')
    await call(alice, 'DELETE', `/api/cart/items/${limited.id}`)
    await call(alice, 'DELETE', `/api/cart/items/${digitalId}`)
    expect(await cartOf(alice)).toEqual([[plain.id, 2]])
  })

  it('answers malformed JSON with 400', async () => {
    const response = await call(alice, 'POST', '/api/cart/items', '{"productId": ')
    expect(response.status).toBe(400)
    expect(errorOf(response.body)).toBe('Request body is not valid JSON')
    expect(await cartOf(alice)).toEqual([[plain.id, 2]])
  })

  it('refuses a replace with any bad line and writes nothing', async () => {
    for (const items of [
      [
        { productId: otherPlain.id, quantity: 1 },
        { productId: inactiveId, quantity: 1 },
      ],
      [
        { productId: otherPlain.id, quantity: 1 },
        { productId: limited.id, quantity: 4 },
      ],
      [{ productId: otherPlain.id, quantity: 0 }],
    ]) {
      const response = await call(alice, 'PUT', '/api/cart', { items })
      expect(response.status).toBeGreaterThanOrEqual(400)
      expect(response.status).toBeLessThan(500)
    }
    expect((await call(alice, 'PUT', '/api/cart', { lines: [] })).status).toBe(400)
    expect(await cartOf(alice)).toEqual([[plain.id, 2]])
  })
})

describe('scoping', () => {
  it("hides one user's lines from another: 404 on change or removal, nothing listed, nothing cleared", async () => {
    await clear(alice)
    await clear(bob)
    await call(alice, 'POST', '/api/cart/items', { productId: plain.id, quantity: 2 })
    expect(await cartOf(bob)).toEqual([])
    const patch = await call(bob, 'PATCH', `/api/cart/items/${plain.id}`, { quantity: 5 })
    expect(patch.status).toBe(404)
    expect(errorOf(patch.body)).toBe('Cart item not found')
    expect((await call(bob, 'DELETE', `/api/cart/items/${plain.id}`)).status).toBe(404)
    await clear(bob)
    expect(await cartOf(alice)).toEqual([[plain.id, 2]])
  })

  it('keeps two users with the same product on separate lines', async () => {
    await clear(alice)
    await clear(bob)
    await call(alice, 'POST', '/api/cart/items', { productId: plain.id, quantity: 2 })
    await call(bob, 'POST', '/api/cart/items', { productId: plain.id, quantity: 1 })
    expect(await cartOf(alice)).toEqual([[plain.id, 2]])
    expect(await cartOf(bob)).toEqual([[plain.id, 1]])
  })
})

describe('PUT /api/cart (the sign-in merge)', () => {
  it('replaces the cart; running the same merge twice gives no doubled lines', async () => {
    await clear(alice)
    await call(alice, 'POST', '/api/cart/items', { productId: digitalId })
    const items = [
      { productId: plain.id, quantity: 3 },
      { productId: limited.id, quantity: 2 },
    ]
    const first = await call(alice, 'PUT', '/api/cart', { items })
    const second = await call(alice, 'PUT', '/api/cart', { items })
    expect(first.status).toBe(200)
    expect(second.status).toBe(200)
    expect((second.body.data as CartLine[]).map((line) => [line.productId, line.quantity])).toEqual(
      (first.body.data as CartLine[]).map((line) => [line.productId, line.quantity]),
    )
    expect((await cartOf(alice)).sort()).toEqual(
      [
        [plain.id, 3],
        [limited.id, 2],
      ].sort(),
    )
    const rows = await t.database.db.select().from(cartItems).where(eq(cartItems.userId, alice.id))
    expect(rows).toHaveLength(2)
  })

  it('empties the cart with no items', async () => {
    await call(alice, 'POST', '/api/cart/items', { productId: otherPlain.id })
    expect(await call(alice, 'PUT', '/api/cart', { items: [] })).toMatchObject({ status: 200, body: { data: [] } })
  })

  it('leaves the server cart intact when the user signs out', async () => {
    await call(alice, 'PUT', '/api/cart', { items: [{ productId: plain.id, quantity: 1 }] })
    const signOut = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: alice.cookie, origin: t.config.publicUrl } })
    expect(signOut.statusCode).toBe(200)
    expect((await call(alice, 'GET', '/api/cart')).status).toBe(401)
    const rows = await t.database.db.select().from(cartItems).where(eq(cartItems.userId, alice.id))
    expect(rows.map((row) => [row.productId, row.quantity])).toEqual([[plain.id, 1]])
  })
})
