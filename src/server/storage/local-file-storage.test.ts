/** The local file storage: sizes and validators, ranged reads, and keys that try to leave the root. */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { afterAll, describe, expect, it } from 'vitest'
import { StorageKeyError, StorageLimitError } from './file-storage.ts'
import { createLocalFileStorage } from './local-file-storage.ts'

const base = mkdtempSync(join(tmpdir(), 'als-storage-'))
const root = join(base, 'files')
mkdirSync(join(root, 'products'), { recursive: true })
writeFileSync(join(root, 'products/pack.zip'), '0123456789')
writeFileSync(join(base, 'secret.txt'), 'outside the store')
const storage = createLocalFileStorage(root)
afterAll(() => rmSync(base, { recursive: true, force: true }))

describe('createLocalFileStorage', () => {
  it('answers size and a strong ETag, and reads an inclusive range', async () => {
    const info = await storage.stat('products/pack.zip')
    expect(info).toMatchObject({ size: 10, etag: expect.stringMatching(/^"a-[0-9a-f]+"$/) })
    expect(await text(storage.createReadStream('products/pack.zip', { start: 2, end: 5 }))).toBe('2345')
  })

  it('answers null for a missing file or a directory', async () => {
    expect(await storage.stat('products/none.zip')).toBeNull()
    expect(await storage.stat('products')).toBeNull()
  })

  it.each([
    '../secret.txt',
    'products/../../secret.txt',
    '/etc/passwd',
    'products\\..\\..\\secret.txt',
    'products//pack.zip',
    './products/pack.zip',
    '',
    'a\0b',
  ])('refuses the key %j', async (key) => {
    await expect(storage.stat(key)).rejects.toBeInstanceOf(StorageKeyError)
    expect(() => storage.createReadStream(key)).toThrow(StorageKeyError)
  })

  it('stores a stream under a new key with its size and sha256, then deletes it', async () => {
    const bytes = Buffer.alloc(3 * 1024 * 1024, 7)
    const stored = await storage.put('products/new/pack.zip', Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]))
    expect(stored).toEqual({ size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') })
    expect(readFileSync(join(root, 'products/new/pack.zip')).equals(bytes)).toBe(true)
    await storage.delete('products/new/pack.zip')
    expect(existsSync(join(root, 'products/new/pack.zip'))).toBe(false)
    await expect(storage.delete('products/new/pack.zip')).resolves.toBeUndefined()
  })

  it('leaves no file, not even a partial one, when the stream fails or passes the limit', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024))
        this.destroy(new Error('connection dropped'))
      },
    })
    await expect(storage.put('products/broken.zip', failing)).rejects.toThrow('connection dropped')
    await expect(storage.put('products/big.zip', Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), { maxBytes: 1000 })).rejects.toBeInstanceOf(
      StorageLimitError,
    )
    expect(existsSync(join(root, 'products/broken.zip'))).toBe(false)
    expect(existsSync(join(root, 'products/big.zip'))).toBe(false)
    expect(readdirSync(join(root, '.incoming'))).toEqual([])
  })

  it('refuses to store under a key outside the root', async () => {
    await expect(storage.put('../escape.zip', Readable.from([Buffer.from('x')]))).rejects.toBeInstanceOf(StorageKeyError)
    expect(existsSync(join(base, 'escape.zip'))).toBe(false)
  })
})
