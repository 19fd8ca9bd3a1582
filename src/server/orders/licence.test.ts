/** Licence certificates: the code on each paid order, its public check (no email) and the PDF. */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LICENCE_TERMS } from '../../shared/contract/licences.ts'
import { orders, products, user } from '../db/schema.ts'
import { createSignedInUser, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createCompletedOrder } from '../../../tests/support/orders.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { licenceCodeOf, orderIdOfLicenceCode } from './licence.ts'

let t: TestApp
let buyer: SignedInUser
let paid: { orderId: string; code: string; productNames: string[] }
let pendingCode: string

beforeAll(async () => {
  t = await createTestApp()
  buyer = await createSignedInUser(t)
  const catalog = await t.database.db.select({ id: products.id, name: products.name }).from(products).where(eq(products.isActive, true)).limit(2)
  const order = await createCompletedOrder(t, { userId: buyer.id, productIds: catalog.map((product) => product.id) })
  await t.database.db
    .update(orders)
    .set({ customerEmail: buyer.email, billingDetails: { firstName: 'Ada', lastName: 'Lovelace' } })
    .where(eq(orders.id, order.orderId))
  const listed = await t.app.inject({ url: '/api/orders', headers: { cookie: buyer.cookie } })
  const code = (listed.json() as { data: Array<{ id: string; licenceCode: string | null }> }).data.find((row) => row.id === order.orderId)!.licenceCode!
  paid = { orderId: order.orderId, code, productNames: catalog.map((product) => product.name) }
  const pending = await createCompletedOrder(t, { userId: buyer.id, productIds: [catalog[0]!.id], status: 'PENDING' })
  pendingCode = licenceCodeOf(pending.orderId, t.config.authSecret)
})
afterAll(async () => t?.close())

describe('licence codes', () => {
  it('name their order and nothing else: a changed character or another secret is no code', () => {
    expect(orderIdOfLicenceCode(paid.code, t.config.authSecret)).toBe(paid.orderId)
    const flipped = `${paid.code.slice(0, 10)}${paid.code[10] === 'A' ? 'B' : 'A'}${paid.code.slice(11)}`
    expect(orderIdOfLicenceCode(flipped, t.config.authSecret)).toBeNull()
    expect(orderIdOfLicenceCode(paid.code, 'another-secret')).toBeNull()
    expect(orderIdOfLicenceCode('short', t.config.authSecret)).toBeNull()
  })
})

describe('GET /api/licences/:code', () => {
  it('shows the licensee, order number, products and terms of a paid order, and never the email', async () => {
    const response = await t.app.inject(`/api/licences/${paid.code}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.json().data).toMatchObject({
      code: paid.code,
      orderNumber: paid.orderId.slice(-8).toUpperCase(),
      licensee: 'Ada Lovelace',
      terms: [...LICENCE_TERMS],
    })
    const names = (response.json().data.products as Array<{ name: string; quantity: number }>).map((product) => product.name)
    expect(names.sort()).toEqual([...paid.productNames].sort())
    expect(response.body).not.toContain(buyer.email)
  })

  it('names the account holder when the order carries no billing name, and a neutral title when neither exists', async () => {
    const [product] = await t.database.db.select({ id: products.id }).from(products).where(eq(products.isActive, true)).limit(1)
    const order = await createCompletedOrder(t, { userId: buyer.id, productIds: [product!.id] })
    const code = licenceCodeOf(order.orderId, t.config.authSecret)
    await t.database.db.update(user).set({ name: 'Grace Hopper' }).where(eq(user.id, buyer.id))
    expect((await t.app.inject(`/api/licences/${code}`)).json().data.licensee).toBe('Grace Hopper')
    await t.database.db.update(user).set({ name: '' }).where(eq(user.id, buyer.id))
    expect((await t.app.inject(`/api/licences/${code}`)).json().data.licensee).toBe('Verified Audio Lab Store customer')
  })

  it('answers 404 for a made-up code and for an order that is not paid', async () => {
    for (const code of ['not-a-licence', licenceCodeOf(crypto.randomUUID(), t.config.authSecret), pendingCode]) {
      const response = await t.app.inject(`/api/licences/${code}`)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({ error: { message: 'No licence matches this code', status: 404 } })
    }
  })

  it('offers no code on an order that is not paid', async () => {
    const listed = await t.app.inject({ url: '/api/orders?status=PENDING', headers: { cookie: buyer.cookie } })
    expect((listed.json() as { data: Array<{ licenceCode: string | null }> }).data.map((row) => row.licenceCode)).toEqual([null])
  })
})

describe('GET /api/licences/:code/certificate.pdf', () => {
  it('sends a PDF certificate named after the order', async () => {
    const response = await t.app.inject(`/api/licences/${paid.code}/certificate.pdf`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['content-disposition']).toBe(`attachment; filename="ALS-licence-${paid.orderId.slice(-8).toUpperCase()}.pdf"`)
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    expect(response.rawPayload.length).toBeGreaterThan(1500)
  })

  it('sends nothing for a code that is not a licence', async () => {
    expect((await t.app.inject(`/api/licences/${pendingCode}/certificate.pdf`)).statusCode).toBe(404)
  })
})
