import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

const dataDir = () => mkdtempSync(join(tmpdir(), 'als-config-'))

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dir = dataDir()
    const config = loadConfig({ DATA_DIR: dir })
    expect(config.port).toBe(3000)
    expect(config.storeMode).toBe('coming-soon')
    expect(config.databaseUrl).toBeUndefined()
    expect(config.publicUrl).toBe('http://localhost:3000')
    expect(config.devMode).toBe(true)
    expect(config.stripe).toBeUndefined()
  })

  it('generates AUTH_SECRET once into DATA_DIR and reuses it', () => {
    const dir = dataDir()
    const first = loadConfig({ DATA_DIR: dir }).authSecret
    expect(first.length).toBeGreaterThanOrEqual(32)
    expect(readFileSync(join(dir, 'auth-secret'), 'utf8').trim()).toBe(first)
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first)
  })

  it('derives PUBLIC_URL from PORT and strips a trailing slash from a given one', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: '8080' }).publicUrl).toBe('http://localhost:8080')
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://shop.example.com/' }).publicUrl).toBe('https://shop.example.com')
  })

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ STORE_MODE: 'open' }, 'STORE_MODE'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ STRIPE_SECRET_KEY: 'pk_test_123' }, 'STRIPE_SECRET_KEY must start with sk_'],
    [{ SUPPORT_EMAIL: 'support desk' }, 'SUPPORT_EMAIL must be an email address'],
    [{ SEED_DEMO: 'yes' }, 'SEED_DEMO must be true, false, 1 or 0'],
    [{ ADMIN_EMAILS: 'owner@example.com, the boss' }, 'ADMIN_EMAILS must be email addresses separated by commas'],
  ])('rejects %o with a message naming it', (env, expected) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError)
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(expected)
  })

  it('sends support messages to support@audiolab.store unless SUPPORT_EMAIL says otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).supportEmail).toBe('support@audiolab.store')
    expect(loadConfig({ DATA_DIR: dataDir(), SUPPORT_EMAIL: '' }).supportEmail).toBe('support@audiolab.store')
    expect(loadConfig({ DATA_DIR: dataDir(), SUPPORT_EMAIL: 'help@studio.example' }).supportEmail).toBe('help@studio.example')
  })

  it('makes no admin by default, and reads ADMIN_EMAILS as lower-cased addresses', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).adminEmails).toEqual([])
    expect(loadConfig({ DATA_DIR: dataDir(), ADMIN_EMAILS: ' Owner@Example.com,ops@studio.example ' }).adminEmails).toEqual([
      'owner@example.com',
      'ops@studio.example',
    ])
  })

  it('trusts no proxy by default, and a hop count or address list when told', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false)
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '1' }).trustProxy).toBe(1)
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1'])
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'everyone' })).toThrow('TRUST_PROXY must be')
  })

  it('seeds the demo unless SEED_DEMO says otherwise, and in production only when SEED_DEMO says so', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://mail.example.com:587', PAYMENTS_PROVIDER: 'builtin' }
    expect(loadConfig({ DATA_DIR: dataDir() }).seedDemo).toBe(true)
    expect(loadConfig({ DATA_DIR: dataDir(), SEED_DEMO: '' }).seedDemo).toBe(true)
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'development' }).seedDemo).toBe(true)
    expect(loadConfig({ DATA_DIR: dataDir(), SEED_DEMO: 'false' }).seedDemo).toBe(false)
    expect(loadConfig({ DATA_DIR: dataDir(), SEED_DEMO: '0' }).seedDemo).toBe(false)
    expect(loadConfig({ DATA_DIR: dataDir(), ...production }).seedDemo).toBe(false)
    expect(loadConfig({ DATA_DIR: dataDir(), ...production, SEED_DEMO: 'true' }).seedDemo).toBe(true)
    expect(loadConfig({ DATA_DIR: dataDir(), ...production, SEED_DEMO: '1' }).seedDemo).toBe(true)
    expect(loadConfig({ DATA_DIR: dataDir(), ...production, SEED_DEMO: ' 0 ' }).seedDemo).toBe(false)
  })

  it('migrates at start-up unless MIGRATE_ON_START is false or 0, in production too', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://mail.example.com:587', PAYMENTS_PROVIDER: 'builtin' }
    expect(loadConfig({ DATA_DIR: dataDir() }).migrateOnStart).toBe(true)
    expect(loadConfig({ DATA_DIR: dataDir(), MIGRATE_ON_START: '' }).migrateOnStart).toBe(true)
    expect(loadConfig({ DATA_DIR: dataDir(), ...production }).migrateOnStart).toBe(true)
    expect(loadConfig({ DATA_DIR: dataDir(), MIGRATE_ON_START: '1' }).migrateOnStart).toBe(true)
    expect(loadConfig({ DATA_DIR: dataDir(), MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false)
    expect(loadConfig({ DATA_DIR: dataDir(), ...production, MIGRATE_ON_START: ' 0 ' }).migrateOnStart).toBe(false)
    expect(() => loadConfig({ DATA_DIR: dataDir(), MIGRATE_ON_START: 'no' })).toThrow(ConfigError)
    expect(() => loadConfig({ DATA_DIR: dataDir(), MIGRATE_ON_START: 'no' })).toThrow('MIGRATE_ON_START must be true, false, 1 or 0')
  })

  it('leaves the embedded database its default page cache unless PGLITE_SHARED_BUFFERS names a size', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).pgliteSharedBuffers).toBeUndefined()
    expect(loadConfig({ DATA_DIR: dataDir(), PGLITE_SHARED_BUFFERS: ' 128MB ' }).pgliteSharedBuffers).toBe('128MB')
    expect(() => loadConfig({ DATA_DIR: dataDir(), PGLITE_SHARED_BUFFERS: 'lots' })).toThrow('PGLITE_SHARED_BUFFERS must be a size such as 32MB or 1GB')
  })

  it('requires AUTH_SECRET and SMTP_URL in production', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' })).toThrow(/AUTH_SECRET is required[\s\S]*SMTP_URL is required/)
    const config = loadConfig({
      DATA_DIR: dataDir(),
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://mail.example.com:587',
      PAYMENTS_PROVIDER: 'builtin',
    })
    expect(config.devMode).toBe(false)
  })

  it('refuses to take test payments in production unless the owner opts in, naming the Stripe settings', () => {
    const base = { DATA_DIR: dataDir(), NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://mail.example.com:587' }
    expect(() => loadConfig(base)).toThrow(/STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required[\s\S]*PAYMENTS_PROVIDER=builtin/)
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/)
    const stripe = loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })
    expect(stripe.stripe?.secretKey).toBe('sk_live_x')
    expect(stripe.testPaymentsInProduction).toBe(false)
    const optedIn = loadConfig({ ...base, PAYMENTS_PROVIDER: 'builtin' })
    expect(optedIn.stripe).toBeUndefined()
    expect(optedIn.testPaymentsInProduction).toBe(true)
    // Outside production the built-in provider needs no opt-in and shows no banner.
    expect(loadConfig({ DATA_DIR: dataDir() }).testPaymentsInProduction).toBe(false)
  })

  it('keeps files on local disk unless STORAGE_URL names a bucket', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).storage).toEqual({ kind: 'local' })
    expect(loadConfig({ DATA_DIR: dataDir(), STORAGE_URL: ' ' }).storage).toEqual({ kind: 'local' })
    expect(loadConfig({ DATA_DIR: dataDir(), STORAGE_URL: 's3://als-shop/live/store/' }).storage).toEqual({
      kind: 's3',
      bucket: 'als-shop',
      prefix: 'live/store',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
    })
    expect(loadConfig({ DATA_DIR: dataDir(), STORAGE_URL: 's3://als.shop', S3_REGION: 'eu-central-1' }).storage).toMatchObject({
      bucket: 'als.shop',
      prefix: '',
      region: 'eu-central-1',
    })
  })

  it('addresses an S3-compatible endpoint by path unless S3_FORCE_PATH_STYLE says otherwise', () => {
    const bucket = { DATA_DIR: dataDir(), STORAGE_URL: 's3://als-shop/files', S3_ENDPOINT: 'http://127.0.0.1:9000' }
    expect(loadConfig(bucket).storage).toMatchObject({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true })
    expect(loadConfig({ ...bucket, S3_FORCE_PATH_STYLE: 'false' }).storage).toMatchObject({ forcePathStyle: false })
    expect(loadConfig({ DATA_DIR: dataDir(), STORAGE_URL: 's3://als-shop', S3_FORCE_PATH_STYLE: '1' }).storage).toMatchObject({ forcePathStyle: true })
    expect(() => loadConfig({ ...bucket, S3_FORCE_PATH_STYLE: 'yes' })).toThrow('S3_FORCE_PATH_STYLE must be true, false, 1 or 0')
    expect(() => loadConfig({ ...bucket, S3_ENDPOINT: 'minio 9000' })).toThrow(/S3_ENDPOINT/)
  })

  it.each([
    'https://als-shop/files',
    's3:/als-shop',
    's3://',
    's3://Als-Shop/files',
    's3://a/files',
    's3://als-shop/../files',
    's3://als-shop/a//b',
    's3://als-shop/files?x=1',
    's3://key:secret@als-shop',
    's3://als-shop:9000',
    'als-shop/files',
  ])('refuses the STORAGE_URL %j at start-up', (url) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), STORAGE_URL: url })).toThrow(ConfigError)
    expect(() => loadConfig({ DATA_DIR: dataDir(), STORAGE_URL: url })).toThrow('STORAGE_URL must look like s3://bucket or s3://bucket/prefix')
  })

  it('refuses S3_ENDPOINT without a STORAGE_URL, which would otherwise be ignored', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow('S3_ENDPOINT is set but STORAGE_URL is not')
  })

  it('sends browsers to MEDIA_BASE_URL for media when it is set, without its trailing slash', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).mediaBaseUrl).toBeUndefined()
    expect(loadConfig({ DATA_DIR: dataDir(), MEDIA_BASE_URL: 'https://cdn.example.com/media/' }).mediaBaseUrl).toBe('https://cdn.example.com/media')
    expect(loadConfig({ DATA_DIR: dataDir(), MEDIA_BASE_URL: ' ' }).mediaBaseUrl).toBeUndefined()
  })

  it.each(['cdn.example.com/media', 'ftp://cdn.example.com/media', 'https://cdn.example.com/media?v=1', 'https://user:pw@cdn.example.com'])(
    'refuses the MEDIA_BASE_URL %j at start-up',
    (url) => {
      expect(() => loadConfig({ DATA_DIR: dataDir(), MEDIA_BASE_URL: url })).toThrow(
        'MEDIA_BASE_URL must be an http(s) URL without query, such as https://cdn.example.com/media',
      )
    },
  )
})
