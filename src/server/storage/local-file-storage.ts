/**
 * FileStorage on a local directory (DATA_DIR/files by default). Keys are relative POSIX paths;
 * one that is absolute, holds `..`, a backslash or a NUL byte, or resolves outside the root is
 * refused before the file system is touched.
 */
import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rename, rm, rmdir, stat } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ByteRange, FileStorage, StoredFile, StoredFileInfo } from './file-storage.ts'
import { checkStorageKey, measuringStream, StorageKeyError } from './file-storage.ts'

/** The read buffer of a download stream: fewer syscalls than the 64 KiB default, still small. */
const READ_CHUNK_BYTES = 256 * 1024

export function createLocalFileStorage(rootDir: string): FileStorage {
  const root = resolve(rootDir)

  function pathOf(key: string): string {
    checkStorageKey(key)
    const path = resolve(root, key)
    if (!path.startsWith(root + sep)) throw new StorageKeyError('Storage key must not climb out of the store')
    return path
  }

  /** Where writes land until their last byte: inside the root, so the final rename stays on one file system. */
  const incoming = join(root, '.incoming')

  return {
    kind: 'local',

    async put(key: string, source: Readable, { maxBytes = Number.POSITIVE_INFINITY } = {}): Promise<StoredFile> {
      const path = pathOf(key)
      await mkdir(incoming, { recursive: true })
      const temporary = join(incoming, randomUUID())
      const measure = measuringStream(maxBytes)
      const writer = createWriteStream(temporary, { flags: 'wx' })
      try {
        await pipeline(source, measure.stream, writer)
        await mkdir(dirname(path), { recursive: true })
        await rename(temporary, path)
      } catch (error) {
        // A source that fails at once can fail the pipeline while the file is still being opened:
        // removed before then, it would appear afterwards, empty, and stay.
        if (!writer.closed) await new Promise<void>((done) => writer.once('close', () => done()))
        await rm(temporary, { force: true })
        throw error
      }
      return measure.stored()
    },

    async delete(key: string): Promise<void> {
      const path = pathOf(key)
      await rm(path, { force: true })
      // Folders the key made (products/{id}/) go when their last file does.
      for (let dir = dirname(path); dir.startsWith(root + sep); dir = dirname(dir)) {
        try {
          await rmdir(dir)
        } catch {
          break
        }
      }
    },

    async stat(key: string): Promise<StoredFileInfo | null> {
      const path = pathOf(key)
      try {
        const info = await stat(path)
        if (!info.isFile()) return null
        return {
          size: info.size,
          modifiedAt: info.mtime,
          // Size and modification time, as nginx makes its strong ETag: the bytes are replaced, not edited in place.
          etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return null
        throw error
      }
    },

    createReadStream(key: string, range?: ByteRange) {
      return createReadStream(pathOf(key), { ...(range ? { start: range.start, end: range.end } : {}), highWaterMark: READ_CHUNK_BYTES })
    },
  }
}
