/**
 * The audit log page's API: every recorded change newest first with its exact time, who, the
 * record (an order by its number, a product by its name, a guest by their address, each with its
 * console page) and each field's before → after; filtered by who, what kind, which record and a
 * period (whole days, or exact moments as the console sends the owner's days); paged without
 * repeats; the kinds of action recorded so far; a change made in the console is there at once.
 * Guests, shoppers and support staff are refused by the guard sweep (admin-guard.test.ts).
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserRequest, createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import type { AuditLogEntry, AuditLogPage } from '../../shared/contract/admin-audit.ts'
import { guestCustomerKey } from '../../shared/contract/admin-customers.ts'
import { orderNumberOf } from '../../shared/contract/checkout.ts'
import { auditLog, products } from '../db/schema.ts'

const OWNER = uniqueEmail('owner')
const ALICE = 'alice.audit@store.example'
const BOB = 'bob.audit@store.example'
const ORDER_ID = randomUUID()
const OTHER_ORDER_ID = randomUUID()
/** The seeded entries are all in 2020, apart from anything the template or the test's sign-ins recorded. */
const YEAR_2020 = 'from=2020-01-01&to=2020-12-31'

let t: TestApp
let owner: SignedInUser
let product: { id: string; name: string }

const get = (url: string, user: SignedInUser | null = owner) => browserRequest(t, { method: 'GET', url, ...(user ? { cookie: user.cookie } : {}) })
const page = async (query: string): Promise<AuditLogPage> => {
  const response = await get(`/api/admin/audit?${query}`)
  expect(response.statusCode).toBe(200)
  return response.json() as AuditLogPage
}
const actionsOf = (entries: AuditLogEntry[]) => entries.map((entry) => `${entry.action} ${entry.at}`)

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  owner = await createSignedInUser(t, { email: OWNER })
  const [first] = await t.database.db.select({ id: products.id, name: products.name }).from(products).limit(1)
  product = first!
  await t.database.db.insert(auditLog).values([
    {
      actorId: null,
      actorEmail: ALICE,
      action: 'product.update',
      subjectType: 'product',
      subjectId: product.id,
      before: { priceCents: 1999, name: 'Old name' },
      after: { priceCents: 2499, name: 'Old name' },
      createdAt: new Date('2020-03-01T23:59:59.999Z'),
    },
    {
      actorId: owner.id,
      actorEmail: OWNER,
      action: 'order.refund',
      subjectType: 'order',
      subjectId: ORDER_ID,
      before: { status: 'completed', refundedCents: 0 },
      after: { status: 'refunded', refundedCents: 2499 },
      createdAt: new Date('2020-03-02T00:00:00.000Z'),
    },
    {
      actorId: null,
      actorEmail: BOB,
      action: 'order.add_downloads',
      subjectType: 'order',
      subjectId: OTHER_ORDER_ID,
      before: { downloadsRemaining: 0 },
      after: { downloadsRemaining: 3 },
      createdAt: new Date('2020-03-02T10:30:00.000Z'),
    },
    {
      actorId: null,
      actorEmail: BOB,
      action: 'order_item.note',
      subjectType: 'order_item',
      subjectId: 'item-1',
      before: null,
      after: { note: 'hello' },
      createdAt: new Date('2020-03-02T23:59:59.999Z'),
    },
    {
      actorId: null,
      actorEmail: ALICE,
      action: 'promo.create',
      subjectType: 'promo_code',
      subjectId: randomUUID(),
      before: null,
      after: { code: 'SPRING' },
      createdAt: new Date('2020-03-03T08:00:00.000Z'),
    },
  ])
})
afterAll(async () => t?.close())

