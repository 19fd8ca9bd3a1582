/**
 * A store whose files are in a bucket (STORAGE_URL, here s3rver in this process): the owner CLI
 * adds a product with its file, cover and preview, and the owner console replaces a cover, and
 * every byte lands in the bucket, none on the store's disk; /media serves covers and previews
 * from the bucket with Range, HEAD and validators; with MEDIA_BASE_URL the catalog hands out the
 * CDN's URLs and /media redirects there.
 */
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3'
import lena from 'audio-lena'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { Upload } from 'tus-js-client'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { runOwner } from '../../../tests/support/owner-cli.ts'
import { S3RVER_CREDENTIALS, startTestBucket, type TestBucket } from '../../../tests/support/s3-server.ts'
import { catalogStorageOf, createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import type { DemoCatalog } from '../../demo-catalog/generate.ts'
import { copyDemoFilesTo } from '../db/seed.ts'
import { products } from '../db/schema.ts'
import { dataPaths } from '../paths.ts'

const BUCKET = 'als-media'
const OWNER = uniqueEmail('owner')
const CDN = 'https://cdn.example.com/shop-media'
const packBytes = Buffer.from('one shots and loops\n'.repeat(20_000))

let bucket: TestBucket
let t: TestApp
let cdn: TestApp
let work: string
let product: typeof products.$inferSelect

/** The object's bytes in the bucket, read with the SDK as an operator would. */
async function objectBytes(key: string): Promise<Buffer> {
  const client = new S3Client({ region: 'us-east-1', endpoint: bucket.endpoint, forcePathStyle: true, credentials: S3RVER_CREDENTIALS })
  const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }))
  return Buffer.from(await object.Body!.transformToByteArray())
}

const inBucket = (key: string) =>
  objectBytes(key).then(
    () => true,
    () => false,
  )
const filesUnder = (dir: string) => (existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String) : [])

beforeAll(async () => {
  bucket = await startTestBucket(BUCKET)
  vi.stubEnv('AWS_ACCESS_KEY_ID', S3RVER_CREDENTIALS.accessKeyId)
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', S3RVER_CREDENTIALS.secretAccessKey)
  const settings = { STORAGE_URL: `s3://${BUCKET}/shop`, S3_ENDPOINT: bucket.endpoint, ADMIN_EMAILS: OWNER }
  t = await createTestApp(settings)
  cdn = await createTestApp({ ...settings, MEDIA_BASE_URL: `${CDN}/` })

  work = mkdtempSync(join(tmpdir(), 'als-media-bucket-'))
  writeFileSync(join(work, 'pack.zip'), packBytes)
  await sharp({ create: { width: 800, height: 800, channels: 3, background: { r: 40, g: 80, b: 200 } } })
    .jpeg()
    .toFile(join(work, 'cover.jpg'))
  copyFileSync(fileURLToPath(lena.url('flac')), join(work, 'preview.flac'))
  const added = await runOwner(
    t,
    'product',
    'add',
    '--name',
    'Bucket Breaks',
    '--price',
    '12',
    '--file',
    join(work, 'pack.zip'),
    '--cover',
    join(work, 'cover.jpg'),
    '--preview',
    join(work, 'preview.flac'),
  )
  expect(added.err).toBe('')
  product = (await t.database.db.select().from(products).where(eq(products.name, 'Bucket Breaks')))[0]!
})

afterAll(async () => {
  await t?.close()
  await cdn?.close()
  await bucket?.close()
  rmSync(work, { recursive: true, force: true })
  vi.unstubAllEnvs()
})

