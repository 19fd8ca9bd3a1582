/**
 * The owner's uploads in a fleet whose files are in a bucket: a product file sent in resumable
 * chunks to one process (the proxy keeps an owner's console on one process, deploy/) is taken
 * into the bucket when the owner attaches it, leaving nothing on that process's disk, and a
 * buyer's download through the other process is the bucket's copy, byte for byte.
 * Black-box over HTTP (tests/support/store-processes.ts) with tus-js-client as the console sends.
 */
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { Upload } from 'tus-js-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { completedPurchase } from '../../../tests/support/fleet-purchases.ts'
import { signedInShopper, startStoreFleet, type FleetShopper, type StoreFleet } from '../../../tests/support/store-processes.ts'
import { dataPaths } from '../paths.ts'

const OWNER = `fleet-owner-${Date.now().toString(36)}@example.com`
/** Past S3's 5 MiB multipart part, so the bucket receives more than one part. */
const FILE_BYTES = 12 * 1024 * 1024 + 321
const CHUNK_BYTES = 4 * 1024 * 1024

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
const filesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir, { recursive: true }) : [])

describe.runIf(process.env.DATABASE_URL)("the owner's uploads in a fleet on a bucket", () => {
  let fleet: StoreFleet
  let owner: FleetShopper

  beforeAll(async () => {
    fleet = await startStoreFleet(2, { env: { ADMIN_EMAILS: OWNER } })
    owner = await signedInShopper(fleet, { email: OWNER })
  }, 180_000)
  afterAll(async () => fleet?.stop(), 30_000)

  /** Sends the bytes to one process in chunks, as the console does; answers the upload id. */
  function send(store: number, bytes: Buffer, kind: string, fileName: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const upload = new Upload(bytes, {
        endpoint: `${fleet.stores[store]!.url}/api/admin/uploads`,
        chunkSize: CHUNK_BYTES,
        retryDelays: [],
        metadata: { kind, filename: fileName },
        headers: { cookie: owner.cookie, origin: fleet.publicUrl, 'x-forwarded-for': owner.clientAddress },
        onSuccess: () => resolve(upload.url!.split('/').at(-1)!),
        onError: reject,
      })
      upload.start()
    })
  }

  it('a product file sent to one process is in the bucket, not on that disk, and downloads through the other', async () => {
    const {
      rows: [product],
    } = await fleet.db.query<{ id: string }>(`insert into products (name, price_cents, is_active) values ('Fleet Upload Pack', 1500, true) returning id`)
    const bytes = randomBytes(FILE_BYTES)
    const uploadId = await send(0, bytes, 'file', 'Fleet Upload Pack.zip')

    const attached = await fleet.call<{ data: { file: { name: string; size: number; sha256: string } } }>(0, `/api/admin/products/${product!.id}/file`, {
      method: 'PUT',
      cookie: owner.cookie,
      clientAddress: owner.clientAddress,
      body: { uploadId },
    })
    expect(attached.status, attached.text).toBe(200)
    expect(attached.body.data.file).toEqual({ name: 'Fleet-Upload-Pack.zip', size: FILE_BYTES, sha256: sha256(bytes) })
    // The process kept neither the chunks nor a copy: the bytes live in the bucket alone.
    const paths = dataPaths(fleet.dataDirs[0]!)
    expect(filesIn(paths.uploads)).toEqual([])
    expect(filesIn(paths.files)).toEqual([])

    const buyer = await signedInShopper(fleet)
    const {
      items: [item],
    } = await completedPurchase(fleet, buyer, [product!.id])
    const grant = await fleet.call<{ downloadUrl: string }>(1, '/api/downloads', {
      cookie: buyer.cookie,
      clientAddress: buyer.clientAddress,
      body: { orderItemId: item!.id, productId: product!.id },
    })
    expect(grant.status).toBe(200)
    const redirect = await fleet.call(1, grant.body.downloadUrl, { redirect: 'manual', origin: false })
    expect(redirect.status).toBe(302)
    const download = await fetch(redirect.headers.get('location')!)
    expect(download.status).toBe(200)
    expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(sha256(bytes))
  })
})
