/** A NUL character anywhere in a request is a 400 in the usual shape on every route, never a database error. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

const INVALID = { error: { message: 'Request contains invalid characters', status: 400, code: 'INVALID_TEXT' } }
const NUL = '\u0000'

/** Every route with a NUL in its path or query string. */
const URLS: Array<[method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string]> = [
  ['GET', '/api/products?category=%00'],
  ['GET', '/api/products?search=%00'],
  ['GET', '/api/products?sortBy=name%00'],
  ['GET', '/api/products/%00'],
  ['GET', '/api/categories/%00'],
  ['GET', '/api/orders/by-session/%00'],
  ['GET', '/api/orders/%00'],
  ['GET', '/api/orders?status=%00'],
  ['GET', '/api/checkout/orders/%00/resume'],
  ['GET', '/api/builtin-pay/sessions/cs_test_%00'],
  ['POST', '/api/builtin-pay/sessions/cs_test_%00/confirm'],
  ['PATCH', '/api/cart/items/%00'],
  ['DELETE', '/api/cart/items/%00'],
  ['GET', '/api/downloads?limit=%00'],
  ['GET', '/api/downloads/file/%00?expires=1&signature=%00'],
  ['GET', '/api/auth/get-session?x=%00'],
  ['GET', '/media/%00.webp'],
  ['GET', '/api/auth/verify-email?token=%00'],
  ['GET', '/api/categories?x=%00'],
  ['GET', '/api/cart?x=%00'],
  ['DELETE', '/api/cart?x=%00'],
  ['GET', '/api/profile?x=%00'],
  ['GET', '/api/purchases?x=%00'],
  ['GET', '/api/purchases/owned-products?x=%00'],
  ['GET', '/api/licences/%00'],
  ['GET', '/api/licences/%00/certificate.pdf'],
  ['GET', '/api/payments/config?x=%00'],
  ['GET', '/api/dev/mailbox?x=%00'],
  ['POST', '/api/dev/payments/sessions/cs_test_%00/refund'],
  ['POST', '/api/dev/payments/sessions/cs_test_%00/disputes'],
  ['POST', '/api/dev/payments/disputes/dp_%00/close'],
  ['GET', '/healthz?x=%00'],
  ['GET', '/licences/%00'],
]

/** Every JSON body route with a NUL inside one of its fields. */
const BODIES: Array<[method: 'POST' | 'PATCH' | 'PUT', url: string, body: object]> = [
  ['POST', '/api/promo-codes/validate', { code: `WELCOME10${NUL}` }],
  [
    'POST',
    '/api/support-messages',
    { name: 'A', email: 'a@example.com', category: 'general', subject: `Hi${NUL}`, message: 'Hello there, this is long enough.' },
  ],
  ['POST', '/api/email-signup', { email: `a${NUL}@example.com`, subscriptionType: 'launch', source: 'coming-soon' }],
  ['POST', '/api/checkout/sessions', { checkoutType: 'direct', customerEmail: 'a@example.com', items: [{ productId: `x${NUL}`, quantity: 1 }] }],
  ['POST', '/api/cart/items', { productId: `x${NUL}`, quantity: 1 }],
  ['PUT', '/api/cart', { items: [{ productId: `x${NUL}`, quantity: 1 }] }],
  ['PATCH', '/api/profile', { fullName: `Name${NUL}` }],
  ['POST', '/api/downloads', { orderItemId: `x${NUL}`, productId: 'y' }],
  ['POST', '/api/builtin-pay/sessions/cs_test_1/confirm', { clientSecret: `s${NUL}`, cardNumber: '4242424242424242' }],
  ['POST', '/api/auth/sign-in/email', { email: `a${NUL}@example.com`, password: 'secret-password' }],
  ['POST', '/api/auth/sign-up/email', { email: 'b@example.com', password: 'secret-password', name: `B${NUL}` }],
  ['POST', '/api/webhooks/payments', { id: `evt_${NUL}`, type: 'checkout.session.completed' }],
  ['POST', '/api/dev/payments/sessions/cs_test_1/disputes', { reason: `fraudulent${NUL}` }],
  ['POST', '/api/dev/payments/disputes/dp_1/close', { outcome: `won${NUL}` }],
  ['POST', '/api/auth/request-password-reset', { email: `a${NUL}@example.com`, redirectTo: '/reset-password' }],
]

describe('invalid text in a request', () => {
  it.each(URLS)('%s %s answers 400 INVALID_TEXT', async (method, url) => {
    const response = await t.app.inject({ method, url, headers: { origin: t.config.publicUrl } })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual(INVALID)
  })

  it.each(BODIES)('%s %s with a NUL in a JSON field answers 400 INVALID_TEXT', async (method, url, body) => {
    const response = await t.app.inject({
      method,
      url,
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json', origin: t.config.publicUrl },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual(INVALID)
  })

  it('still answers ordinary text, accents and emoji as before', async () => {
    const response = await t.app.inject('/api/products?search=%C3%A9t%C3%A9%20%F0%9F%A5%81')
    expect(response.statusCode).toBe(200)
  })
})