describe('media in a bucket', () => {
  it("keeps the owner's file, cover sizes and preview in the bucket, not on the store's disk", async () => {
    expect(product.imageUrl).toMatch(/^\/media\/products\/.+-640\.webp$/)
    expect((await objectBytes(`shop/files/${product.fileUrl}`)).equals(packBytes)).toBe(true)
    for (const width of [320, 640, 1024]) {
      const cover = await objectBytes(`shop/media/${product.imageUrl!.slice('/media/'.length).replace(/-640\.webp$/, `-${width}.webp`)}`)
      expect((await sharp(cover).metadata()).width).toBe(width)
    }
    const preview = String(product.metadata!.audioPreview)
    expect((await objectBytes(`shop/media/${preview.slice('/media/'.length)}`)).length).toBeGreaterThan(1000)
    // The template's files are linked into the test's DATA_DIR; the new product's are not among them.
    const paths = dataPaths(t.dataDir)
    expect(filesUnder(paths.media).filter((path) => path.includes(product.id))).toEqual([])
    expect(filesUnder(paths.files).filter((path) => path.includes(product.fileUrl!.split('/').at(-1)!))).toEqual([])
  })

  it('serves a cover and a preview at their /media URLs from the bucket, with Range and HEAD', async () => {
    const coverBytes = await objectBytes(`shop/media/${product.imageUrl!.slice('/media/'.length)}`)
    const cover = await t.app.inject(product.imageUrl!)
    expect(cover.statusCode).toBe(200)
    expect(cover.headers['content-type']).toBe('image/webp')
    // An upload's name is made for it: kept for good.
    expect(cover.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(cover.headers.etag).toBeTruthy()
    expect(cover.rawPayload.equals(coverBytes)).toBe(true)

    const previewUrl = String(product.metadata!.audioPreview)
    const previewBytes = await objectBytes(`shop/media/${previewUrl.slice('/media/'.length)}`)
    const part = await t.app.inject({ url: previewUrl, headers: { range: 'bytes=100-1123' } })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-type']).toBe('audio/mpeg')
    expect(part.headers['content-range']).toBe(`bytes 100-1123/${previewBytes.length}`)
    expect(part.rawPayload.equals(previewBytes.subarray(100, 1124))).toBe(true)
    expect((await t.app.inject({ url: previewUrl, headers: { range: `bytes=${previewBytes.length}-` } })).statusCode).toBe(416)

    const head = await t.app.inject({ method: 'HEAD', url: previewUrl })
    expect(head.statusCode).toBe(200)
    expect(head.headers['content-length']).toBe(String(previewBytes.length))
    expect(head.body).toBe('')
  })

  it("copies the demo catalog's generated files into the bucket when a new store seeds on it", async () => {
    const templateDir = inject('templateDataDir')
    const catalog = JSON.parse(readFileSync(join(templateDir, 'catalog.json'), 'utf8')) as DemoCatalog
    const demo = catalog.products[0]!
    await copyDemoFilesTo(catalogStorageOf(t))(catalog, templateDir)
    const templatePaths = dataPaths(templateDir)
    expect((await objectBytes(`shop/files/${demo.fileUrl}`)).equals(readFileSync(join(templatePaths.files, demo.fileUrl)))).toBe(true)
    for (const width of [320, 1024]) {
      const key = demo.imageUrl.slice('/media/'.length).replace(/-640\.webp$/, `-${width}.webp`)
      expect((await objectBytes(`shop/media/${key}`)).equals(readFileSync(join(templatePaths.media, key)))).toBe(true)
    }
    // The store now serves the demo's preview from the bucket.
    const preview = await t.app.inject({ method: 'HEAD', url: String(demo.metadata.audioPreview) })
    expect(preview.statusCode).toBe(200)
    expect(preview.headers['content-type']).toBe('audio/wav')
  })

  it('answers 404 for a key that is not there or climbs out of the media folder', async () => {
    for (const url of ['/media/covers/none-640.webp', '/media/../files/products/x.zip', '/media/%2e%2e/files/x.zip', '/media/a//b.webp']) {
      const response = await t.app.inject(url)
      expect(response.statusCode, url).toBe(404)
      expect(response.json()).toEqual({ error: { message: 'Not found', status: 404, code: 'NOT_FOUND' } })
    }
  })

  it('with MEDIA_BASE_URL, hands out the CDN URLs and redirects /media there', async () => {
    // Both stores are copies of the demo catalog: the same product, as each hands it out.
    type Viewed = { id: string; imageUrl: string; images: string[]; audioPreview: string }
    const [stored] = ((await t.app.inject('/api/products?limit=1&sortBy=name&sortOrder=asc')).json() as { data: Viewed[] }).data
    const { data } = (await cdn.app.inject(`/api/products/${stored!.id}`)).json() as { data: Viewed }
    expect(stored!.imageUrl).toMatch(/^\/media\/covers\//)
    expect(data.imageUrl).toBe(`${CDN}${stored!.imageUrl.slice('/media'.length)}`)
    expect(data.images[0]).toBe(data.imageUrl)
    expect(data.audioPreview).toBe(`${CDN}${stored!.audioPreview.slice('/media'.length)}`)
    const [listed] = ((await cdn.app.inject('/api/products?limit=1&sortBy=name&sortOrder=asc')).json() as { data: Viewed[] }).data
    expect(listed!.imageUrl).toBe(data.imageUrl)

    const redirect = await cdn.app.inject(stored!.imageUrl)
    expect(redirect.statusCode).toBe(301)
    expect(redirect.headers.location).toBe(data.imageUrl)
    expect(redirect.headers['cache-control']).toBe('public, max-age=2592000')
    // Pages may show the CDN's covers and play its previews; nothing else is opened up.
    const csp = String(redirect.headers['content-security-policy'])
    expect(csp).toContain("img-src 'self' data: blob: https://cdn.example.com")
    expect(csp).toContain("media-src 'self' blob: https://cdn.example.com")
    expect(csp).toContain("connect-src 'self' https://cdn.example.com")
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'")
  })
})

describe("the owner console's cover on a bucket store", () => {
  let owner: SignedInUser
  let base: string

  beforeAll(async () => {
    owner = await createSignedInUser(t, { email: OWNER })
    base = await t.app.listen({ port: 0, host: '127.0.0.1' })
  })

  /** Uploads a cover as the console does (tus) and attaches it to the product; answers its /media URL. */
  async function replaceCover(productId: string, image: Buffer): Promise<string> {
    const uploadId = await new Promise<string>((resolve, reject) => {
      const upload: Upload = new Upload(image, {
        endpoint: `${base}/api/admin/uploads`,
        retryDelays: [],
        metadata: { kind: 'cover', filename: 'cover.png' },
        headers: { cookie: owner.cookie, origin: t.config.publicUrl },
        onSuccess: () => resolve(upload.url!.split('/').at(-1)!),
        onError: reject,
      })
      upload.start()
    })
    const response = await fetch(`${base}/api/admin/products/${productId}/cover`, {
      method: 'PUT',
      headers: { cookie: owner.cookie, origin: t.config.publicUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ uploadId }),
    })
    expect(response.status).toBe(200)
    return ((await response.json()) as { data: { coverUrl: string } }).data.coverUrl
  }

  const coverKeys = (url: string) => [320, 640, 1024].map((width) => `shop/media/${url.slice('/media/'.length).replace(/-640\.webp$/, `-${width}.webp`)}`)
  const png = (r: number) =>
    sharp({ create: { width: 900, height: 700, channels: 3, background: { r, g: 120, b: 30 } } })
      .png()
      .toBuffer()

  it('stores the replacement in the bucket, not on disk, removes the replaced cover, and serves it at its /media URL', async () => {
    const [row] = await t.database.db.insert(products).values({ name: 'Console Cover', priceCents: 900, isActive: true }).returning()
    const first = await replaceCover(row!.id, await png(200))
    const second = await replaceCover(row!.id, await png(20))
    expect(second).toMatch(new RegExp(`^/media/products/${row!.id}/cover-[0-9a-f]{8}-640\\.webp$`))
    expect(second).not.toBe(first)

    for (const key of coverKeys(first)) expect(await inBucket(key), key).toBe(false)
    for (const key of coverKeys(second)) expect(await inBucket(key), key).toBe(true)
    expect(filesUnder(dataPaths(t.dataDir).media).filter((path) => path.includes(row!.id))).toEqual([])

    const { data } = (await t.app.inject(`/api/products/${row!.id}`)).json() as { data: { imageUrl: string } }
    expect(data.imageUrl).toBe(second)
    const stored = await objectBytes(coverKeys(second)[1]!)
    const whole = await t.app.inject(second)
    expect(whole.statusCode).toBe(200)
    expect(whole.headers['content-type']).toBe('image/webp')
    expect(whole.rawPayload.equals(stored)).toBe(true)
    // Its name is new for this upload, so its bytes never change there: kept for good.
    expect(whole.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const part = await t.app.inject({ url: second, headers: { range: 'bytes=10-109' } })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 10-109/${stored.length}`)
    expect(part.rawPayload.equals(stored.subarray(10, 110))).toBe(true)
  })
})
