import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
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
