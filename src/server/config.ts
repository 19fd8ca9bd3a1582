/**
 * The store's configuration, read from the environment once at start-up and validated with
 * zod (create-t3-app's env.js habit): a bad value stops the process with a clear message.
 */
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { z } from 'zod'
import { TAX_MODES, type TaxMode } from '../shared/tax/tax-types.ts'

/** The EU's VIES REST API (check-vat-number), which says whether a VAT number is registered. */
const DEFAULT_VIES_URL = 'https://ec.europa.eu/taxation_customs/vies/rest-api'

// An empty variable counts as unset (`DATABASE_URL= npm start`).
const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url().optional())

const envSchema = z
  .object({
    /** HTTP port. */
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** PGlite database and stored files. */
    DATA_DIR: z.string().trim().min(1).default('./data'),
    /** PostgreSQL connection string; unset means the embedded PGlite database. */
    DATABASE_URL: optionalUrl,
    /** Origin used in emails and payment return URLs. */
    PUBLIC_URL: optionalUrl,
    /** `coming-soon` (a landing page at /, the catalog at /products) or `live` (store home at /). */
    STORE_MODE: z.enum(['coming-soon', 'live']).default('coming-soon'),
    /** `production` turns off developer pages and the mailbox, and requires AUTH_SECRET and SMTP_URL. */
    NODE_ENV: z.enum(['production', 'development', 'test']).optional(),
    /** Session and link signing; generated once into DATA_DIR when unset. */
    AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
    STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'STRIPE_SECRET_KEY must start with sk_').optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_', 'STRIPE_PUBLISHABLE_KEY must start with pk_').optional(),
    STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'STRIPE_WEBHOOK_SECRET must start with whsec_').optional(),
    /** Where the built-in payment provider posts its signed events; default this process's own webhook route. */
    PAYMENTS_WEBHOOK_URL: optionalUrl,
    /**
     * `builtin` runs the built-in test payment provider even in production (no real money: every
     * page says so); unset means Stripe when STRIPE_SECRET_KEY is set, else the built-in provider
     * outside production.
     */
    PAYMENTS_PROVIDER: z.enum(['builtin', 'stripe'], { error: 'PAYMENTS_PROVIDER must be builtin or stripe' }).optional(),
    /** Real email; unset delivers the outbox into the developer mailbox. */
    SMTP_URL: optionalUrl,
    /** Shared rate limits across processes; unset means in memory. */
    REDIS_URL: optionalUrl,
    /** Accounts (comma-separated emails) that become admins once their email is confirmed, at sign-in. */
    ADMIN_EMAILS: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? '')
          .split(',')
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email('ADMIN_EMAILS must be email addresses separated by commas'))),
    /** The largest product file an owner may upload, in bytes (5 GiB). */
    MAX_UPLOAD_BYTES: z.coerce
      .number({ error: 'MAX_UPLOAD_BYTES must be a number of bytes' })
      .int('MAX_UPLOAD_BYTES must be a whole number of bytes')
      .min(1024 * 1024, 'MAX_UPLOAD_BYTES must be at least 1 MiB')
      .default(5 * 1024 ** 3),
    /** The store's support inbox: contact-form messages are emailed here. */
    SUPPORT_EMAIL: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z.email('SUPPORT_EMAIL must be an email address').default('support@audiolab.store'),
    ),
    /**
     * Proxies in front of the app whose X-Forwarded-For is believed (per-IP rate limits read
     * it): unset trusts none; a hop count ("1"), or addresses/CIDRs ("10.0.0.0/8,127.0.0.1").
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .optional()
      .transform((value, ctx): number | string[] | false => {
        if (!value || value === 'false') return false
        if (/^\d+$/.test(value)) return Number(value)
        const list = value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean)
        if (list.every((entry) => /^[0-9a-f.:]+(\/\d+)?$/i.test(entry))) return list
        ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY must be a hop count or a comma-separated list of addresses' })
        return z.NEVER
      }),
    /**
     * Seed the demo catalog and its promo codes into a new database: true/false or 1/0; unset
     * means on, except with NODE_ENV=production. An empty value counts as unset.
     */
    SEED_DEMO: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() || undefined : value),
      z
        .enum(['true', 'false', '1', '0'], { error: 'SEED_DEMO must be true, false, 1 or 0' })
        .optional()
        .transform((value) => (value === undefined ? undefined : value === 'true' || value === '1')),
    ),
    /**
     * Migrate the database at start-up: true/false or 1/0, unset or empty means true. A fleet on
     * PostgreSQL runs `npm run migrate` once per release and starts its processes with false:
     * each then only checks that the database is migrated, and refuses to start if not.
     */
    MIGRATE_ON_START: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() || undefined : value),
      z
        .enum(['true', 'false', '1', '0'], { error: 'MIGRATE_ON_START must be true, false, 1 or 0' })
        .default('true')
        .transform((value) => value === 'true' || value === '1'),
    ),
    /**
     * Where product files and media are kept: unset means DATA_DIR/files and DATA_DIR/media;
     * `s3://bucket/prefix` means an S3-compatible bucket, paid files under `prefix/files/` and
     * media under `prefix/media/`. Credentials come from the AWS SDK's default chain
     * (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, an instance role).
     */
    STORAGE_URL: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() || undefined : value),
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
    S3_REGION: z.preprocess((value) => (typeof value === 'string' ? value.trim() || undefined : value), z.string().default('us-east-1')),
    /** `host/bucket/key` addressing (true/false, 1/0); unset means true with S3_ENDPOINT, else false. */
    S3_FORCE_PATH_STYLE: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() || undefined : value),
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
      (value) => (typeof value === 'string' ? value.trim() || undefined : value),
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
    /**
     * What answers product lists, searches and facet counts: `memory`, an index of the active
     * catalog in each process (read from the database at start and after every catalog change),
     * or `sql`, the database on every request (uses no memory per product; slower on large catalogs).
     */
    CATALOG_SEARCH: z.enum(['memory', 'sql'], { error: 'CATALOG_SEARCH must be memory or sql' }).default('memory'),
    /**
     * The embedded database's page cache (PostgreSQL's shared_buffers), all of it held in the
     * store's memory from the start: 32MB keeps the demo catalog and a few thousand products;
     * a larger catalog on PGlite may want more. Ignored with DATABASE_URL.
     */
    PGLITE_SHARED_BUFFERS: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() || undefined : value),
      z
        .string()
        .regex(/^\d+(kB|MB|GB)$/, 'PGLITE_SHARED_BUFFERS must be a size such as 32MB or 1GB')
        .optional(),
    ),
    /** Address the HTTP server binds to. */
    HOST: z.string().default('0.0.0.0'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** How the store taxes a sale until the owner chooses in the console: flat (the 8 % estimate), by-country or stripe (Stripe Tax). */
    TAX_MODE: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() || undefined : value),
      z.enum(TAX_MODES, { error: 'TAX_MODE must be flat, by-country or stripe' }).default('flat'),
    ),
    /** The EU's VIES REST API, which confirms a VAT number is registered; empty turns the check off (the number's format and checksum still count). */
    VIES_URL: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim().replace(/\/+$/, '') : value),
      z.union([z.literal(''), z.url('VIES_URL must be an http(s) URL, or empty to turn the VIES check off')]).default(DEFAULT_VIES_URL),
    ),
    /** A MaxMind GeoLite2-Country (or GeoIP2) .mmdb file: the buyer's IP address country becomes the second piece of evidence of where they are. */
    GEOIP_DATABASE: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() || undefined : value),
      z
        .string()
        .optional()
        .refine((path) => path === undefined || existsSync(path), 'GEOIP_DATABASE must be the path of a GeoLite2-Country .mmdb file that exists'),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.S3_ENDPOINT && !env.STORAGE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_ENDPOINT'],
        message: 'S3_ENDPOINT is set but STORAGE_URL is not: set STORAGE_URL=s3://bucket/prefix to store files in the bucket',
      })
    }
    // Stripe Tax is computed on Stripe's checkout: without Stripe the store could not charge the tax it promises.
    if (env.TAX_MODE === 'stripe' && !env.STRIPE_SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['TAX_MODE'],
        message: "TAX_MODE=stripe needs Stripe: set STRIPE_SECRET_KEY, or choose TAX_MODE=by-country to tax by the buyer's country without Stripe",
      })
    }
    if (env.NODE_ENV !== 'production') return
    if (!env.AUTH_SECRET) ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'AUTH_SECRET is required when NODE_ENV=production' })
    if (!env.SMTP_URL) ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'SMTP_URL is required when NODE_ENV=production' })
    // Test cards must never pay for real files: production takes money through Stripe unless the owner opts into test mode.
    if (env.PAYMENTS_PROVIDER !== 'builtin' && (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message:
          'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required when NODE_ENV=production; to run on the built-in test provider (no real payments) set PAYMENTS_PROVIDER=builtin',
      })
    }
  })

