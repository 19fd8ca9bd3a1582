/**
 * FileStorage on an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2): each key lives under
 * `<prefix>/` in one bucket. Keys are checked by the same rules as the local storage, so a key
 * the local storage refuses is refused here too. Uploads stream through a multipart upload
 * (never buffering the file), and downloads are handed to the bucket by presigned URLs.
 */
import { createRequire } from 'node:module'
import { PassThrough, Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type * as ClientS3 from '@aws-sdk/client-s3'
import type * as LibStorage from '@aws-sdk/lib-storage'
import type * as Presigner from '@aws-sdk/s3-request-presigner'
import type { ByteRange, FileStorage, PresignOptions, StoredFile, StoredFileInfo } from './file-storage.ts'
import { checkStorageKey, measuringStream } from './file-storage.ts'

/** S3's smallest multipart part (except the last): memory held per upload is partSize × queueSize. */
const PART_BYTES = 5 * 1024 * 1024
const PARTS_IN_FLIGHT = 2
const READ_CHUNK_BYTES = 256 * 1024

export interface S3FileStorageOptions {
  bucket: string
  /** Folder inside the bucket (`shop/files`); empty for the bucket's root. */
  prefix: string
  /** For S3-compatible services (MinIO, R2, s3rver); unset means AWS. */
  endpoint?: string
  region: string
  /** `bucket.host/key` (false) or `host/bucket/key` (true); most S3-compatible services want true. */
  forcePathStyle?: boolean
  /** Unset means the SDK's default chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, profiles, instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string }
  /** The Content-Disposition a presigned download asks the bucket to send for a file name. */
  contentDisposition: (fileName: string) => string
}

function isNotFound(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  return failure.name === 'NotFound' || failure.name === 'NoSuchKey' || failure.$metadata?.httpStatusCode === 404
}

export function createS3FileStorage(options: S3FileStorageOptions): FileStorage {
  // The AWS SDK is loaded when a bucket is configured, not by every start-up.
  const load = createRequire(import.meta.url)
  const { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } = load('@aws-sdk/client-s3') as typeof ClientS3
  const { Upload } = load('@aws-sdk/lib-storage') as typeof LibStorage
  const { getSignedUrl } = load('@aws-sdk/s3-request-presigner') as typeof Presigner
  const { bucket, contentDisposition } = options
  const prefix = options.prefix.replace(/^\/+|\/+$/g, '')
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Checksums only where S3 requires them: S3-compatible services do not all accept the SDK's default trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const objectKey = (key: string) => (prefix ? `${prefix}/${checkStorageKey(key)}` : checkStorageKey(key))

  return {
    kind: 's3',

    async stat(key: string): Promise<StoredFileInfo | null> {
      const Key = objectKey(key)
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key }))
        const etag = head.ETag ?? `"${(head.ContentLength ?? 0).toString(16)}-${(head.LastModified?.getTime() ?? 0).toString(16)}"`
        return {
          size: head.ContentLength ?? 0,
          modifiedAt: head.LastModified ?? new Date(0),
          etag: etag.startsWith('"') ? etag : `"${etag}"`,
        }
      } catch (error) {
        if (isNotFound(error)) return null
        throw error
      }
    },

    createReadStream(key: string, range?: ByteRange): Readable {
      const Key = objectKey(key)
      const output = new PassThrough({ highWaterMark: READ_CHUNK_BYTES })
      // A reader that goes away (a closed connection) ends the request to the bucket too.
      const abort = new AbortController()
      output.once('close', () => abort.abort())
      client
        .send(new GetObjectCommand({ Bucket: bucket, Key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }), { abortSignal: abort.signal })
        .then(({ Body }) => {
          if (!(Body instanceof Readable)) throw new Error('The bucket answered no byte stream')
          return pipeline(Body, output)
        })
        .catch((error: unknown) => output.destroy(error as Error))
      return output
    },

    async put(key: string, source: Readable, { maxBytes = Number.POSITIVE_INFINITY } = {}): Promise<StoredFile> {
      const Key = objectKey(key)
      const measure = measuringStream(maxBytes)
      // The object appears only when the upload completes; a failed one aborts its parts (leavePartsOnError false).
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key, Body: measure.stream },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      })
      const uploaded = upload.done().catch((error: unknown) => {
        // Nobody reads the bytes any more: stop the source instead of leaving it waiting.
        measure.stream.destroy(error as Error)
        throw error
      })
      const [piped, stored] = await Promise.allSettled([pipeline(source, measure.stream), uploaded])
      if (piped.status === 'rejected' || stored.status === 'rejected') {
        await upload.abort()
        throw piped.status === 'rejected' ? piped.reason : (stored as PromiseRejectedResult).reason
      }
      return measure.stored()
    },

    async delete(key: string): Promise<void> {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }))
    },

    async presignedGetUrl(key: string, { expiresIn, fileName }: PresignOptions): Promise<string> {
      const command = new GetObjectCommand({ Bucket: bucket, Key: objectKey(key), ResponseContentDisposition: contentDisposition(fileName) })
      return getSignedUrl(client, command, { expiresIn })
    },
  }
}
