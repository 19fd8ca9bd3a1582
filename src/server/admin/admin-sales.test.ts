/**
 * The owner's timed sales under /api/admin/sales: only admins; the form refused with the shared
 * schema's words; a created sale prices the storefront and checkout (the order item keeps the
 * sale and the regular price) and the list shows its effect on revenue; a save over an older
 * version is a 409; End now puts the price back at once; delete; every write audited.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createSession, deliverEvent, itemsOf, useFakePayments } from '../../../tests/support/checkout-fixtures.ts'
import { productsWithFiles } from '../../../tests/support/downloads.ts'
import type { FakePaymentProvider } from '../../../tests/support/fake-payment-provider.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import type { AdminSale, SaleForm } from '../../shared/contract/admin-sales.ts'
import type { Product } from '../../shared/contract/catalog.ts'
import { auditLog, cartItems, sales, type ProductRow } from '../db/schema.ts'

const OWNER = uniqueEmail('owner')
const HOUR = 3_600_000
let t: TestApp
let owner: SignedInUser
let shopper: SignedInUser
let fake: FakePaymentProvider
let packs: ProductRow[]

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  owner = await createSignedInUser(t, { email: OWNER })
  shopper = await createSignedInUser(t)
  fake = useFakePayments(t)
  packs = (await productsWithFiles(t, 12)).filter((product) => product.priceCents >= 1000 && product.priceModel === 'fixed')
  expect(packs.length).toBeGreaterThanOrEqual(4)
})
afterAll(async () => t?.close())

function as(user: SignedInUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: { origin: t.config.publicUrl, ...(user ? { cookie: user.cookie } : {}) }, ...(payload ? { payload } : {}) })
}
const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) => as(owner, method, url, payload)

const form = (overrides: Partial<SaleForm> = {}): SaleForm => ({
  name: 'Black Friday',
  percentOff: '30',
  amountOff: '',
  scope: 'products',
  productIds: [packs[0]!.id],
  categoryIds: [],
  startsAt: new Date(Date.now() - HOUR).toISOString(),
  endsAt: new Date(Date.now() + 48 * HOUR).toISOString(),
  ...overrides,
})

const listed = async (id: string) => ((await admin('GET', '/api/admin/sales')).json().data as AdminSale[]).find((sale) => sale.id === id)
const productOf = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json().data as Product
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (const deadline = Date.now() + 3000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 20))) if (await check()) return
  throw new Error('the change was not seen within 3 s')
}
const trailOf = (id: string) => t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, id))

describe('who may', () => {
  it('answers 401 to a guest and 403 to a shopper, and writes nothing', async () => {
    expect((await as(null, 'GET', '/api/admin/sales')).statusCode).toBe(401)
    expect((await as(shopper, 'GET', '/api/admin/sales')).statusCode).toBe(403)
    const refused = await as(shopper, 'POST', '/api/admin/sales', { form: form({ name: 'Sneaky' }) })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error).toMatchObject({ status: 403 })
    expect(await t.database.db.select().from(sales).where(eq(sales.name, 'Sneaky'))).toEqual([])
  })
})

describe('the sale form', () => {
  it.each([
    [{ name: ' ' }, 'name', 'Name is required'],
    [{ percentOff: '0' }, 'percentOff', 'Percent off must be a whole number from 1 to 100'],
    [{ percentOff: '101' }, 'percentOff', 'Percent off must be a whole number from 1 to 100'],
    [{ percentOff: '' }, 'percentOff', 'Give a percent off or an amount off'],
    [{ amountOff: '5.00' }, 'amountOff', 'Give a percent off or an amount off, not both'],
    [{ percentOff: '', amountOff: '0' }, 'amountOff', 'Amount off must be an amount in dollars above 0'],
    [{ productIds: [] }, 'productIds', 'Choose at least one product'],
    [{ scope: 'categories' as const }, 'categoryIds', 'Choose at least one category'],
    [{ startsAt: '2026-12-10T00:00:00.000Z', endsAt: '2026-12-01T00:00:00.000Z' }, 'endsAt', 'Ends must be after Starts'],
    [{ endsAt: 'next friday' }, 'endsAt', 'Ends must be a date and time'],
  ])('refuses %j on %s', async (overrides, field, message) => {
    const response = await admin('POST', '/api/admin/sales', { form: form({ name: `Refused ${field}`, ...overrides }) })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.message).toContain(message)
    expect(JSON.stringify(response.json().error)).toContain(field)
  })

  it('refuses a product that is not in the store, beside the field', async () => {
    const response = await admin('POST', '/api/admin/sales', { form: form({ productIds: ['00000000-0000-4000-8000-000000000000'] }) })
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toMatchObject({ field: 'productIds', message: 'Some chosen products are not in the store' })
  })
})

describe('a sale, from creation to its end', () => {
  it('prices the storefront and checkout, shows its effect on revenue, refuses a stale save, ends now and is deleted, each write audited', async () => {
    const pack = packs[1]!
    const created = await admin('POST', '/api/admin/sales', { form: form({ name: 'Spring sale', productIds: [pack.id] }) })
    expect(created.statusCode).toBe(201)
    const sale = created.json().data as AdminSale
    expect(sale).toMatchObject({ name: 'Spring sale', percentOff: 30, amountOffCents: null, scope: 'products', status: 'running', version: 1, active: true })
    expect(sale.effect).toEqual({ paidOrders: 0, units: 0, revenueCents: 0, discountCents: 0 })
    const salePrice = pack.priceCents - Math.floor((pack.priceCents * 30 + 50) / 100)
    await eventually(async () => (await productOf(pack.id)).priceCents === salePrice)
    expect(await productOf(pack.id)).toMatchObject({ originalPriceCents: pack.priceCents, sale: { id: sale.id, name: 'Spring sale' } })

    // A buyer checks out while it runs: charged the sale price, the item keeps the sale and the regular price.
    await t.database.db.delete(cartItems).where(eq(cartItems.userId, shopper.id))
    await t.database.db.insert(cartItems).values({ userId: shopper.id, productId: pack.id, quantity: 1 })
    const session = await createSession(t, { checkoutType: 'cart', userId: shopper.id }, { cookie: shopper.cookie, remoteAddress: '198.51.100.77' })
    expect((await deliverEvent(t, fake, 'checkout.session.completed', fake.pay(session.sessionId))).statusCode).toBe(200)
    const [item] = await itemsOf(t, session.orderId)
    expect(item).toMatchObject({ productId: pack.id, priceCents: salePrice, regularPriceCents: pack.priceCents, saleId: sale.id })
    expect((await listed(sale.id))!.effect).toEqual({ paidOrders: 1, units: 1, revenueCents: salePrice, discountCents: pack.priceCents - salePrice })

    // Two owners: the second save names the version it opened and is refused.
    const saved = await admin('PUT', `/api/admin/sales/${sale.id}`, { form: { ...sale.form, percentOff: '40' }, version: sale.version })
    expect(saved.statusCode).toBe(200)
    expect(saved.json().data).toMatchObject({ percentOff: 40, version: 2 })
    const stale = await admin('PUT', `/api/admin/sales/${sale.id}`, { form: { ...sale.form, name: 'Overwrite' }, version: sale.version })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().error).toMatchObject({ status: 409, code: 'STALE_VERSION', message: expect.stringContaining('changed by someone else') })
    expect((await listed(sale.id))!.name).toBe('Spring sale')

    // End now: the price is back at once, the sale reads Ended.
    const ended = await admin('POST', `/api/admin/sales/${sale.id}/end`)
    expect(ended.statusCode).toBe(200)
    expect(ended.json().data).toMatchObject({ status: 'ended', active: false })
    expect(Date.parse(ended.json().data.endsAt)).toBeLessThanOrEqual(Date.now())
    await eventually(async () => (await productOf(pack.id)).sale === null)
    expect((await productOf(pack.id)).priceCents).toBe(pack.priceCents)

    expect((await admin('DELETE', `/api/admin/sales/${sale.id}`)).statusCode).toBe(204)
    expect(await listed(sale.id)).toBeUndefined()
    expect((await admin('DELETE', `/api/admin/sales/${sale.id}`)).statusCode).toBe(404)
    // The order item keeps what the sale did.
    expect((await itemsOf(t, session.orderId))[0]).toMatchObject({ priceCents: salePrice, saleId: sale.id })

    const trail = await trailOf(sale.id)
    expect(trail.map((entry) => [entry.action, entry.actorEmail]).sort()).toEqual([
      ['sale.create', OWNER],
      ['sale.delete', OWNER],
      ['sale.end', OWNER],
      ['sale.update', OWNER],
    ])
    const update = trail.find((entry) => entry.action === 'sale.update')!
    expect([update.before?.percentOff, update.after?.percentOff]).toEqual(['30', '40'])
  })

  it('lists a sale not started yet as Scheduled, and End now switches it off keeping its window', async () => {
    const startsAt = new Date(Date.now() + 24 * HOUR).toISOString()
    const endsAt = new Date(Date.now() + 72 * HOUR).toISOString()
    const created = (await admin('POST', '/api/admin/sales', { form: form({ name: 'Next week', productIds: [packs[2]!.id], startsAt, endsAt }) })).json()
      .data as AdminSale
    expect(created.status).toBe('scheduled')
    const ended = (await admin('POST', `/api/admin/sales/${created.id}/end`)).json().data as AdminSale
    expect(ended).toMatchObject({ status: 'ended', active: false, startsAt, endsAt })
    const history = (await admin('GET', `/api/admin/sales/${created.id}/history`)).json().data
    expect(history[0]).toMatchObject({ action: 'sale.end', changes: [{ field: 'active', before: 'true', after: 'false' }] })
    // Saving the form again switches it back on.
    const resaved = (await admin('PUT', `/api/admin/sales/${created.id}`, { form: ended.form, version: ended.version })).json().data as AdminSale
    expect(resaved).toMatchObject({ status: 'scheduled', active: true })
  })

  it('answers 404 for a sale that does not exist, and 400 for an id that is not one', async () => {
    expect((await admin('PUT', '/api/admin/sales/00000000-0000-4000-8000-000000000000', { form: form(), version: 1 })).statusCode).toBe(404)
    expect((await admin('POST', '/api/admin/sales/00000000-0000-4000-8000-000000000000/end')).statusCode).toBe(404)
    expect((await admin('DELETE', '/api/admin/sales/not-an-id')).statusCode).toBe(400)
  })
})