describe('GET /api/admin/audit', () => {
  it('lists every change newest first, with the exact time, who, the record named and linked, and each field before → after', async () => {
    const listed = await page(YEAR_2020)
    expect(listed.total).toBe(5)
    expect(actionsOf(listed.data)).toEqual([
      'promo.create 2020-03-03T08:00:00.000Z',
      'order_item.note 2020-03-02T23:59:59.999Z',
      'order.add_downloads 2020-03-02T10:30:00.000Z',
      'order.refund 2020-03-02T00:00:00.000Z',
      'product.update 2020-03-01T23:59:59.999Z',
    ])
    const [promo, note, , refund, productSave] = listed.data
    expect(refund).toMatchObject({
      actorEmail: OWNER,
      actorId: owner.id,
      subject: { type: 'order', id: ORDER_ID, label: orderNumberOf(ORDER_ID), path: `/admin/orders/${ORDER_ID}` },
      changes: [
        { field: 'status', before: 'completed', after: 'refunded' },
        { field: 'refundedCents', before: '0', after: '2499' },
      ],
    })
    // Only the fields that changed; the product by its name today.
    expect(productSave).toMatchObject({
      actorEmail: ALICE,
      actorId: null,
      subject: { type: 'product', id: product.id, label: product.name, path: `/admin/products/${product.id}` },
      changes: [{ field: 'priceCents', before: '1999', after: '2499' }],
    })
    expect(note!.subject).toEqual({ type: 'order_item', id: 'item-1', label: null, path: null })
    expect(promo!.changes).toEqual([{ field: 'code', before: '', after: 'SPRING' }])
  })

  it('filters by who: part of an email in any case, or exactly one account', async () => {
    expect(actionsOf((await page(`${YEAR_2020}&actor=BOB.AUDIT`)).data)).toEqual([
      'order_item.note 2020-03-02T23:59:59.999Z',
      'order.add_downloads 2020-03-02T10:30:00.000Z',
    ])
    expect(actionsOf((await page(`${YEAR_2020}&actorId=${owner.id}`)).data)).toEqual(['order.refund 2020-03-02T00:00:00.000Z'])
    // A wildcard is a character like any other.
    expect((await page(`${YEAR_2020}&actor=%25`)).total).toBe(0)
  })

  it('filters by kind: one action exactly, or every action on a kind of record by its start', async () => {
    expect(actionsOf((await page(`${YEAR_2020}&action=order.refund`)).data)).toEqual(['order.refund 2020-03-02T00:00:00.000Z'])
    expect(actionsOf((await page(`${YEAR_2020}&action=order.`)).data)).toEqual([
      'order.add_downloads 2020-03-02T10:30:00.000Z',
      'order.refund 2020-03-02T00:00:00.000Z',
    ])
    expect(actionsOf((await page(`${YEAR_2020}&action=order_item.`)).data)).toEqual(['order_item.note 2020-03-02T23:59:59.999Z'])
  })

  it('filters by record: every change of one order, or of one kind of record', async () => {
    expect(actionsOf((await page(`subjectType=order&subjectId=${ORDER_ID}`)).data)).toEqual(['order.refund 2020-03-02T00:00:00.000Z'])
    expect((await page(`${YEAR_2020}&subjectType=order`)).total).toBe(2)
    expect((await page(`subjectType=product&subjectId=${randomUUID()}`)).total).toBe(0)
  })

  it('filters by period: whole UTC days with both ends included, or exact moments (the owner\u2019s own days) included to the millisecond', async () => {
    expect(actionsOf((await page('from=2020-03-02&to=2020-03-02')).data)).toEqual([
      'order_item.note 2020-03-02T23:59:59.999Z',
      'order.add_downloads 2020-03-02T10:30:00.000Z',
      'order.refund 2020-03-02T00:00:00.000Z',
    ])
    // 2 March in UTC+01:00 runs from 1 March 23:00 UTC to 2 March 22:59:59.999 UTC.
    const from = encodeURIComponent('2020-03-02T00:00:00.000+01:00')
    const to = encodeURIComponent('2020-03-02T23:59:59.999+01:00')
    expect(actionsOf((await page(`from=${from}&to=${to}`)).data)).toEqual([
      'order.add_downloads 2020-03-02T10:30:00.000Z',
      'order.refund 2020-03-02T00:00:00.000Z',
      'product.update 2020-03-01T23:59:59.999Z',
    ])
    expect(actionsOf((await page('from=2020-03-02T10:30:00.000Z&to=2020-03-02T10:30:00.000Z')).data)).toEqual(['order.add_downloads 2020-03-02T10:30:00.000Z'])
  })

  it('pages newest first: each entry once, with the total', async () => {
    const first = await page(`${YEAR_2020}&limit=2`)
    const second = await page(`${YEAR_2020}&limit=2&offset=2`)
    const third = await page(`${YEAR_2020}&limit=2&offset=4`)
    expect({ total: first.total, limit: first.limit, offset: second.offset }).toEqual({ total: 5, limit: 2, offset: 2 })
    expect([...first.data, ...second.data, ...third.data].map((entry) => entry.at)).toEqual([
      '2020-03-03T08:00:00.000Z',
      '2020-03-02T23:59:59.999Z',
      '2020-03-02T10:30:00.000Z',
      '2020-03-02T00:00:00.000Z',
      '2020-03-01T23:59:59.999Z',
    ])
    expect(new Set([...first.data, ...second.data, ...third.data].map((entry) => entry.id)).size).toBe(5)
  })

  it('refuses a filter it cannot read, naming it', async () => {
    const refused = async (query: string) => {
      const response = await get(`/api/admin/audit?${query}`)
      return { status: response.statusCode, field: (response.json() as { error: { field?: string } }).error.field }
    }
    expect(await refused('action=refund')).toEqual({ status: 400, field: 'action' })
    expect(await refused(`subjectId=${ORDER_ID}`)).toEqual({ status: 400, field: 'subjectId' })
    expect(await refused('from=2020-03-03&to=2020-03-02')).toEqual({ status: 400, field: 'to' })
    expect(await refused('from=2020-02-31')).toEqual({ status: 400, field: 'from' })
    expect(await refused('limit=101')).toEqual({ status: 400, field: 'limit' })
  })

  it('names a guest customer by their address and links their customer page', async () => {
    const key = guestCustomerKey('guest.buyer@store.example')
    await t.database.db.insert(auditLog).values({
      actorEmail: ALICE,
      action: 'customer.change_email',
      subjectType: 'customer',
      subjectId: key,
      before: { email: 'guest.buyr@store.example' },
      after: { email: 'guest.buyer@store.example' },
      createdAt: new Date('2019-06-01T12:00:00.000Z'),
    })
    const [entry] = (await page(`subjectType=customer&subjectId=${encodeURIComponent(key)}`)).data
    expect(entry).toMatchObject({
      subject: { type: 'customer', id: key, label: 'guest.buyer@store.example', path: `/admin/customers/${key}` },
      changes: [{ field: 'email', before: 'guest.buyr@store.example', after: 'guest.buyer@store.example' }],
    })
  })

  it('has a change made in the console at once, with the admin who made it', async () => {
    const colleague = await createSignedInUser(t)
    const granted = await browserRequest(t, {
      method: 'POST',
      url: '/api/admin/admins',
      cookie: owner.cookie,
      payload: { email: colleague.email, role: 'support' },
    })
    expect(granted.statusCode).toBe(201)
    const [newest] = (await page(`subjectType=user&subjectId=${colleague.id}`)).data
    expect(newest).toMatchObject({
      action: 'user.grant_support',
      actorEmail: OWNER,
      subject: { type: 'user', id: colleague.id, label: null, path: `/admin/customers/${colleague.id}` },
      changes: [{ field: 'role', before: 'user', after: 'support' }],
    })
    expect(Date.now() - Date.parse(newest!.at)).toBeLessThan(60_000)
  })
})

describe('GET /api/admin/audit/actions', () => {
  it('names each kind of action recorded once, in alphabetical order', async () => {
    const response = await get('/api/admin/audit/actions')
    expect(response.statusCode).toBe(200)
    const { data } = response.json() as { data: string[] }
    expect(data).toEqual([...new Set(data)].sort())
    expect(data).toEqual(expect.arrayContaining(['order.add_downloads', 'order.refund', 'order_item.note', 'product.update', 'promo.create']))
  })
})
