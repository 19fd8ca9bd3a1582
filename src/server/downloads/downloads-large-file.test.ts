/**
 * A large file through a real HTTP listener: a generated 224 MiB file is downloaded partly,
 * the transfer cut, then resumed with `Range: bytes=<offset>-`; the joined bytes hash to the
 * file's sha256, one download is spent, and the process's memory stays far below the file size
 * (the file is streamed, never buffered).
 */
import { createHash } from 'node:crypto'
import { closeSync, mkdirSync, openSync, rmSync, unlinkSync, writeSync } from 'node:fs'
import { get, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '../db/schema.ts'
import { createSignedInUser } from '../../../tests/support/accounts.ts'
import { grantUrl, remainingOf } from '../../../tests/support/downloads.ts'
import { createCompletedOrder } from '../../../tests/support/orders.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

const MiB = 1024 * 1024
const FILE_BYTES = 224 * MiB
const CUT_AT = 120 * 1000 * 1000
const STORAGE_KEY = 'products/large-session-multitracks.zip'

let t: TestApp
let fileHash: string

/** Writes FILE_BYTES of deterministic bytes (xorshift per 1 MiB block) and answers their sha256. */
function writeLargeFile(path: string): string {
  const hash = createHash('sha256')
  const block = Buffer.alloc(MiB)
  const fd = openSync(path, 'w')
  try {
    let state = 0x9e3779b9
    for (let written = 0; written < FILE_BYTES; written += MiB) {
      for (let offset = 0; offset < MiB; offset += 4) {
        state ^= state << 13
        state ^= state >>> 17
        state ^= state << 5
        block.writeUInt32LE(state >>> 0, offset)
      }
      writeSync(fd, block)
      hash.update(block)
    }
  } finally {
    closeSync(fd)
  }
  return hash.digest('hex')
}

beforeAll(async () => {
  t = await createTestApp()
  // This app's files directory is a link to the shared template's: give it a real one of its own.
  const filesDir = join(t.dataDir, 'files')
  unlinkSync(filesDir)
  mkdirSync(join(filesDir, 'products'), { recursive: true })
  fileHash = writeLargeFile(join(filesDir, STORAGE_KEY))
}, 60_000)

afterAll(async () => {
  rmSync(join(t.dataDir, 'files', STORAGE_KEY), { force: true })
  await t?.close()
})

function open(url: string, headers: Record<string, string> = {}): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => get(url, { headers }, resolve).on('error', reject))
}

/** Feeds the response into `hash`, stopping after `limit` bytes (then the connection is cut). */
function consume(response: IncomingMessage, hash: ReturnType<typeof createHash>, limit = Infinity): Promise<number> {
  return new Promise((resolve, reject) => {
    let received = 0
    response.on('data', (chunk: Buffer) => {
      const take = Math.min(chunk.length, limit - received)
      hash.update(take === chunk.length ? chunk : chunk.subarray(0, take))
      received += take
      if (received >= limit) {
        response.destroy()
        resolve(received)
      }
    })
    response.on('end', () => resolve(received))
    response.on('error', (error) => (received >= limit ? resolve(received) : reject(error)))
  })
}

describe('a large file over HTTP', () => {
  it('downloads 120 MB, resumes with Range, matches the sha256 and keeps memory flat', async () => {
    const [product] = await t.database.db
      .insert(products)
      .values({ name: 'Session Multitracks XL', priceCents: 9900, fileUrl: STORAGE_KEY, fileSize: FILE_BYTES })
      .returning()
    const buyer = await createSignedInUser(t)
    const {
      items: [item],
    } = await createCompletedOrder(t, { userId: buyer.id, productIds: [product!.id] })
    const { downloadUrl } = await grantUrl(t, buyer, { orderItemId: item!.id, productId: product!.id })

    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`

    globalThis.gc?.()
    const baseline = process.memoryUsage().rss
    let peak = baseline
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss)
    }, 20)

    const hash = createHash('sha256')
    try {
      const first = await open(`${base}${downloadUrl}`)
      expect(first.statusCode).toBe(200)
      expect(first.headers['content-length']).toBe(String(FILE_BYTES))
      expect(await consume(first, hash, CUT_AT)).toBe(CUT_AT)

      const rest = await open(`${base}${downloadUrl}`, { range: `bytes=${CUT_AT}-`, 'if-range': String(first.headers.etag) })
      expect(rest.statusCode).toBe(206)
      expect(rest.headers['content-range']).toBe(`bytes ${CUT_AT}-${FILE_BYTES - 1}/${FILE_BYTES}`)
      expect(await consume(rest, hash)).toBe(FILE_BYTES - CUT_AT)
    } finally {
      clearInterval(sampler)
    }
    peak = Math.max(peak, process.memoryUsage().rss)

    expect(hash.digest('hex')).toBe(fileHash)
    expect(await remainingOf(t, item!.id)).toBe(product!.downloadLimit - 1)
    const growthMiB = (peak - baseline) / MiB
    console.info(`large download: ${FILE_BYTES / MiB} MiB, peak RSS growth ${growthMiB.toFixed(1)} MiB`)
    expect(growthMiB).toBeLessThan(100)
  }, 60_000)
})
