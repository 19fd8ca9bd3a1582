/**
 * The accountant's exports: paid orders in a run of days, one row per order item, with the
 * discount, tax, total and refunds as numbers a spreadsheet adds up; the customers who paid; a
 * product name a spreadsheet would run kept as text; files that download, never cached, and only
 * for an admin.
 */
import { parse } from 'csv-parse/sync'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserRequest, createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createCompletedOrder } from '../../../tests/support/orders.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { orderNumberOf } from '../../shared/contract/checkout.ts'
import { orderItems, orderRefunds, orders, products } from '../db/schema.ts'

const OWNER = uniqueEmail('owner')
const FORMULA_NAME = `=cmd|'/c calc'!A1`
let t: TestApp
let owner: SignedInUser
let shopper: SignedInUser
let refundedOrder: string
let plainOrder: string
let packName: string

const get = (url: string, user: SignedInUser | null = owner) => browserRequest(t, { method: 'GET', url, ...(user ? { cookie: user.cookie } : {}) })
const rowsOf = (body: string): string[][] => parse(body, { bom: true })

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  owner = await createSignedInUser(t, { email: OWNER })
  shopper = await createSignedInUser(t)
  const { db } = t.database
  const [formula, pack] = await db.select({ id: products.id, name: products.name }).from(products).orderBy(products.name).limit(2)
  await db.update(products).set({ name: FORMULA_NAME }).where(eq(products.id, formula!.id))
  packName = pack!.name

  // A November order of two products, $10 and $20 less a $3 discount plus $5.40 tax, $5 of it refunded.
  const refunded = await createCompletedOrder(t, { userId: shopper.id, productIds: [formula!.id, pack!.id], createdAt: new Date('2026-11-05T10:00:00Z') })
  refundedOrder = refunded.orderId
  await db
    .update(orderItems)
    .set({ priceCents: 1000 })
    .where(eq(orderItems.id, refunded.items.find((item) => item.productId === formula!.id)!.id))
  await db
    .update(orderItems)
    .set({ priceCents: 2000 })
    .where(eq(orderItems.id, refunded.items.find((item) => item.productId === pack!.id)!.id))
  await db
    .update(orders)
    .set({
      customerEmail: 'Buyer@Studio.example',
      status: 'PARTIALLY_REFUNDED',
      billingDetails: { firstName: 'Ada', lastName: 'Lovelace', countryCode: 'DE' },
      currency: 'eur',
      subtotalCents: 3000,
      discountCents: 300,
      taxCents: 540,
      totalAmountCents: 3240,
      refundedCents: 500,
    })
    .where(eq(orders.id, refundedOrder))
  await db.insert(orderRefunds).values([
    { id: 're_export_1', orderId: refundedOrder, amountCents: 500, status: 'succeeded', createdAt: new Date('2026-11-20T08:30:00Z') },
    { id: 're_export_failed', orderId: refundedOrder, amountCents: 700, status: 'failed', createdAt: new Date('2026-11-21T08:30:00Z') },
  ])

  // The same buyer in October (outside the period), a guest order in November, and a checkout never paid.
  const october = await createCompletedOrder(t, { userId: shopper.id, productIds: [pack!.id], createdAt: new Date('2026-10-31T23:59:59Z') })
  await db.update(orders).set({ customerEmail: 'buyer@studio.example', subtotalCents: 2000, totalAmountCents: 2000 }).where(eq(orders.id, october.orderId))
  await db.update(orderItems).set({ priceCents: 2000 }).where(eq(orderItems.orderId, october.orderId))
  const guest = await createCompletedOrder(t, { userId: shopper.id, productIds: [pack!.id], createdAt: new Date('2026-11-30T23:59:59Z') })
  plainOrder = guest.orderId
  await db
    .update(orders)
    .set({ userId: null, customerEmail: '+guest@list.example', subtotalCents: 2000, totalAmountCents: 2000 })
    .where(eq(orders.id, plainOrder))
  await db.update(orderItems).set({ priceCents: 2000 }).where(eq(orderItems.orderId, plainOrder))
  await createCompletedOrder(t, { userId: shopper.id, productIds: [pack!.id], status: 'PENDING', createdAt: new Date('2026-11-10T10:00:00Z') })
})
afterAll(async () => t?.close())

const ORDER_HEADER = [
  'Order',
  'Date (UTC)',
  'Status',
  'Buyer email',
  'Country',
  'Currency',
  'Item',
  'Quantity',
  'Price paid',
  'Order discount',
  'Order tax',
  'Order total',
  'Refunded',
  'Refund date (UTC)',
]

