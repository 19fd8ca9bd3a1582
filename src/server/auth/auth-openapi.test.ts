/**
 * One API reference: /api/docs/json (and its YAML) carries Better Auth's account endpoints under
 * /api/auth, tagged `auth` (sign-in, the session, two-factor), beside every store route and every
 * /api/admin route; only GET and POST (what the store passes on), no bearer token, no admin
 * endpoint of Better Auth's nor social sign-in (the store has no provider); and each described
 * account path is one the store answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

interface Document {
  paths: Record<string, Record<string, { tags?: string[]; security?: unknown }>>
  tags?: { name: string }[]
  components?: { schemas?: Record<string, unknown> }
}

let t: TestApp
let document: Document

beforeAll(async () => {
  t = await createTestApp()
  const response = await t.app.inject('/api/docs/json')
  expect(response.statusCode).toBe(200)
  document = response.json() as Document
})
afterAll(async () => t?.close())

const authPaths = () => Object.keys(document.paths).filter((path) => path.startsWith('/api/auth/'))

describe('the API reference', () => {
  it('describes sign-in, the session and two-factor under /api/auth, tagged auth', () => {
    expect(document.paths['/api/auth/sign-in/email']).toHaveProperty('post')
    expect(document.paths['/api/auth/get-session']).toHaveProperty('get')
    expect(authPaths().filter((path) => path.startsWith('/api/auth/two-factor/'))).toEqual(expect.arrayContaining(['/api/auth/two-factor/enable']))
    expect(document.tags).toContainEqual(expect.objectContaining({ name: 'auth' }))
    for (const path of authPaths()) {
      for (const [method, operation] of Object.entries(document.paths[path]!)) {
        expect({ path, method, tags: operation.tags, security: operation.security }).toEqual({ path, method, tags: ['auth'], security: undefined })
      }
    }
  })

  it('describes only what the store passes on to Better Auth and can answer: GET and POST, no admin endpoint, no social sign-in', () => {
    expect(authPaths().length).toBeGreaterThan(10)
    expect(authPaths().filter((path) => path.startsWith('/api/auth/admin'))).toEqual([])
    expect(authPaths()).not.toContain('/api/auth/sign-in/social')
    expect(authPaths()).toEqual(expect.arrayContaining(['/api/auth/sign-up/email', '/api/auth/sign-out', '/api/auth/request-password-reset']))
    const methods = new Set(authPaths().flatMap((path) => Object.keys(document.paths[path]!)))
    expect([...methods].sort()).toEqual(['get', 'post'])
  })

  it('points every reference to a model at a model it carries', () => {
    const refs = JSON.stringify(document.paths).match(/#\/components\/schemas\/[A-Za-z0-9_.-]+/g) ?? []
    for (const ref of new Set(refs)) expect(document.components?.schemas).toHaveProperty(ref.slice('#/components/schemas/'.length))
  })

  it('keeps every store route and every /api/admin route beside them', () => {
    const store = t.app.swagger() as Document
    const admin = Object.keys(store.paths).filter((path) => path.startsWith('/api/admin/'))
    expect(admin.length).toBeGreaterThan(20)
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining([...Object.keys(store.paths), '/api/admin/audit']))
    for (const path of admin) expect(document.paths[path]).toEqual(store.paths[path])
  })

  it('serves the same description as YAML', async () => {
    const response = await t.app.inject('/api/docs/yaml')
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('/api/auth/sign-in/email:')
  })

  it('describes account paths the store answers (none is its 404 for an unknown path)', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/auth/no-such-endpoint', headers: { origin: t.config.publicUrl } })
    expect(unknown.statusCode).toBe(404)
    for (const path of ['/api/auth/get-session', '/api/auth/list-sessions']) {
      expect(document.paths[path]).toHaveProperty('get')
      const response = await t.app.inject({ method: 'GET', url: path, headers: { origin: t.config.publicUrl } })
      expect({ path, status: response.statusCode }).not.toEqual({ path, status: 404 })
    }
  })
})
