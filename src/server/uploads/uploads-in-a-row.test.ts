/**
 * An owner adding files quickly, as the console does it: each file sent as a resumable upload
 * (tus-js-client over the real routes, behind the admin guard) and attached to a product before
 * the next one starts. An attached upload is no longer unfinished, so fifty in a minute are all
 * taken although the store keeps at most twenty unfinished uploads at once.
 */
import { readdirSync } from 'node:fs'
import { Upload } from 'tus-js-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { productsWithFiles } from '../../../tests/support/downloads.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { dataPaths } from '../paths.ts'

const OWNER = uniqueEmail('owner')
let t: TestApp
let owner: SignedInUser
let base: string

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  owner = await createSignedInUser(t, { email: OWNER })
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => t?.close())

/** Sends the bytes as the console does; resolves with the upload id, or rejects with the server's answer. */
function send(bytes: Buffer, fileName: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload: Upload = new Upload(bytes, {
      endpoint: `${base}/api/admin/uploads`,
      retryDelays: [],
      metadata: { kind: 'file', filename: fileName },
      headers: { cookie: owner.cookie, origin: t.config.publicUrl },
      onSuccess: () => resolve(upload.url!.split('/').at(-1)!),
      onError: reject,
    })
    upload.start()
  })
}

describe('an owner adding files quickly', () => {
  it('takes fifty small uploads in a row, each attached to the product before the next starts', async () => {
    const [product] = await productsWithFiles(t, 1)
    const attached: number[] = []
    for (let n = 1; n <= 50; n++) {
      const uploadId = await send(Buffer.from(`take ${n} of the drum loops\n`.repeat(20)), `Loops take ${n}.zip`)
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/products/${product!.id}/file`,
        headers: { cookie: owner.cookie, origin: t.config.publicUrl },
        payload: { uploadId },
      })
      attached.push(response.statusCode)
    }
    expect(attached).toEqual(Array.from({ length: 50 }, () => 200))
    // Every attached upload left the uploads folder.
    expect(readdirSync(dataPaths(t.dataDir).uploads)).toEqual([])
  })
})
