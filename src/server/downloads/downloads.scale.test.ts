/**
 * Downloads across two store processes on one PostgreSQL, with the files in a bucket: grants
 * asked of both processes at once spend exactly the downloads left, and a grant made on one
 * process is downloaded through the other as a presigned redirect to the bucket, resumed with
 * a Range without spending another download.
 *
 * Black-box over HTTP (tests/support/store-processes.ts); SQL only reads the rows.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { dataPaths } from '../paths.ts'
import { completedPurchase, paidProducts } from '../../../tests/support/fleet-purchases.ts'
import { signedInShopper, startStoreFleet, type FleetShopper, type StoreFleet } from '../../../tests/support/store-processes.ts'

const PARALLEL_GRANTS = 20

interface Grant {
  downloadUrl?: string
  downloadsRemaining?: number
  error?: { message: string; status: number; code: string }
}

describe.runIf(process.env.DATABASE_URL)('downloads across two store processes', () => {
  let fleet: StoreFleet
  let shopper: FleetShopper
  let product: { id: string; name: string }

  beforeAll(async () => {
    fleet = await startStoreFleet(2)
    shopper = await signedInShopper(fleet)
    product = (await paidProducts(fleet, 1))[0]!
  }, 180_000)
  afterAll(async () => fleet?.stop(), 30_000)

  const grant = (store: number, orderItemId: string) =>
    fleet.call<Grant>(store, '/api/downloads', { cookie: shopper.cookie, clientAddress: shopper.clientAddress, body: { orderItemId, productId: product.id } })

  const remainingOf = async (orderItemId: string) =>
    (await fleet.db.query<{ downloads_remaining: number }>('select downloads_remaining from order_items where id = $1', [orderItemId])).rows[0]!
      .downloads_remaining

  it(`${PARALLEL_GRANTS} grants at once, split between the processes, spend exactly the downloads left`, async () => {
    expect(fleet.storageUrl, 'the fleet keeps its files in the bucket').toMatch(/^s3:\/\//)
    const {
      items: [item],
    } = await completedPurchase(fleet, shopper, [product.id])
    const left = item!.downloadsRemaining
    expect(left).toBeGreaterThan(1)

    const answers = await Promise.all(Array.from({ length: PARALLEL_GRANTS }, (_, index) => grant(index % 2, item!.id)))
    const granted = answers.filter((answer) => answer.status === 200)
    expect(granted).toHaveLength(left)
    expect(granted.map((answer) => answer.body.downloadsRemaining).sort((a, b) => a! - b!)).toEqual(Array.from({ length: left }, (_, index) => index))
    expect(new Set(granted.map((answer) => answer.body.downloadUrl)).size).toBe(left)
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect(refused.body).toEqual({ error: { message: 'No downloads remaining', status: 400, code: 'NO_DOWNLOADS_REMAINING' } })
    }
    expect(await remainingOf(item!.id)).toBe(0)
    const logged = await fleet.db.query('select id from downloads where order_item_id = $1', [item!.id])
    expect(logged.rows).toHaveLength(left)
  })

  it('a grant made on one process is served by the bucket through the other, and resuming it with a Range spends nothing', async () => {
    const {
      items: [item],
    } = await completedPurchase(fleet, shopper, [product.id])
    const {
      rows: [file],
    } = await fleet.db.query<{ file_size: number; file_url: string }>('select file_size::float8 as file_size, file_url from products where id = $1', [
      product.id,
    ])
    // The bytes the operator copied to the bucket: the template's file under the product's storage key.
    const original = readFileSync(join(dataPaths(inject('templateDataDir')).files, file!.file_url))
    expect(original.length).toBe(file!.file_size)
    const made = await grant(0, item!.id)
    expect(made.status).toBe(200)
    const left = await remainingOf(item!.id)
    const downloadUrl = made.body.downloadUrl!

    // The first half, through process 1: a redirect to the bucket, whose presigned URL serves the bytes.
    const half = Math.floor(file!.file_size / 2)
    const first = await fleet.call(1, downloadUrl, { redirect: 'manual', origin: false, headers: { range: `bytes=0-${half - 1}` } })
    expect(first.status).toBe(302)
    const firstLocation = first.headers.get('location')!
    expect(new URL(firstLocation).pathname).toMatch(/^\/als-scale\/template\/files\//)
    const head = await fetch(firstLocation, { headers: { range: `bytes=0-${half - 1}` } })
    expect(head.status).toBe(206)
    expect(head.headers.get('content-disposition')).toContain('attachment')
    const headBytes = Buffer.from(await head.arrayBuffer())
    expect(headBytes.length).toBe(half)

    // The connection dropped: the download manager asks the same signed URL again, this time of process 0.
    const resumed = await fleet.call(0, downloadUrl, { redirect: 'manual', origin: false, headers: { range: `bytes=${half}-` } })
    expect(resumed.status).toBe(302)
    const tail = await fetch(resumed.headers.get('location')!, { headers: { range: `bytes=${half}-` } })
    expect(tail.status).toBe(206)
    expect(tail.headers.get('content-range')).toBe(`bytes ${half}-${file!.file_size - 1}/${file!.file_size}`)
    const whole = Buffer.concat([headBytes, Buffer.from(await tail.arrayBuffer())])

    expect(createHash('sha256').update(whole).digest('hex')).toBe(createHash('sha256').update(original).digest('hex'))
    expect(await remainingOf(item!.id)).toBe(left)
  })
})
