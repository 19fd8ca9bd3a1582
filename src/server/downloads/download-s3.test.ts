/**
 * Downloads from a bucket (STORAGE_URL=s3://…, here s3rver in process): the signed download URL
 * answers a 302 to a presigned bucket URL that serves the file and its ranges; the grant counted
 * the download once, and neither the redirect nor a resumed range spends another. HEAD is
 * answered by the store itself, since a presigned URL is signed for GET alone.
 */
import { extname } from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ProductRow } from '../db/schema.ts'
import { createSignedInUser, type SignedInUser } from '../../../tests/support/accounts.ts'
import { fetchDownload, grantUrl, productsWithFiles, remainingOf, sha256, storedFile } from '../../../tests/support/downloads.ts'
import { createCompletedOrder } from '../../../tests/support/orders.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { S3RVER_CREDENTIALS, startTestBucket, type TestBucket } from '../../../tests/support/s3-server.ts'
import { createS3FileStorage } from '../storage/s3-file-storage.ts'
import { attachmentDisposition } from './content-disposition.ts'

let bucket: TestBucket
let t: TestApp
let buyer: SignedInUser
let product: ProductRow
let stored: Buffer

beforeAll(async () => {
  bucket = await startTestBucket('als-downloads')
  const { endpoint } = bucket
  // The store reads credentials from the SDK's default chain, as in production; s3rver accepts only these.
  vi.stubEnv('AWS_ACCESS_KEY_ID', S3RVER_CREDENTIALS.accessKeyId)
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', S3RVER_CREDENTIALS.secretAccessKey)
  t = await createTestApp({ STORAGE_URL: 's3://als-downloads/shop', S3_ENDPOINT: endpoint })
  buyer = await createSignedInUser(t)
  ;[product] = (await productsWithFiles(t, 1)) as [ProductRow]
  stored = storedFile(t, product)
  // The demo file, copied where the store looks for it: <prefix>/files/<storage key>.
  const bucketFiles = createS3FileStorage({
    bucket: 'als-downloads',
    prefix: 'shop/files',
    endpoint,
    region: 'us-east-1',
    contentDisposition: attachmentDisposition,
  })
  await bucketFiles.put(product.fileUrl!, Readable.from([stored]))
})

afterAll(async () => {
  await t?.close()
  await bucket?.close()
  vi.unstubAllEnvs()
})

describe('downloads from a bucket', () => {
  it('redirects a counted download to a presigned URL that serves the file, and a resumed range spends nothing', async () => {
    const {
      items: [item],
    } = await createCompletedOrder(t, { userId: buyer.id, productIds: [product.id], downloadsRemaining: 5 })
    const { downloadUrl } = await grantUrl(t, buyer, { orderItemId: item!.id, productId: product.id })
    expect(await remainingOf(t, item!.id)).toBe(4)

    const response = await fetchDownload(t, downloadUrl)
    expect(response.statusCode).toBe(302)
    expect(response.headers['cache-control']).toBe('private, no-store')
    const location = String(response.headers.location)
    expect(location).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/als-downloads\/shop\/files\//)

    const whole = await fetch(location)
    expect(whole.status).toBe(200)
    expect(sha256(new Uint8Array(await whole.arrayBuffer()))).toBe(sha256(stored))
    expect(whole.headers.get('content-disposition')).toBe(attachmentDisposition(`${product.name}${extname(product.fileUrl!)}`))

    // A download manager resuming: the same signed URL with a Range, redirected again and served by the bucket.
    const resumed = await fetchDownload(t, downloadUrl, { range: 'bytes=10-19' })
    expect(resumed.statusCode).toBe(302)
    const part = await fetch(String(resumed.headers.location), { headers: { Range: 'bytes=10-19' } })
    expect(part.status).toBe(206)
    expect(Buffer.from(await part.arrayBuffer()).equals(stored.subarray(10, 20))).toBe(true)
    expect(await remainingOf(t, item!.id)).toBe(4)
  })

  it('answers HEAD itself from the object in the bucket', async () => {
    const {
      items: [item],
    } = await createCompletedOrder(t, { userId: buyer.id, productIds: [product.id], downloadsRemaining: 5 })
    const { downloadUrl } = await grantUrl(t, buyer, { orderItemId: item!.id, productId: product.id })
    const response = await fetchDownload(t, downloadUrl, {}, 'HEAD')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-length']).toBe(String(stored.length))
    expect(response.headers['accept-ranges']).toBe('bytes')
    expect(response.body).toBe('')
  })

  it('refuses a tampered signature before presigning anything', async () => {
    const {
      items: [item],
    } = await createCompletedOrder(t, { userId: buyer.id, productIds: [product.id], downloadsRemaining: 5 })
    const { downloadUrl } = await grantUrl(t, buyer, { orderItemId: item!.id, productId: product.id })
    const response = await fetchDownload(t, downloadUrl.replace(/signature=[^&]+/, 'signature=AAAA'))
    expect(response.statusCode).toBe(403)
    expect(response.headers.location).toBeUndefined()
  })
})
