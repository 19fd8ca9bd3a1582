/**
 * Delivery of a signed download URL: HTTP Range (206 bytes, resuming from the middle, If-Range,
 * 416), HEAD, and the refusals that send no bytes: an expired URL (410), a tampered signature
 * or another grant's signature (403), and a grant whose order is no longer COMPLETED.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DOWNLOAD_URL_TTL_SECONDS } from '../../shared/contract/downloads.ts'
import { orders, type ProductRow } from '../db/schema.ts'
import { createSignedInUser, type SignedInUser } from '../../../tests/support/accounts.ts'
import { fetchDownload, grantUrl, productsWithFiles, remainingOf, sha256, storedFile } from '../../../tests/support/downloads.ts'
import { createCompletedOrder } from '../../../tests/support/orders.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { createDownloadLinkSigner } from './download-links.ts'

let t: TestApp
let buyer: SignedInUser
let product: ProductRow
let stored: Buffer

beforeAll(async () => {
  t = await createTestApp()
  buyer = await createSignedInUser(t)
  ;[product] = (await productsWithFiles(t, 1)) as [ProductRow]
  stored = storedFile(t, product)
})
afterAll(async () => t?.close())

/** A fresh grant's URL, its grant id and order. */
async function freshGrant() {
  const {
    orderId,
    items: [item],
  } = await createCompletedOrder(t, { userId: buyer.id, productIds: [product.id], downloadsRemaining: 5 })
  const { downloadUrl } = await grantUrl(t, buyer, { orderItemId: item!.id, productId: product.id })
  const grantId = new URL(downloadUrl, 'http://x').pathname.split('/').pop()!
  return { url: downloadUrl, grantId, orderId, orderItemId: item!.id }
}

const paramsOf = (url: string) => new URL(url, 'http://x').searchParams

describe('Range requests', () => {
  it('serves a byte range as 206 with Content-Range', async () => {
    const { url } = await freshGrant()
    const response = await fetchDownload(t, url, { range: 'bytes=100-1123' })
    expect(response.statusCode).toBe(206)
    expect(response.headers['content-range']).toBe(`bytes 100-1123/${stored.length}`)
    expect(response.headers['content-length']).toBe('1024')
    expect(Buffer.compare(response.rawPayload, stored.subarray(100, 1124))).toBe(0)
  })

  it('resumes from the middle: the two pieces make the whole file, and spend one download in all', async () => {
    const { url, orderItemId } = await freshGrant()
    const half = Math.floor(stored.length / 2)
    const head = await fetchDownload(t, url, { range: `bytes=0-${half - 1}` })
    const tail = await fetchDownload(t, url, { range: `bytes=${half}-` })
    expect([head.statusCode, tail.statusCode]).toEqual([206, 206])
    expect(tail.headers['content-range']).toBe(`bytes ${half}-${stored.length - 1}/${stored.length}`)
    expect(sha256(Buffer.concat([head.rawPayload, tail.rawPayload]))).toBe(sha256(stored))
    expect(await remainingOf(t, orderItemId)).toBe(4)
  })

  it('serves the last bytes for a suffix range', async () => {
    const { url } = await freshGrant()
    const response = await fetchDownload(t, url, { range: 'bytes=-10' })
    expect(response.statusCode).toBe(206)
    expect(Buffer.compare(response.rawPayload, stored.subarray(stored.length - 10))).toBe(0)
  })

  it('honours If-Range: the same ETag or date gives the range, another gives the whole file', async () => {
    const { url } = await freshGrant()
    const full = await fetchDownload(t, url)
    const etag = full.headers.etag as string
    const lastModified = full.headers['last-modified'] as string
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/)

    const sameTag = await fetchDownload(t, url, { range: 'bytes=10-19', 'if-range': etag })
    expect(sameTag.statusCode).toBe(206)
    expect(sameTag.rawPayload.length).toBe(10)
    const sameDate = await fetchDownload(t, url, { range: 'bytes=10-19', 'if-range': lastModified })
    expect(sameDate.statusCode).toBe(206)

    const changed = await fetchDownload(t, url, { range: 'bytes=10-19', 'if-range': '"0-0"' })
    expect(changed.statusCode).toBe(200)
    expect(sha256(changed.rawPayload)).toBe(sha256(stored))
    const weak = await fetchDownload(t, url, { range: 'bytes=10-19', 'if-range': `W/${etag}` })
    expect(weak.statusCode).toBe(200)
  })

  it('answers 416 with the size for a range past the end, and ignores a malformed one', async () => {
    const { url } = await freshGrant()
    const past = await fetchDownload(t, url, { range: `bytes=${stored.length}-` })
    expect(past.statusCode).toBe(416)
    expect(past.headers['content-range']).toBe(`bytes */${stored.length}`)
    const malformed = await fetchDownload(t, url, { range: 'bytes=20-10' })
    expect(malformed.statusCode).toBe(200)
    expect(malformed.rawPayload.length).toBe(stored.length)
  })

  it('answers HEAD with the headers and no body', async () => {
    const { url } = await freshGrant()
    const response = await fetchDownload(t, url, {}, 'HEAD')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-length']).toBe(String(stored.length))
    expect(response.headers['accept-ranges']).toBe('bytes')
    expect(response.rawPayload.length).toBe(0)
  })
})

describe('refused links send no bytes', () => {
  it('answers 410 for an expired URL', async () => {
    const { grantId } = await freshGrant()
    const signer = createDownloadLinkSigner(t.config.authSecret, DOWNLOAD_URL_TTL_SECONDS)
    const expired = signer.sign(grantId, new Date(Date.now() - (DOWNLOAD_URL_TTL_SECONDS + 1) * 1000))
    const response = await fetchDownload(t, expired.url)
    expect(response.statusCode).toBe(410)
    expect(response.json()).toEqual({ error: { message: 'Download link expired', status: 410, code: 'DOWNLOAD_LINK_EXPIRED' } })
    expect(response.headers['content-disposition']).toBeUndefined()
  })

  it('answers 403 for a tampered signature, a stretched expiry or a missing signature', async () => {
    const { url, grantId } = await freshGrant()
    const params = paramsOf(url)
    const signature = params.get('signature')!
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1)
    const invalid = { error: { message: 'Invalid download link', status: 403, code: 'INVALID_DOWNLOAD_LINK' } }
    for (const tampered of [
      `/api/downloads/file/${grantId}?expires=${params.get('expires')}&signature=${flipped}`,
      `/api/downloads/file/${grantId}?expires=${Number(params.get('expires')) + 86_400}&signature=${signature}`,
      `/api/downloads/file/${grantId}?expires=${params.get('expires')}`,
      `/api/downloads/file/${grantId}`,
    ]) {
      const response = await fetchDownload(t, tampered)
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual(invalid)
    }
  })

  it("answers 403 for grant A's URL carrying grant B's signature", async () => {
    const a = await freshGrant()
    const b = await freshGrant()
    const swapped = `/api/downloads/file/${a.grantId}?${paramsOf(b.url).toString()}`
    const response = await fetchDownload(t, swapped)
    expect(response.statusCode).toBe(403)
    expect(response.json().error.message).toBe('Invalid download link')
  })

  it('answers 403 Access denied once the order is no longer COMPLETED (refunded)', async () => {
    const { url, orderId } = await freshGrant()
    await t.database.db.update(orders).set({ status: 'CANCELLED' }).where(eq(orders.id, orderId))
    const response = await fetchDownload(t, url)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({ error: { message: 'Access denied', status: 403, code: 'ACCESS_DENIED' } })
  })
})
