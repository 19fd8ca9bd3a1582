/**
 * Where product files and media are kept: DATA_DIR, or an S3-compatible bucket (its endpoint,
 * region and addressing), and where browsers fetch covers and previews from.
 */
import { z } from 'zod'
import { blankAsUnset, optionalUrl } from './env-values.ts'

export type StorageConfig =
  { kind: 'local' } | { kind: 's3'; bucket: string; prefix: string; endpoint: string | undefined; region: string; forcePathStyle: boolean }

export const STORAGE_ENV = z.object({
  /**
   * Where product files and media are kept: unset means DATA_DIR/files and DATA_DIR/media;
   * `s3://bucket/prefix` means an S3-compatible bucket, paid files under `prefix/files/` and
   * media under `prefix/media/`. Credentials come from the AWS SDK's default chain
   * (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, an instance role).
   */
  STORAGE_URL: z.preprocess(
    blankAsUnset,
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return undefined
        const bucket = parseBucketUrl(value)
        if (bucket) return bucket
        ctx.addIssue({ code: 'custom', message: 'STORAGE_URL must look like s3://bucket or s3://bucket/prefix (a lower-case bucket name, no query)' })
        return z.NEVER
      }),
  ),
  /** The S3 API's origin for MinIO, R2 or another S3-compatible service; unset means AWS. */
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.preprocess(blankAsUnset, z.string().default('us-east-1')),
  /** `host/bucket/key` addressing (true/false, 1/0); unset means true with S3_ENDPOINT, else false. */
  S3_FORCE_PATH_STYLE: z.preprocess(
    blankAsUnset,
    z
      .enum(['true', 'false', '1', '0'], { error: 'S3_FORCE_PATH_STYLE must be true, false, 1 or 0' })
      .optional()
      .transform((value) => (value === undefined ? undefined : value === 'true' || value === '1')),
  ),
  /**
   * Where browsers fetch covers and previews: a CDN or the bucket's public URL, standing for
   * `/media` (`https://cdn.example.com/media` serves `/media/covers/a.webp` as
   * `https://cdn.example.com/media/covers/a.webp`). Unset, the store serves /media itself.
   */
  MEDIA_BASE_URL: z.preprocess(
    blankAsUnset,
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return undefined
        const url = URL.canParse(value) ? new URL(value) : null
        if (url && (url.protocol === 'https:' || url.protocol === 'http:') && !url.search && !url.hash && !url.username) return value.replace(/\/+$/, '')
        ctx.addIssue({ code: 'custom', message: 'MEDIA_BASE_URL must be an http(s) URL without query, such as https://cdn.example.com/media' })
        return z.NEVER
      }),
  ),
})

type StorageEnv = z.output<typeof STORAGE_ENV>

export interface StoragePart {
  /** Where product files and media are kept (STORAGE_URL): the local data directory, or one bucket. */
  storage: StorageConfig
  /** MEDIA_BASE_URL without its trailing slash: browsers fetch /media/<key> from here. */
  mediaBaseUrl: string | undefined
}

/** An S3 endpoint without a bucket would store nothing there: the owner is told to name the bucket. */
export function requireBucketForEndpoint(env: Pick<StorageEnv, 'S3_ENDPOINT' | 'STORAGE_URL'>, ctx: z.RefinementCtx): void {
  if (env.S3_ENDPOINT && !env.STORAGE_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['S3_ENDPOINT'],
      message: 'S3_ENDPOINT is set but STORAGE_URL is not: set STORAGE_URL=s3://bucket/prefix to store files in the bucket',
    })
  }
}

export function storagePartOf(values: StorageEnv): StoragePart {
  return {
    storage: values.STORAGE_URL
      ? {
          kind: 's3',
          ...values.STORAGE_URL,
          endpoint: values.S3_ENDPOINT,
          region: values.S3_REGION,
          forcePathStyle: values.S3_FORCE_PATH_STYLE ?? Boolean(values.S3_ENDPOINT),
        }
      : { kind: 'local' },
    mediaBaseUrl: values.MEDIA_BASE_URL,
  }
}

/** `s3://bucket/prefix` as bucket and prefix (no surrounding slashes), or null when it is not one. */
function parseBucketUrl(value: string): { bucket: string; prefix: string } | null {
  let url: URL
  let path: string
  try {
    url = new URL(value)
    // The raw path: URL would quietly resolve `a/../b` to `b`.
    path = decodeURIComponent(value.replace(/^s3:\/\/[^/?#]*/i, '').replace(/[?#].*$/, ''))
  } catch {
    return null
  }
  if (url.protocol !== 's3:' || url.username || url.password || url.port || url.search || url.hash) return null
  // Bucket names as S3 allows them: 3-63 lower-case letters, digits, dots and hyphens, starting and ending with a letter or digit.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(url.hostname)) return null
  const prefix = path.replace(/^\/+|\/+$/g, '')
  if (prefix.split('/').some((segment) => segment === '.' || segment === '..') || prefix.includes('//')) return null
  return { bucket: url.hostname, prefix }
}