export interface AppConfig {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  publicUrl: string
  storeMode: 'coming-soon' | 'live'
  production: boolean
  /** Developer pages (/supabase-test, /cart-debug, /checkout-test) and the mailbox exist. */
  devMode: boolean
  authSecret: string
  stripe: { secretKey: string; publishableKey: string | undefined; webhookSecret: string | undefined } | undefined
  /** Payments go through the built-in test provider in production (PAYMENTS_PROVIDER=builtin): pages say "Test mode". */
  testPaymentsInProduction: boolean
  /** The built-in payment provider posts checkout.session events here (PAYMENTS_WEBHOOK_URL). */
  paymentsWebhookUrl: string
  smtpUrl: string | undefined
  redisUrl: string | undefined
  /** Where support-form messages are emailed. */
  supportEmail: string
  /** Lower-cased emails whose confirmed accounts are made admins at sign-in (ADMIN_EMAILS). */
  adminEmails: string[]
  trustProxy: number | string[] | false
  /** The largest product file an owner may upload (MAX_UPLOAD_BYTES). */
  maxUploadBytes: number
  /** Where product files and media are kept (STORAGE_URL): the local data directory, or one bucket. */
  storage: StorageConfig
  /** MEDIA_BASE_URL without its trailing slash: browsers fetch /media/<key> from here. */
  mediaBaseUrl: string | undefined
  /** PGLITE_SHARED_BUFFERS: the embedded database's page cache, as PostgreSQL writes a size (`64MB`); unset: db/client.ts's 32MB. */
  pgliteSharedBuffers: string | undefined
  /** CATALOG_SEARCH: lists and facets from an in-memory index of the catalog, or from SQL on every request. */
  catalogSearch: 'memory' | 'sql'
  /** Whether start-up seeds the demo catalog and promo codes (SEED_DEMO; off by default in production). */
  seedDemo: boolean
  /** Whether start-up migrates the database, or only checks that it is migrated (MIGRATE_ON_START). */
  migrateOnStart: boolean
  logLevel: string
  tax: TaxConfig
}

