/**
 * Download grants (POST /api/downloads) and the download log (GET /api/downloads): a grant
 * spends exactly one download and its URL delivers the stored file's exact bytes; every
 * refusal answers its message and code and spends nothing.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { downloads, products, type ProductRow } from '../db/schema.ts'
import { createSignedInUser, type SignedInUser } from '../../../tests/support/accounts.ts'
import { fetchDownload, grantUrl, productsWithFiles, remainingOf, requestGrant, sha256, storedFile } from '../../../tests/support/downloads.ts'
import { createCompletedOrder } from '../../../tests/support/orders.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp
let buyer: SignedInUser
let stranger: SignedInUser
let product: ProductRow
let second: ProductRow

beforeAll(async () => {
  t = await createTestApp()
  buyer = await createSignedInUser(t)
  stranger = await createSignedInUser(t)
  ;[product, second] = (await productsWithFiles(t, 2)) as [ProductRow, ProductRow]
})
afterAll(async () => t?.close())

const errorOf = (status: number, code: string, message: string) => ({ error: { message, status, code } })

describe('POST /api/downloads', () => {
  it('spends one download, logs it and answers a URL that streams the stored bytes', async () => {
    const {
      items: [item],
    } = await createCompletedOrder(t, { userId: buyer.id, productIds: [product.id] })
    const before = Date.now()
    const response = await requestGrant(
      t,
      { orderItemId: item!.id, productId: product.id },
      { user: buyer, remoteAddress: '203.0.113.7', userAgent: 'Producer Browser/1.0' },
    )
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const body = response.json() as { downloadUrl: string; downloadsRemaining: number; expiresAt: string }
    expect(body.downloadsRemaining).toBe(product.downloadLimit - 1)
    expect(body.downloadUrl).toMatch(/^\/api\/downloads\/file\/[0-9a-f-]{36}\?expires=\d+&signature=[\w-]{43}$/)
    const ttl = Date.parse(body.expiresAt) - before
    expect(ttl).toBeGreaterThan(9 * 60_000)
    expect(ttl).toBeLessThanOrEqual(10 * 60_000 + 1000)
    expect(await remainingOf(t, item!.id)).toBe(product.downloadLimit - 1)

    const [logged] = await t.database.db.select().from(downloads).where(eq(downloads.orderItemId, item!.id))
    expect(logged).toMatchObject({ userId: buyer.id, productId: product.id, ipAddress: '203.0.113.7', userAgent: 'Producer Browser/1.0' })
    expect(body.downloadUrl).toContain(logged!.id)

    const file = await fetchDownload(t, body.downloadUrl)
    const stored = storedFile(t, product)
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('application/zip')
    expect(file.headers['content-length']).toBe(String(stored.length))
    expect(file.headers['accept-ranges']).toBe('bytes')
    expect(file.headers['cache-control']).toBe('private, no-store')
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="[^"]+\.zip"/)
    expect(file.headers['x-content-type-options']).toBe('nosniff')
    expect(file.rawPayload.length).toBe(product.fileSize)
    expect(sha256(file.rawPayload)).toBe(sha256(stored))

    // The same URL again (a retried or resumed transfer) spends nothing more.
    expect((await fetchDownload(t, body.downloadUrl)).statusCode).toBe(200)
    expect(await remainingOf(t, item!.id)).toBe(product.downloadLimit - 1)
  })

  it('refuses a signed-out request with the log-in message and spends nothing', async () => {
    const {
      items: [item],
    } = await createCompletedOrder(t, { userId: buyer.id, productIds: [product.id] })
    const response = await requestGrant(t, { orderItemId: item!.id, productId: product.id })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual(errorOf(401, 'UNAUTHORIZED', 'Authorization required'))
    expect(await remainingOf(t, item!.id)).toBe(product.downloadLimit)
  })

  it("answers 404 for another user's order item, an unknown one, or a product that is not the item's", async () => {
    const {
      items: [item],
    } = await createCompletedOrder(t, { userId: buyer.id, productIds: [product.id] })
    const notFound = errorOf(404, 'NOT_FOUND', 'Order item not found')
    const foreign = await requestGrant(t, { orderItemId: item!.id, productId: product.id }, { user: stranger })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toEqual(notFound)
    const unknown = await requestGrant(t, { orderItemId: crypto.randomUUID(), productId: product.id }, { user: buyer })
    expect(unknown.json()).toEqual(notFound)
    const mismatch = await requestGrant(t, { orderItemId: item!.id, productId: second.id }, { user: buyer })
    expect(mismatch.statusCode).toBe(404)
    expect(await remainingOf(t, item!.id)).toBe(product.downloadLimit)
  })

  it.each(['PENDING', 'FAILED', 'CANCELLED'] as const)('answers ORDER_NOT_COMPLETED for an item of a %s order', async (status) => {
    const {
      items: [item],
    } = await createCompletedOrder(t, { userId: buyer.id, productIds: [product.id], status })
    const response = await requestGrant(t, { orderItemId: item!.id, productId: product.id }, { user: buyer })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual(errorOf(400, 'ORDER_NOT_COMPLETED', 'Order not completed'))
    expect(await remainingOf(t, item!.id)).toBe(product.downloadLimit)
  })

  it('counts down to zero, then answers NO_DOWNLOADS_REMAINING and never goes negative', async () => {
    const {
      items: [item],
    } = await createCompletedOrder(t, { userId: buyer.id, productIds: [second.id], downloadsRemaining: 2 })
    const body = { orderItemId: item!.id, productId: second.id }
    expect((await grantUrl(t, buyer, body)).downloadsRemaining).toBe(1)
    expect((await grantUrl(t, buyer, body)).downloadsRemaining).toBe(0)
    for (let attempt = 0; attempt < 2; attempt++) {
      const refused = await requestGrant(t, body, { user: buyer })
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toEqual(errorOf(400, 'NO_DOWNLOADS_REMAINING', 'No downloads remaining'))
    }
    expect(await remainingOf(t, item!.id)).toBe(0)
    expect(await t.database.db.select().from(downloads).where(eq(downloads.orderItemId, item!.id))).toHaveLength(2)
  })

  it('answers ACCESS_DENIED for a purchased product that has no file', async () => {
    const [fileless] = await t.database.db.insert(products).values({ name: 'Mastering Session (service)', priceCents: 4900, fileUrl: null }).returning()
    const {
      items: [item],
    } = await createCompletedOrder(t, { userId: buyer.id, productIds: [fileless!.id] })
    const response = await requestGrant(t, { orderItemId: item!.id, productId: fileless!.id }, { user: buyer })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual(errorOf(403, 'ACCESS_DENIED', 'Access denied'))
    expect(await remainingOf(t, item!.id)).toBe(3)
  })

  it('spends nothing when the stored file is missing', async () => {
    const [lost] = await t.database.db
      .insert(products)
      .values({ name: 'Lost Tapes', priceCents: 1900, fileUrl: 'products/lost-tapes.zip', fileSize: 1000 })
      .returning()
    const {
      items: [item],
    } = await createCompletedOrder(t, { userId: buyer.id, productIds: [lost!.id] })
    const response = await requestGrant(t, { orderItemId: item!.id, productId: lost!.id }, { user: buyer })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual(errorOf(404, 'FILE_NOT_FOUND', 'File not found'))
    expect(await remainingOf(t, item!.id)).toBe(3)
  })

  it('refuses a malformed body with 400', async () => {
    const response = await requestGrant(t, { orderItemId: 'not-a-uuid', productId: product.id }, { user: buyer })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('VALIDATION_ERROR')
    expect((await requestGrant(t, {}, { user: buyer })).statusCode).toBe(400)
  })
})

describe('GET /api/downloads', () => {
  it("pages the user's own download log, newest first", async () => {
    const logger = await createSignedInUser(t)
    const { items } = await createCompletedOrder(t, { userId: logger.id, productIds: [product.id, second.id] })
    const [first, other] = items as [NonNullable<(typeof items)[0]>, NonNullable<(typeof items)[0]>]
    const grantIds: string[] = []
    for (const item of [first, other, first]) {
      const { downloadUrl } = await grantUrl(t, logger, { orderItemId: item.id, productId: item.productId })
      grantIds.push(downloadUrl.split('/').pop()!.split('?')[0]!)
    }

    const page1 = await t.app.inject({ method: 'GET', url: '/api/downloads?limit=2', headers: { cookie: logger.cookie } })
    expect(page1.statusCode).toBe(200)
    const body1 = page1.json() as { data: Array<{ id: string; productId: string; orderItemId: string; product: { name: string } }>; hasMore: boolean }
    expect(body1.hasMore).toBe(true)
    expect(body1.data.map((entry) => entry.id)).toEqual([grantIds[2], grantIds[1]])
    expect(body1.data[0]).toMatchObject({ productId: product.id, orderItemId: first.id, product: { name: product.name } })

    const page2 = (await t.app.inject({ method: 'GET', url: '/api/downloads?limit=2&offset=2', headers: { cookie: logger.cookie } })).json()
    expect(page2).toMatchObject({ hasMore: false, data: [{ id: grantIds[0], product: { name: product.name } }] })

    const strangers = (await t.app.inject({ method: 'GET', url: '/api/downloads', headers: { cookie: stranger.cookie } })).json()
    expect(strangers).toEqual({ data: [], hasMore: false })
  })

  it('requires a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/downloads' })
    expect(response.statusCode).toBe(401)
    expect(response.json().error.code).toBe('UNAUTHORIZED')
  })
})
