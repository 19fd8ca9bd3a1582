/** The local file storage: sizes and validators, ranged reads, and keys that try to leave the root. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { text } from 'node:stream/consumers'
import { afterAll, describe, expect, it } from 'vitest'
import { StorageKeyError } from './file-storage.ts'
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

  it.each(['../secret.txt', 'products/../../secret.txt', '/etc/passwd', 'products\\..\\..\\secret.txt', 'products//pack.zip', './products/pack.zip', '', 'a\0b'])(
    'refuses the key %j',
    async (key) => {
      await expect(storage.stat(key)).rejects.toBeInstanceOf(StorageKeyError)
      expect(() => storage.createReadStream(key)).toThrow(StorageKeyError)
    },
  )
})