export interface TaxConfig {
  /** The tax mode of a store whose owner never saved tax settings (TAX_MODE). */
  defaultMode: TaxMode
  /** The VIES REST API's base URL (VIES_URL); null turns the registry check off. */
  viesUrl: string | null
  /** The GeoLite2-Country database's path (GEOIP_DATABASE); unset, no IP address is placed. */
  geoipDatabase: string | undefined
}

export type StorageConfig =
  { kind: 'local' } | { kind: 's3'; bucket: string; prefix: string; endpoint: string | undefined; region: string; forcePathStyle: boolean }

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

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** The configuration, or null once what is wrong with it is printed (the command then exits 1). */
export function loadConfigOrExplain(): AppConfig | null {
  try {
    return loadConfig()
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    console.error(error.message)
    return null
  }
}

/** Parses the environment; throws ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const values = parsed.data
  const dataDir = resolve(values.DATA_DIR)
  const production = values.NODE_ENV === 'production'
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
    storeMode: values.STORE_MODE,
    production,
    devMode: !production,
    authSecret: values.AUTH_SECRET ?? persistentSecret(dataDir),
    testPaymentsInProduction: production && values.PAYMENTS_PROVIDER === 'builtin',
    stripe:
      values.STRIPE_SECRET_KEY && values.PAYMENTS_PROVIDER !== 'builtin'
        ? { secretKey: values.STRIPE_SECRET_KEY, publishableKey: values.STRIPE_PUBLISHABLE_KEY, webhookSecret: values.STRIPE_WEBHOOK_SECRET }
        : undefined,
    paymentsWebhookUrl: values.PAYMENTS_WEBHOOK_URL ?? `http://127.0.0.1:${values.PORT}/api/webhooks/payments`,
    smtpUrl: values.SMTP_URL,
    redisUrl: values.REDIS_URL,
    supportEmail: values.SUPPORT_EMAIL,
    adminEmails: values.ADMIN_EMAILS,
    trustProxy: values.TRUST_PROXY,
    maxUploadBytes: values.MAX_UPLOAD_BYTES,
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
    pgliteSharedBuffers: values.PGLITE_SHARED_BUFFERS,
    catalogSearch: values.CATALOG_SEARCH,
    seedDemo: values.SEED_DEMO ?? !production,
    migrateOnStart: values.MIGRATE_ON_START,
    logLevel: values.LOG_LEVEL,
    tax: { defaultMode: values.TAX_MODE, viesUrl: values.VIES_URL || null, geoipDatabase: values.GEOIP_DATABASE },
  }
}

/** A secret generated on first start and kept in DATA_DIR, so sessions survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'auth-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, secret + '\n', { mode: 0o600 })
  return secret
}
