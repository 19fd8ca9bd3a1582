/**
 * Every route of the owner's API answers 401 to a guest and 403 to a signed-in shopper, before
 * it reads anything. The routes come from the OpenAPI document, so a route added later is
 * checked without anyone listing it here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

let t: TestApp
let shopper: SignedInUser
let routes: { method: Method; url: string }[]

beforeAll(async () => {
  t = await createTestApp()
  shopper = await createSignedInUser(t)
  const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> }
  routes = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => ({
        method: method.toUpperCase() as Method,
        // Path parameters get a well-formed id: the guard must answer before the id is looked up.
        url: path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'),
      })),
    )
})
afterAll(async () => t?.close())

const call = (route: { method: Method; url: string }, cookie?: string) =>
  t.app.inject({
    method: route.method,
    url: route.url,
    headers: { origin: t.config.publicUrl, ...(cookie ? { cookie } : {}) },
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
  })

describe('the owner API guard', () => {
  it('finds the admin routes in the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThanOrEqual(5)
    expect(routes).toContainEqual({ method: 'GET', url: '/api/admin/dashboard' })
  })

  it('answers 401 to a guest on every admin route', async () => {
    for (const route of routes) {
      const response = await call(route)
      expect({ ...route, status: response.statusCode }).toEqual({ ...route, status: 401 })
      expect(response.json().error.code).toBe('UNAUTHORIZED')
    }
  })

  it('answers 403 FORBIDDEN to a signed-in shopper on every admin route', async () => {
    for (const route of routes) {
      const response = await call(route, shopper.cookie)
      expect({ ...route, status: response.statusCode }).toEqual({ ...route, status: 403 })
      expect(response.json()).toEqual({ error: { message: 'Admin access required', status: 403, code: 'FORBIDDEN' } })
    }
  })
})
