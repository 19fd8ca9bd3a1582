/**
 * Covers and previews on the store's disk, served by the store at /media with Range and
 * caching; with MEDIA_BASE_URL the API and the rendered pages hand out the CDN's URLs while
 * /media keeps serving the files (the CDN's origin may be this very store).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductList } from '../../shared/contract/catalog.ts'
import { dataPaths } from '../paths.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp
let previewUrl: string
let imageUrl: string

beforeAll(async () => {
  t = await createTestApp()
  const list = (await t.app.inject('/api/products?limit=100')).json() as ProductList
  const product = list.data.find((item) => item.audioPreview)!
  previewUrl = product.audioPreview!
  imageUrl = product.imageUrl!
})
afterAll(async () => t?.close())

function mediaFile(url: string): string {
  return join(dataPaths(t.dataDir).media, url.replace(/^\/media\//, ''))
}

describe('public media', () => {
  it('serves a preview as audio/wav with caching headers and its full length', async () => {
    const response = await t.app.inject(previewUrl)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('audio/wav')
    expect(response.headers['accept-ranges']).toBe('bytes')
    expect(String(response.headers['cache-control'])).toContain('max-age=86400')
    expect(response.headers.etag).toBeTruthy()
    expect(Number(response.headers['content-length'])).toBe(statSync(mediaFile(previewUrl)).size)
  })

  it('answers a Range request with 206 and exactly those bytes', async () => {
    const response = await t.app.inject({ url: previewUrl, headers: { range: 'bytes=100-1123' } })
    expect(response.statusCode).toBe(206)
    const size = statSync(mediaFile(previewUrl)).size
    expect(response.headers['content-range']).toBe(`bytes 100-1123/${size}`)
    expect(response.rawPayload.equals(readFileSync(mediaFile(previewUrl)).subarray(100, 1124))).toBe(true)
  })

  it('answers an unsatisfiable range with 416', async () => {
    const response = await t.app.inject({ url: previewUrl, headers: { range: 'bytes=999999999-' } })
    expect(response.statusCode).toBe(416)
  })

  it("keeps an owner's upload for a year, under a name made for that upload, and demo art a day", async () => {
    const uploaded = 'products/0b6e8f6a-3c1d-4e2f-9a7b-5d4c3b2a1f00/cover-0a1b2c3d-768.webp'
    mkdirSync(dirname(mediaFile(`/media/${uploaded}`)), { recursive: true })
    writeFileSync(mediaFile(`/media/${uploaded}`), readFileSync(mediaFile(imageUrl)))
    const upload = await t.app.inject(`/media/${uploaded}`)
    expect(upload.statusCode).toBe(200)
    expect(upload.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const demo = await t.app.inject(imageUrl)
    expect(demo.headers['cache-control']).toBe('public, max-age=86400')
  })

  it('serves cover art as image/webp', async () => {
    const response = await t.app.inject(imageUrl)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/webp')
  })

  it('never serves a paid product file, even through a path trick', async () => {
    for (const url of ['/media/../files/products', '/media/%2e%2e/files/products', '/media/..%2Ffiles%2Fproducts']) {
      const response = await t.app.inject(url)
      expect([400, 403, 404]).toContain(response.statusCode)
      expect(response.headers['content-type'] ?? '').not.toContain('zip')
    }
  })
})

describe('public media on disk with MEDIA_BASE_URL', () => {
  const CDN = 'https://cdn.example.com/shop-media'
  let cdn: TestApp
  let clientDir: string

  beforeAll(async () => {
    clientDir = mkdtempSync(join(tmpdir(), 'als-client-'))
    writeFileSync(
      join(clientDir, 'index.html'),
      '<!doctype html><html><head><meta name="als-config" content="%ALS_CONFIG%" /><title>ALS</title></head><body><div id="root"></div></body></html>',
    )
    cdn = await createTestApp({ STORE_MODE: 'live', MEDIA_BASE_URL: CDN }, { clientDir, renderPages: true })
  })
  afterAll(async () => {
    await cdn?.close()
    rmSync(clientDir, { recursive: true, force: true })
  })

  const onCdn = (url: string) => `${CDN}${url.slice('/media'.length)}`

  it('hands out the CDN URLs in the API and in the rendered product page, its og:image and JSON-LD', async () => {
    const list = (await t.app.inject('/api/products?limit=100')).json() as ProductList
    const product = list.data.find((item) => item.audioPreview && item.imageUrl)!
    const viewed = (await cdn.app.inject(`/api/products/${product.id}`)).json() as { data: { imageUrl: string; audioPreview: string; images: string[] } }
    expect(viewed.data.imageUrl).toBe(onCdn(product.imageUrl!))
    expect(viewed.data.audioPreview).toBe(onCdn(product.audioPreview!))
    expect(viewed.data.images.every((image) => image.startsWith(`${CDN}/`))).toBe(true)

    const page = await cdn.app.inject(`/products/${product.id}`)
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain(`<meta property="og:image" content="${onCdn(product.imageUrl!).replace('-640.webp', '-1024.webp')}" />`)
    expect(page.body).toContain(`src="${onCdn(product.imageUrl!)}"`)
    // No store-relative media URL is left in a page, its JSON-LD or the data it hydrates from.
    for (const path of [`/products/${product.id}`, '/', '/products']) {
      const { body } = await cdn.app.inject(path)
      expect(body, path).toContain(`"${CDN}/covers/`)
      expect(body, path).not.toMatch(/["(]\/media\//)
    }
  })

  it('keeps serving /media from disk instead of redirecting, since a CDN may pull from this store', async () => {
    const response = await cdn.app.inject(imageUrl)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/webp')
    expect(response.rawPayload.equals(readFileSync(mediaFile(imageUrl)))).toBe(true)
  })
})
