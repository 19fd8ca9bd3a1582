import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

describe('the HTTP edge', () => {
  it('answers /healthz with the database kind', async () => {
    const response = await t.app.inject('/healthz')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok', database: t.database.kind })
  })

  it('sends CSP, nosniff and frame-ancestors on every response, errors included', async () => {
    for (const url of ['/healthz', '/api/products', '/api/products/nope', '/api/unknown']) {
      const response = await t.app.inject(url)
      expect(response.headers['x-content-type-options']).toBe('nosniff')
      expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'")
      expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'")
    }
  })

  it('answers an unknown API path with the error shape', async () => {
    const response = await t.app.inject('/api/does-not-exist')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ error: { message: 'Not found', status: 404, code: 'NOT_FOUND' } })
  })

  it('serves the API reference page and its scripts, loaded on the first ask', async () => {
    const page = await t.app.inject('/api/docs')
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.body).toContain('swagger-ui')
    const script = await t.app.inject('/api/docs/static/swagger-initializer.js')
    expect(script.statusCode).toBe(200)
    expect(script.body).toContain("resolveUrl('./json')")
    const bundle = await t.app.inject('/api/docs/static/swagger-ui-bundle.js')
    expect(bundle.statusCode).toBe(200)
    expect(Number(bundle.headers['content-length'] ?? bundle.rawPayload.length)).toBeGreaterThan(100_000)
    const missing = await t.app.inject('/api/docs/static/no-such-file.js')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ error: { message: 'Not found', status: 404, code: 'NOT_FOUND' } })
  })

  it('publishes the OpenAPI document with the catalog routes', async () => {
    const response = await t.app.inject('/api/docs/json')
    expect(response.statusCode).toBe(200)
    const document = response.json() as { openapi: string; paths: Record<string, unknown> }
    expect(document.openapi).toMatch(/^3\./)
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/products', '/api/products/{id}', '/api/categories', '/api/categories/{slug}']))
  })
})
