/**
 * The built app's files as browsers cache them: an asset under /assets/ (named by Vite after its
 * content hash) is kept for a year without asking again, compressed or not; the pages' HTML is
 * asked for again every time; other public files (the favicon) for an hour; an asset that is not
 * there is a plain 404, not the app's page.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

const SCRIPT = 'console.log("the store")\n'.repeat(100)

let t: TestApp
let clientDir: string

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'als-client-cache-'))
  mkdirSync(join(clientDir, 'assets'))
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html><head><title>Audio Lab Store</title></head><body><div id="root"></div></body></html>')
  writeFileSync(join(clientDir, 'assets', 'start-app-C0ffee12.js'), SCRIPT)
  writeFileSync(join(clientDir, 'assets', 'start-app-C0ffee12.js.br'), brotliCompressSync(SCRIPT))
  writeFileSync(join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  t = await createTestApp({ STORE_MODE: 'live' }, { clientDir })
})
afterAll(async () => {
  await t?.close()
  rmSync(clientDir, { recursive: true, force: true })
})

describe('caching of the built app', () => {
  it('keeps a hashed asset for a year, also when sent compressed', async () => {
    for (const encoding of ['identity', 'br']) {
      const response = await t.app.inject({ method: 'GET', url: '/assets/start-app-C0ffee12.js', headers: { 'accept-encoding': encoding } })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-encoding']).toBe(encoding === 'br' ? 'br' : undefined)
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    }
  })

  it('asks again for every page and keeps other public files an hour', async () => {
    for (const path of ['/', '/products']) {
      const page = await t.app.inject({ method: 'GET', url: path })
      expect(page.headers['content-type']).toMatch(/^text\/html/)
      expect(page.headers['cache-control']).toBe('no-cache')
    }
    const favicon = await t.app.inject({ method: 'GET', url: '/favicon.svg' })
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600')
  })

  it("answers 404 for an asset that is not there (an old build's file), not the page", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/start-app-0ldbu1ld.js' })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).not.toMatch(/^text\/html/)
  })
})
