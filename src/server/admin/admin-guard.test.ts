/**
 * Every route of the owner's API answers 401 to a guest and 403 to a signed-in shopper, before
 * it reads anything; an admin is let past on every one; support staff only on the routes listed
 * here on purpose (SUPPORT_ROUTES), and 403 on every other. The routes come from the OpenAPI
 * document, so a route added later is checked without anyone listing it here, and is admin-only
 * until someone adds it to the list.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { user } from '../db/schema.ts'

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
type Route = { method: Method; url: string }

const ID = '00000000-0000-4000-8000-000000000000'
/** What support staff may use: read orders and customers, resend a receipt, add downloads. */
const SUPPORT_ROUTES: readonly Route[] = [
  { method: 'GET', url: '/api/admin/orders' },
  { method: 'GET', url: `/api/admin/orders/${ID}` },
  { method: 'POST', url: `/api/admin/orders/${ID}/receipt` },
  { method: 'POST', url: `/api/admin/orders/${ID}/items/${ID}/downloads` },
  { method: 'GET', url: '/api/admin/customers' },
  { method: 'GET', url: `/api/admin/customers/${ID}` },
]
const OWNER = uniqueEmail('owner')

let t: TestApp
let shopper: SignedInUser
let support: SignedInUser
let owner: SignedInUser
let routes: Route[]

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  shopper = await createSignedInUser(t)
  support = await createSignedInUser(t)
  await t.database.db.update(user).set({ role: 'support' }).where(eq(user.id, support.id))
  owner = await createSignedInUser(t, { email: OWNER })
  const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> }
  routes = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => ({
        method: method.toUpperCase() as Method,
        // Path parameters get a well-formed id: the guard must answer before the id is looked up.
        url: path.replace(/\{[^}]+\}/g, ID),
      })),
    )
})
afterAll(async () => t?.close())

const call = (route: Route, cookie?: string) =>
  t.app.inject({
    method: route.method,
    url: route.url,
    headers: { origin: t.config.publicUrl, ...(cookie ? { cookie } : {}) },
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
  })

const isSupportRoute = (route: Route) => SUPPORT_ROUTES.some((allowed) => allowed.method === route.method && allowed.url === route.url)
const FORBIDDEN = { error: { message: 'Admin access required', status: 403, code: 'FORBIDDEN' } }

describe('the owner API guard', () => {
  it('finds the admin routes in the OpenAPI document, every support route among them', () => {
    expect(routes.length).toBeGreaterThanOrEqual(5)
    expect(routes).toContainEqual({ method: 'GET', url: '/api/admin/dashboard' })
    for (const allowed of SUPPORT_ROUTES) expect(routes).toContainEqual(allowed)
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
      expect(response.json()).toEqual(FORBIDDEN)
    }
  })

  it('answers 403 FORBIDDEN to support staff on every route not listed for them', async () => {
    const adminOnly = routes.filter((route) => !isSupportRoute(route))
    expect(adminOnly).toContainEqual({ method: 'POST', url: `/api/admin/orders/${ID}/refund` })
    for (const route of adminOnly) {
      const response = await call(route, support.cookie)
      expect({ ...route, status: response.statusCode }).toEqual({ ...route, status: 403 })
      expect(response.json()).toEqual(FORBIDDEN)
    }
  })

  it('lets support staff past the guard on each route listed for them', async () => {
    for (const route of SUPPORT_ROUTES) {
      const status = (await call(route, support.cookie)).statusCode
      expect({ ...route, passed: status !== 401 && status !== 403 }).toEqual({ ...route, passed: true })
    }
  })

  it('lets an admin past the guard on every admin route', async () => {
    for (const route of routes) {
      const status = (await call(route, owner.cookie)).statusCode
      expect({ ...route, passed: status !== 401 && status !== 403 }).toEqual({ ...route, passed: true })
    }
  })
})
