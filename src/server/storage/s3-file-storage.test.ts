/** The bucket storage against a real S3-compatible server (s3rver, in process): the FileStorage contract and presigned URLs. */
import { createHash, randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { attachmentDisposition } from '../downloads/content-disposition.ts'
import { StorageKeyError, StorageLimitError, type FileStorage } from './file-storage.ts'
import { createS3FileStorage } from './s3-file-storage.ts'
import { S3RVER_CREDENTIALS, startTestBucket, type TestBucket } from '../../../tests/support/s3-server.ts'

let bucket: TestBucket
let storage: FileStorage

beforeAll(async () => {
  bucket = await startTestBucket('als-test')
  storage = createS3FileStorage({
    bucket: 'als-test',
    prefix: 'shop/files',
    endpoint: bucket.endpoint,
    region: 'us-east-1',
    credentials: S3RVER_CREDENTIALS,
    contentDisposition: attachmentDisposition,
  })
})

afterAll(async () => {
  await bucket?.close()
})

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

describe('createS3FileStorage', () => {
  it('stores a stream and answers its size, sha256 and a quoted ETag', async () => {
    const bytes = randomBytes(100_000)
    const stored = await storage.put('products/a/pack.zip', Readable.from([bytes.subarray(0, 4000), bytes.subarray(4000)]))
    expect(stored).toEqual({ size: bytes.length, sha256: sha256(bytes) })
    const info = await storage.stat('products/a/pack.zip')
    expect(info).toMatchObject({ size: bytes.length, etag: expect.stringMatching(/^".+"$/) })
    expect(info?.modifiedAt).toBeInstanceOf(Date)
  })

  it('reads exactly the bytes of an inclusive range, and the whole file without one', async () => {
    const bytes = Buffer.from('0123456789abcdefghij')
    await storage.put('products/b/range.bin', Readable.from([bytes]))
    expect((await buffer(storage.createReadStream('products/b/range.bin', { start: 2, end: 5 }))).toString()).toBe('2345')
    expect((await buffer(storage.createReadStream('products/b/range.bin'))).equals(bytes)).toBe(true)
  })

  it('answers null for a missing key, and fails the read stream of one', async () => {
    expect(await storage.stat('products/none.zip')).toBeNull()
    await expect(buffer(storage.createReadStream('products/none.zip'))).rejects.toThrow()
  })

  it.each(['../secret.txt', 'products/../../secret.txt', '/etc/passwd', 'products\\..\\secret.txt', 'products//pack.zip', './pack.zip', '', 'a\0b'])(
    'refuses the key %j before asking the bucket',
    async (key) => {
      await expect(storage.stat(key)).rejects.toBeInstanceOf(StorageKeyError)
      expect(() => storage.createReadStream(key)).toThrow(StorageKeyError)
      await expect(storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toBeInstanceOf(StorageKeyError)
    },
  )

  it('refuses a stream past maxBytes and leaves no object under the key', async () => {
    const bytes = Buffer.alloc(64 * 1024, 1)
    const put = storage.put('products/c/big.zip', Readable.from([bytes, bytes]), { maxBytes: 100_000 })
    await expect(put).rejects.toBeInstanceOf(StorageLimitError)
    await expect(storage.put('products/c/big.zip', Readable.from([bytes, bytes]), { maxBytes: 100_000 })).rejects.toThrow(
      'The file is larger than 100000 bytes',
    )
    expect(await storage.stat('products/c/big.zip')).toBeNull()
  })

  it('refuses a multipart stream past maxBytes after parts were sent, and leaves no object', async () => {
    const part = Buffer.alloc(1024 * 1024, 2)
    const put = storage.put('products/c/huge.zip', Readable.from(Array.from({ length: 13 }, () => part)), { maxBytes: 12 * 1024 * 1024 })
    await expect(put).rejects.toBeInstanceOf(StorageLimitError)
    expect(await storage.stat('products/c/huge.zip')).toBeNull()
  })

  it('leaves no object when the source stream fails midway', async () => {
    async function* failing() {
      yield Buffer.alloc(6 * 1024 * 1024, 3)
      throw new Error('connection reset')
    }
    await expect(storage.put('products/c/broken.zip', Readable.from(failing()))).rejects.toThrow('connection reset')
    expect(await storage.stat('products/c/broken.zip')).toBeNull()
  })

  it('deletes an object, and deleting a missing one is no error', async () => {
    await storage.put('products/d/gone.zip', Readable.from([Buffer.from('bye')]))
    await storage.delete('products/d/gone.zip')
    expect(await storage.stat('products/d/gone.zip')).toBeNull()
    await expect(storage.delete('products/d/gone.zip')).resolves.toBeUndefined()
  })

  it('round-trips a 12 MiB stream through a multipart upload', async () => {
    const chunks = Array.from({ length: 48 }, () => randomBytes(256 * 1024))
    const whole = Buffer.concat(chunks)
    const stored = await storage.put('products/e/large.zip', Readable.from(chunks))
    expect(stored).toEqual({ size: 12 * 1024 * 1024, sha256: sha256(whole) })
    expect(await storage.stat('products/e/large.zip')).toMatchObject({ size: whole.length })
    expect(sha256(await buffer(storage.createReadStream('products/e/large.zip')))).toBe(sha256(whole))
  })

  it('signs a GET URL that serves a range with the Content-Disposition asked for', async () => {
    const bytes = Buffer.from('abcdefghijklmnopqrstuvwxyz0123456789')
    await storage.put('products/f/Dusty Keys.zip', Readable.from([bytes]))
    const url = await storage.presignedGetUrl!('products/f/Dusty Keys.zip', { expiresIn: 60, fileName: 'Dusty Keys – Vol. 1.zip' })
    const response = await fetch(url, { headers: { Range: 'bytes=10-19' } })
    expect(response.status).toBe(206)
    expect(response.headers.get('content-range')).toBe(`bytes 10-19/${bytes.length}`)
    expect(Buffer.from(await response.arrayBuffer()).toString()).toBe('klmnopqrst')
    expect(response.headers.get('content-disposition')).toBe(attachmentDisposition('Dusty Keys – Vol. 1.zip'))
  })

  it('refuses a presigned URL once it has expired', async () => {
    await storage.put('products/g/pack.zip', Readable.from([Buffer.from('late')]))
    const url = await storage.presignedGetUrl!('products/g/pack.zip', { expiresIn: 1, fileName: 'pack.zip' })
    await sleep(2100)
    const response = await fetch(url)
    expect(response.status).toBe(403)
    expect(await response.text()).toContain('expired')
  })
})
