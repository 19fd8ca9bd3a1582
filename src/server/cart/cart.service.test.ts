/** The cart service against a real database: scoping, limits inside the write, replace semantics. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { cartItems, products, user as users } from '../db/schema.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { createCatalogService } from '../catalog/catalog.service.ts'
import { createCartService, type CartService } from './cart.service.ts'

let t: TestApp
let cart: CartService
let plainId: string
let limitedId: string
let digitalId: string
let inactiveId: string

beforeAll(async () => {
  t = await createTestApp()
  cart = createCartService({ db: t.database.db, catalog: createCatalogService(t.database.db) })
  const rows = await t.database.db.select({ id: products.id, metadata: products.metadata, isActive: products.isActive }).from(products)
  plainId = rows.find((row) => row.isActive && !row.metadata.product_type && !row.metadata.purchase_limit)!.id
  limitedId = rows.find((row) => row.isActive && row.metadata.purchase_limit === '3' && !row.metadata.product_type)!.id
  digitalId = rows.find((row) => row.isActive && row.metadata.product_type === 'digital_download')!.id
  inactiveId = rows.find((row) => !row.isActive)!.id
})
afterAll(async () => t?.close())

/** A user row of its own for each test (cart lines belong to real accounts). */
async function user(): Promise<string> {
  const id = `user-${crypto.randomUUID()}`
  await t.database.db.insert(users).values({ id, name: '', email: `${id}@example.com`, emailVerified: true })
  return id
}

describe('cart service', () => {
  it('adds to an existing line instead of creating a second one', async () => {
    const u = await user()
    await cart.addItem(u, { productId: plainId, quantity: 2 })
    const line = await cart.addItem(u, { productId: plainId, quantity: 3 })
    expect(line.quantity).toBe(5)
    const rows = await t.database.db.select().from(cartItems).where(eq(cartItems.userId, u))
    expect(rows).toHaveLength(1)
  })

  it('lists lines newest first with product and category, and hides inactive products', async () => {
    const u = await user()
    await cart.addItem(u, { productId: plainId, quantity: 1 })
    await cart.addItem(u, { productId: digitalId, quantity: 1 })
    await t.database.db.insert(cartItems).values({ userId: u, productId: inactiveId, quantity: 1 })
    const lines = await cart.getCart(u)
    expect(lines.map((line) => line.productId)).toEqual([digitalId, plainId])
    expect(lines[0]!.product.category?.name).toBeTruthy()
  })

  it('enforces the purchase limit in the write: two racing adds cannot pass it', async () => {
    const u = await user()
    const results = await Promise.allSettled([cart.addItem(u, { productId: limitedId, quantity: 2 }), cart.addItem(u, { productId: limitedId, quantity: 2 })])
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    const rejected = results.find((result) => result.status === 'rejected') as PromiseRejectedResult
    expect((rejected.reason as Error).message).toBe('Cannot add more than 3 of this item to your cart')
    const [row] = await t.database.db
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.userId, u), eq(cartItems.productId, limitedId)))
    expect(row!.quantity).toBe(2)
  })

  it("keeps users apart: one user cannot change or remove another user's line", async () => {
    const owner = await user()
    const other = await user()
    await cart.addItem(owner, { productId: plainId, quantity: 1 })
    await expect(cart.updateQuantity(other, { productId: plainId, quantity: 4 })).rejects.toThrow('Cart item not found')
    await expect(cart.removeItem(other, plainId)).rejects.toThrow('Cart item not found')
    await cart.clear(other)
    expect((await cart.getCart(owner)).map((line) => line.quantity)).toEqual([1])
    expect(await cart.getCart(other)).toEqual([])
  })

  it('replaces the cart idempotently and sums duplicate lines of a request', async () => {
    const u = await user()
    await cart.addItem(u, { productId: digitalId, quantity: 1 })
    const items = [
      { productId: plainId, quantity: 2 },
      { productId: limitedId, quantity: 1 },
      { productId: limitedId, quantity: 1 },
    ]
    const first = await cart.replaceCart(u, items)
    const second = await cart.replaceCart(u, items)
    const shape = (lines: typeof first) => lines.map((line) => [line.productId, line.quantity]).sort()
    expect(shape(first)).toEqual(
      [
        [limitedId, 2],
        [plainId, 2],
      ].sort(),
    )
    expect(shape(second)).toEqual(shape(first))
    const [counted] = await t.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(cartItems)
      .where(eq(cartItems.userId, u))
    expect(counted!.n).toBe(2)
  })

  it('writes nothing when one line of a replace is invalid', async () => {
    const u = await user()
    await cart.addItem(u, { productId: plainId, quantity: 1 })
    await expect(
      cart.replaceCart(u, [
        { productId: digitalId, quantity: 1 },
        { productId: inactiveId, quantity: 1 },
      ]),
    ).rejects.toThrow('Product not found')
    await expect(
      cart.replaceCart(u, [
        { productId: digitalId, quantity: 1 },
        { productId: limitedId, quantity: 4 },
      ]),
    ).rejects.toThrow('Maximum quantity for this item is 3')
    expect((await cart.getCart(u)).map((line) => [line.productId, line.quantity])).toEqual([[plainId, 1]])
  })

  it("deletes an account's cart with the account", async () => {
    const u = await user()
    await cart.addItem(u, { productId: plainId, quantity: 1 })
    await t.database.db.delete(users).where(eq(users.id, u))
    expect(await t.database.db.select().from(cartItems).where(eq(cartItems.userId, u))).toEqual([])
  })

  it('empties the cart with an empty replace', async () => {
    const u = await user()
    await cart.addItem(u, { productId: plainId, quantity: 1 })
    expect(await cart.replaceCart(u, [])).toEqual([])
  })
})
