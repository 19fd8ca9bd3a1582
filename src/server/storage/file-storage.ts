/**
 * The storage seam for product files and public media: products name their file by a storage
 * key (`products/dusty-keys.zip`), and a FileStorage turns a key into its size, validators and
 * bytes, and stores new bytes under a key. The local directory under DATA_DIR/files (paid files)
 * or DATA_DIR/media (covers, previews) is the default implementation (local-file-storage.ts).
 *
 * An S3-compatible bucket (STORAGE_URL=s3://bucket/prefix, s3-file-storage.ts) also implements
 * `presignedGetUrl`: the download route then answers a GET with a redirect to the bucket's
 * presigned URL (which serves Range and Content-Disposition itself) instead of streaming
 * through this process.
 */
import { createHash } from 'node:crypto'
import { Transform, type Readable } from 'node:stream'

export interface StoredFileInfo {
  /** Bytes. */
  size: number
  /** Last modification, for Last-Modified and If-Range. */
  modifiedAt: Date
  /** A strong entity tag (quoted) that changes whenever the bytes may have. */
  etag: string
}

export interface StoredFile {
  size: number
  /** Lower-case hex. */
  sha256: string
}

/** Inclusive byte offsets, as HTTP ranges count them. */
export interface ByteRange {
  start: number
  end: number
}

export interface PresignOptions {
  /** Seconds the URL stays valid. */
  expiresIn: number
  /** The name the browser should save the file as (the bucket sets Content-Disposition). */
  fileName: string
}

export interface FileStorage {
  /** Which implementation, for logs and health output. */
  readonly kind: string
  /** The file's size and validators, or null when there is no file under the key. Throws StorageKeyError for a key outside the store. */
  stat(key: string): Promise<StoredFileInfo | null>
  /** A stream of the file's bytes, or of one inclusive range of them. Never buffers the file. */
  createReadStream(key: string, range?: ByteRange): Readable
  /**
   * Stores the stream's bytes under the key and answers their size and sha256. The key holds
   * nothing until every byte is written: a failed or interrupted write leaves no partial file.
   * Refuses (and stores nothing) once the stream passes `maxBytes`.
   */
  put(key: string, source: Readable, options?: { maxBytes?: number }): Promise<StoredFile>
  /** Removes the file under the key; nothing happens when there is none. */
  delete(key: string): Promise<void>
  /** Present for buckets: a short-lived URL the client fetches the file from directly. */
  presignedGetUrl?(key: string, options: PresignOptions): Promise<string>
}

/** A key that is empty, absolute, or climbs out of the storage root. */
export class StorageKeyError extends Error {
  override name = 'StorageKeyError'
}

/** A write that passed its size limit: nothing was stored. */
export class StorageLimitError extends Error {
  override name = 'StorageLimitError'
}

/** A key as every storage takes it: relative, without empty, `.` or `..` segments. Answers the key. */
export function checkStorageKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > 1024) throw new StorageKeyError('Empty or overlong storage key')
  if (key.includes('\0') || key.includes('\\') || key.startsWith('/')) throw new StorageKeyError('Storage key must be a relative path')
  if (key.split('/').some((segment) => segment === '..' || segment === '.' || segment === '')) {
    throw new StorageKeyError('Storage key must not climb out of the store')
  }
  return key
}

/**
 * The bytes of a put on their way to storage: counted and hashed as they pass, failing with
 * StorageLimitError once past `maxBytes`. `stored()` answers the size and sha256 when they are done.
 */
export function measuringStream(maxBytes: number): { stream: Transform; stored: () => StoredFile } {
  const hash = createHash('sha256')
  let size = 0
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length
      if (size > maxBytes) return callback(new StorageLimitError(`The file is larger than ${maxBytes} bytes`))
      hash.update(chunk)
      callback(null, chunk)
    },
  })
  return { stream, stored: () => ({ size, sha256: hash.digest('hex') }) }
}