describe('GET /api/admin/exports/orders.csv', () => {
  it('writes the paid orders of the days asked, one row per item, the order amounts once and a refund as a negative amount', async () => {
    const response = await get('/api/admin/exports/orders.csv?from=2026-11-01&to=2026-11-30')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toBe('attachment; filename="als-orders-2026-11-01-2026-11-30.csv"')
    expect(response.headers['cache-control']).toBe('no-store')
    const number = orderNumberOf(refundedOrder)
    const [header, ...rows] = rowsOf(response.body)
    expect(header).toEqual(ORDER_HEADER)
    const refundedRows = rows.filter((row) => row[0] === number)
    // The refunded order's rows: the formula-like product name kept as text, the refund after the failed one left out.
    expect(refundedRows).toHaveLength(2)
    const order = [number, '2026-11-05 10:00:00', 'Partially refunded', 'Buyer@Studio.example', 'DE', 'EUR']
    expect(refundedRows.map((row) => row.slice(0, 9))).toEqual(
      expect.arrayContaining([
        [...order, `'${FORMULA_NAME}`, '1', '10.00'],
        [...order, packName, '1', '20.00'],
      ]),
    )
    expect(refundedRows.map((row) => row.slice(9))).toEqual([
      ['3.00', '5.40', '32.40', '-5.00', '2026-11-20 08:30:00'],
      ['', '', '', '', ''],
    ])
    expect(rows.map((row) => row[0])).toEqual([number, number, orderNumberOf(plainOrder)])
    expect(rows[2]).toEqual([
      orderNumberOf(plainOrder),
      '2026-11-30 23:59:59',
      'Paid',
      "'+guest@list.example",
      '',
      'USD',
      packName,
      '1',
      '20.00',
      '0.00',
      '0.00',
      '20.00',
      '0.00',
      '',
    ])
  })

  it('writes every paid order without a period, oldest first, and names the file so', async () => {
    const response = await get('/api/admin/exports/orders.csv')
    expect(response.headers['content-disposition']).toBe('attachment; filename="als-orders-all.csv"')
    const rows = rowsOf(response.body).slice(1)
    expect(rows.map((row) => row[1])).toEqual(['2026-10-31 23:59:59', '2026-11-05 10:00:00', '2026-11-05 10:00:00', '2026-11-30 23:59:59'])
  })

  it('refuses a last day before the first, naming the field', async () => {
    const response = await get('/api/admin/exports/orders.csv?from=2026-11-30&to=2026-11-01')
    expect(response.statusCode).toBe(400)
    expect(response.json().error.message).toContain('The last day must not be before the first')
  })
})

describe('GET /api/admin/exports/customers.csv', () => {
  it('writes each buyer once whatever the case of their address, with their orders and what they paid after refunds', async () => {
    const response = await get('/api/admin/exports/customers.csv')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-disposition']).toBe('attachment; filename="als-customers.csv"')
    expect(response.headers['cache-control']).toBe('no-store')
    expect(rowsOf(response.body)).toEqual([
      ['Email', 'Name', 'Account or guest', 'First order (UTC)', 'Last order (UTC)', 'Orders', 'Total paid after refunds'],
      ["'+guest@list.example", '', 'Guest', '2026-11-30 23:59:59', '2026-11-30 23:59:59', '1', '20.00'],
      // 20.00 in October and 32.40 less 5.00 refunded in November.
      ['buyer@studio.example', 'Ada Lovelace', 'Account', '2026-10-31 23:59:59', '2026-11-05 10:00:00', '2', '47.40'],
    ])
  })
})

describe('who may export', () => {
  it('answers a guest 401 and a shopper 403', async () => {
    for (const url of ['/api/admin/exports/orders.csv', '/api/admin/exports/customers.csv']) {
      expect((await get(url, null)).statusCode).toBe(401)
      const refused = await get(url, shopper)
      expect(refused.statusCode).toBe(403)
      expect(refused.json()).toEqual({ error: { message: 'Admin access required', status: 403, code: 'FORBIDDEN' } })
    }
  })
})

describe('a long export', () => {
  it('streams every order and customer of more than one batch once, even when many orders share a millisecond', async () => {
    // 1,201 orders within half a second: batches of 500 must neither lose nor repeat one.
    const { db } = t.database
    const at = Date.parse('2025-03-01T00:00:00Z')
    const [product] = await db.select({ id: products.id }).from(products).limit(1)
    const inserted = await db
      .insert(orders)
      .values(
        Array.from({ length: 1201 }, (_, index) => ({
          customerEmail: `bulk-${String(index).padStart(4, '0')}@bulk.example`,
          status: 'COMPLETED' as const,
          checkoutType: 'cart' as const,
          subtotalCents: 100,
          totalAmountCents: 100,
          paymentProvider: 'builtin',
          cartFingerprint: `bulk-${index}`,
          createdAt: new Date(at + Math.floor(index / 3)),
          completedAt: new Date(at + Math.floor(index / 3)),
        })),
      )
      .returning({ id: orders.id })
    await db
      .insert(orderItems)
      .values(inserted.map((order) => ({ orderId: order.id, productId: product!.id, quantity: 1, priceCents: 100, downloadsRemaining: 3 })))

    const rows = rowsOf((await get('/api/admin/exports/orders.csv?from=2025-03-01&to=2025-03-01')).body).slice(1)
    expect(rows).toHaveLength(1201)
    expect(new Set(rows.map((row) => row[0]))).toEqual(new Set(inserted.map((order) => orderNumberOf(order.id))))

    const customers = rowsOf((await get('/api/admin/exports/customers.csv')).body)
      .slice(1)
      .map((row) => row[0])
      .filter((email) => email!.endsWith('@bulk.example'))
    expect(customers).toEqual(Array.from({ length: 1201 }, (_, index) => `bulk-${String(index).padStart(4, '0')}@bulk.example`))
  })
})
