/**
 * FileStorage on a local directory (DATA_DIR/files by default). Keys are relative POSIX paths;
 * one that is absolute, holds `..`, a backslash or a NUL byte, or resolves outside the root is
 * refused before the file system is touched.
 */
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { resolve, sep } from 'node:path'
import type { ByteRange, FileStorage, StoredFileInfo } from './file-storage.ts'
import { StorageKeyError } from './file-storage.ts'

/** The read buffer of a download stream: fewer syscalls than the 64 KiB default, still small. */
const READ_CHUNK_BYTES = 256 * 1024

export function createLocalFileStorage(rootDir: string): FileStorage {
  const root = resolve(rootDir)

  function pathOf(key: string): string {
    if (typeof key !== 'string' || key.length === 0 || key.length > 1024) throw new StorageKeyError('Empty or overlong storage key')
    if (key.includes('\0') || key.includes('\\') || key.startsWith('/')) throw new StorageKeyError('Storage key must be a relative path')
    if (key.split('/').some((segment) => segment === '..' || segment === '.' || segment === '')) {
      throw new StorageKeyError('Storage key must not climb out of the store')
    }
    const path = resolve(root, key)
    if (!path.startsWith(root + sep)) throw new StorageKeyError('Storage key must not climb out of the store')
    return path
  }

  return {
    kind: 'local',

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
