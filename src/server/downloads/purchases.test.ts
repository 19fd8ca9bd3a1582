/**
 * The download hub's list (GET /api/purchases) and owned product ids: only the signed-in
 * user's COMPLETED orders, newest first, with what the hub shows of each product, including the
 * file version a download serves now (also on the order page, and recorded in the download log).
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categories, downloads, productFileVersions, products, type ProductRow } from '../db/schema.ts'
import { createSignedInUser, type SignedInUser } from '../../../tests/support/accounts.ts'
import { grantUrl, productsWithFiles } from '../../../tests/support/downloads.ts'
import { createCompletedOrder } from '../../../tests/support/orders.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp
let buyer: SignedInUser
let stranger: SignedInUser
let a: ProductRow
let b: ProductRow
let c: ProductRow
let versioned: ProductRow
let unversioned: ProductRow

beforeAll(async () => {
  t = await createTestApp()
  buyer = await createSignedInUser(t)
  stranger = await createSignedInUser(t)
  ;[a, b, c, versioned, unversioned] = (await productsWithFiles(t, 5)) as [ProductRow, ProductRow, ProductRow, ProductRow, ProductRow]
})
afterAll(async () => t?.close())

const get = (url: string, user?: SignedInUser) => t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} })

describe('GET /api/purchases', () => {
  it("lists the items of the user's paid orders only, newest order first, each with its download access", async () => {
    const older = await createCompletedOrder(t, { userId: buyer.id, productIds: [a.id], createdAt: new Date(Date.now() - 86_400_000) })
    const newer = await createCompletedOrder(t, { userId: buyer.id, productIds: [b.id], quantity: 2 })
    await createCompletedOrder(t, { userId: buyer.id, productIds: [c.id], status: 'PENDING' })
    await createCompletedOrder(t, { userId: buyer.id, productIds: [c.id], status: 'FAILED' })
    await createCompletedOrder(t, { userId: stranger.id, productIds: [c.id] })

    const response = await get('/api/purchases', buyer)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const { data } = response.json() as {
      data: Array<{ productId: string; downloadLimit: number; downloadsRemaining: number; product: Record<string, unknown>; order: Record<string, unknown> }>
    }
    expect(data.map((entry) => entry.productId)).toEqual([b.id, a.id])

    const [category] = await t.database.db.select().from(categories).where(eq(categories.id, b.categoryId!))
    expect(data[0]).toEqual({
      id: newer.items[0]!.id,
      orderId: newer.orderId,
      productId: b.id,
      quantity: 2,
      downloadsRemaining: b.downloadLimit * 2,
      downloadLimit: b.downloadLimit * 2,
      access: { state: 'active', reason: null, since: null },
      product: {
        id: b.id,
        name: b.name,
        description: b.description,
        imageUrl: b.imageUrl,
        fileSize: b.fileSize,
        downloadLimit: b.downloadLimit,
        category: { id: category!.id, name: category!.name, slug: category!.slug, description: category!.description },
        fileVersion: b.liveFileVersion === null ? null : expect.objectContaining({ number: b.liveFileVersion }),
      },
      order: { id: newer.orderId, orderNumber: newer.orderId.slice(-8).toUpperCase(), createdAt: expect.any(String) },
    })
    expect(data[1]).toMatchObject({ id: older.items[0]!.id, order: { id: older.orderId } })
    expect(JSON.stringify(data)).not.toContain(a.fileUrl!)
  })

  it('requires a session', async () => {
    const response = await get('/api/purchases')
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ error: { message: 'User not authenticated', status: 401, code: 'UNAUTHORIZED' } })
  })
})

describe('GET /api/purchases/owned-products', () => {
  it('answers each product of COMPLETED orders once', async () => {
    const owner = await createSignedInUser(t)
    await createCompletedOrder(t, { userId: owner.id, productIds: [a.id, b.id] })
    await createCompletedOrder(t, { userId: owner.id, productIds: [a.id] })
    await createCompletedOrder(t, { userId: owner.id, productIds: [c.id], status: 'PENDING' })
    const response = await get('/api/purchases/owned-products', owner)
    expect(response.statusCode).toBe(200)
    expect((response.json() as { data: string[] }).data.sort()).toEqual([a.id, b.id].sort())
    expect((await get('/api/purchases/owned-products')).statusCode).toBe(401)
  })
})

describe('the live file version buyers see', () => {
  it('is on the hub and the order page (number, when it went live, changelog) and the download log records it; a product without one shows null', async () => {
    const { db } = t.database
    const number = (versioned.liveFileVersion ?? 0) + 1
    const publishedAt = new Date('2026-11-25T09:30:00.000Z')
    await db.insert(productFileVersions).values({
      productId: versioned.id,
      number,
      storageKey: versioned.fileUrl!,
      fileName: 'pack.zip',
      size: versioned.fileSize,
      changelog: 'Twelve new one-shots',
      uploadedBy: 'owner CLI',
      publishedAt,
    })
    await db.update(products).set({ liveFileVersion: number }).where(eq(products.id, versioned.id))
    await db.update(products).set({ liveFileVersion: null }).where(eq(products.id, unversioned.id))
    const owner = await createSignedInUser(t)
    const order = await createCompletedOrder(t, { userId: owner.id, productIds: [versioned.id, unversioned.id] })
    const expected = { number, publishedAt: publishedAt.toISOString(), changelog: 'Twelve new one-shots' }

    const { data } = (await get('/api/purchases', owner)).json() as { data: Array<{ productId: string; product: { fileVersion: unknown } }> }
    expect(Object.fromEntries(data.map((entry) => [entry.productId, entry.product.fileVersion]))).toEqual({ [versioned.id]: expected, [unversioned.id]: null })

    const orderPage = await get(`/api/orders/${order.orderId}`, owner)
    expect(orderPage.statusCode).toBe(200)
    const { items } = (orderPage.json() as { data: { items: Array<{ productId: string; fileVersion: unknown }> } }).data
    expect(Object.fromEntries(items.map((item) => [item.productId, item.fileVersion]))).toEqual({ [versioned.id]: expected, [unversioned.id]: null })

    const item = order.items.find((entry) => entry.productId === versioned.id)!
    await grantUrl(t, owner, { orderItemId: item.id, productId: versioned.id })
    const [logged] = await db.select().from(downloads).where(eq(downloads.orderItemId, item.id))
    expect(logged!.fileVersion).toBe(number)
  })
})
