/**
 * Compression: API answers over 1 KB go out in brotli or gzip as the client accepts, small ones
 * as they are; a product file is never compressed, even for a client that accepts gzip, so its
 * bytes and Content-Length are what was stored (and ranges stay byte ranges).
 */
import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser } from '../../../tests/support/accounts.ts'
import { fetchDownload, grantUrl, productsWithFiles, sha256, storedFile } from '../../../tests/support/downloads.ts'
import { createCompletedOrder } from '../../../tests/support/orders.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

describe('compression', () => {
  it('sends a large API answer in brotli and a small one as it is', async () => {
    const large = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br, gzip' } })
    expect(large.headers['content-encoding']).toBe('br')
    expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString()).openapi).toMatch(/^3\./)
    const small = await t.app.inject({ method: 'GET', url: '/api/categories/sample-packs', headers: { 'accept-encoding': 'br, gzip' } })
    expect(small.headers['content-encoding']).toBeUndefined()
  })

  it('never compresses a product file: the buyer gets the stored bytes and their length', async () => {
    const [product] = await productsWithFiles(t, 1)
    const buyer = await createSignedInUser(t)
    const order = await createCompletedOrder(t, { userId: buyer.id, productIds: [product!.id] })
    const { downloadUrl } = await grantUrl(t, buyer, { orderItemId: order.items[0]!.id, productId: product!.id })
    const download = await fetchDownload(t, downloadUrl, { 'accept-encoding': 'gzip, deflate, br' })
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-encoding']).toBeUndefined()
    expect(Number(download.headers['content-length'])).toBe(storedFile(t, product!).length)
    expect(sha256(download.rawPayload)).toBe(sha256(storedFile(t, product!)))
  })
})
