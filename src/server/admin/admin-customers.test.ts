/**
 * The owner's customers: the list found by email or name, linking to each customer's page; the
 * page's figures for an account with two orders (one partly refunded, one taxed) and for a
 * guest (downloads used and left, refunds, disputes, what was paid without tax, the emails sent);
 * correcting a buyer's email (the orders move with it, one audit entry before → after, a taken or
 * malformed address refused with nothing written, an unknown customer 404).
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { productsWithFiles, requestGrant } from '../../../tests/support/downloads.ts'
import { createCompletedOrder, type TestOrder } from '../../../tests/support/orders.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { guestCustomerKey, type Customer, type CustomerDetail } from '../../shared/contract/admin-customers.ts'
import { auditLog, orderDisputes, orderRefunds, orders, user, type ProductRow } from '../db/schema.ts'

const OWNER = uniqueEmail('owner')
let t: TestApp
let owner: SignedInUser
let support: SignedInUser
let packs: ProductRow[]

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  owner = await createSignedInUser(t, { email: OWNER })
  support = await createSignedInUser(t)
  await t.database.db.update(user).set({ role: 'support' }).where(eq(user.id, support.id))
  packs = (await productsWithFiles(t, 6)).filter((product) => product.priceCents > 1000).slice(0, 2)
})
afterAll(async () => t?.close())

function call(method: 'GET' | 'PATCH', url: string, who: SignedInUser = owner, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: { origin: t.config.publicUrl, cookie: who.cookie }, ...(payload ? { payload } : {}) })
}
const page = async (key: string) => (await call('GET', `/api/admin/customers/${key}`)).json().data as CustomerDetail
const changeEmail = (key: string, email: string) => call('PATCH', `/api/admin/customers/${key}/email`, owner, { email })

/** An account with two paid orders at its address: both packs with 200 of tax on top, and one pack partly refunded (300) and disputed. */
async function accountWithTwoOrders() {
  const buyer = await createSignedInUser(t, { email: uniqueEmail('ada'), name: 'Ada Lovelace' })
  const [a, b] = packs as [ProductRow, ProductRow]
  const taxed = await createCompletedOrder(t, { userId: buyer.id, productIds: [a.id, b.id], createdAt: new Date(Date.now() - 60_000) })
  await t.database.db
    .update(orders)
    .set({ customerEmail: buyer.email, taxCents: 200, totalAmountCents: a.priceCents + b.priceCents + 200 })
    .where(eq(orders.id, taxed.orderId))
  const refunded = await createCompletedOrder(t, { userId: buyer.id, productIds: [a.id] })
  await t.database.db
    .update(orders)
    .set({ customerEmail: buyer.email, status: 'PARTIALLY_REFUNDED', refundedCents: 300 })
    .where(eq(orders.id, refunded.orderId))
  await t.database.db
    .insert(orderRefunds)
    .values({ id: `re_${refunded.orderId}`, orderId: refunded.orderId, amountCents: 300, status: 'succeeded', reason: 'requested_by_customer' })
  await t.database.db
    .insert(orderDisputes)
    .values({ id: `dp_${refunded.orderId}`, orderId: refunded.orderId, amountCents: 100, status: 'needs_response', reason: 'fraudulent' })
  return { buyer, taxed, refunded }
}

/** A guest's paid order of one pack, at a mixed-case address, with a name given at checkout. */
async function guestOrder(email = `Guest-${crypto.randomUUID().slice(0, 8)}@Example.com`): Promise<TestOrder & { email: string }> {
  const placeholder = await createSignedInUser(t)
  const order = await createCompletedOrder(t, { userId: placeholder.id, productIds: [packs[1]!.id] })
  await t.database.db
    .update(orders)
    .set({ userId: null, customerEmail: email, billingDetails: { firstName: 'Grace', lastName: 'Hopper' } })
    .where(eq(orders.id, order.orderId))
  return { ...order, email }
}

describe('the customers list', () => {
  it('finds a customer by part of the email or of the name, each row keyed to their page', async () => {
    const { buyer } = await accountWithTwoOrders()
    const guest = await guestOrder()
    const search = async (text: string) => (await call('GET', `/api/admin/customers?search=${encodeURIComponent(text)}`)).json().data as Customer[]

    expect(await search(buyer.email.slice(0, 14))).toEqual([expect.objectContaining({ key: buyer.id, email: buyer.email, name: 'Ada Lovelace', orders: 2 })])
    expect((await search('lovelace')).map((row) => row.key)).toContain(buyer.id)
    const byCheckoutName = await search('grace hop')
    expect(byCheckoutName).toContainEqual(
      expect.objectContaining({ key: guestCustomerKey(guest.email), email: guest.email.toLowerCase(), name: 'Grace Hopper', userId: null }),
    )
  })

  it('is readable by support staff, who may not correct an email', async () => {
    expect((await call('GET', '/api/admin/customers', support)).statusCode).toBe(200)
    const { buyer } = await accountWithTwoOrders()
    expect((await call('GET', `/api/admin/customers/${buyer.id}`, support)).statusCode).toBe(200)
    expect((await call('PATCH', `/api/admin/customers/${buyer.id}/email`, support, { email: uniqueEmail('x') })).statusCode).toBe(403)
  })
})

describe("a customer's page", () => {
  it("an account's orders, downloads used and left, refunds, disputes, what was paid without tax, and the emails sent", async () => {
    const { buyer, taxed, refunded } = await accountWithTwoOrders()
    const [a, b] = packs as [ProductRow, ProductRow]
    const downloaded = taxed.items.find((item) => item.productId === a.id)!
    expect((await requestGrant(t, { orderItemId: downloaded.id, productId: a.id }, { user: buyer })).statusCode).toBe(200)
    await t.app.mailer.deliverDue()

    const customer = await page(buyer.id)
    expect(customer).toMatchObject({
      key: buyer.id,
      kind: 'account',
      email: buyer.email,
      name: 'Ada Lovelace',
      emailVerified: true,
      ordersTotal: 2,
      paidOrders: 2,
    })
    // Paid less refunds, the 200 of tax left out.
    expect(customer.paidCents).toBe(a.priceCents + b.priceCents + a.priceCents - 300)
    expect(customer.refundedCents).toBe(300)
    expect(customer.orders.map((order) => order.id)).toEqual([refunded.orderId, taxed.orderId])
    expect(customer.orders[0]).toMatchObject({
      status: 'PARTIALLY_REFUNDED',
      refundedCents: 300,
      refunds: [expect.objectContaining({ amountCents: 300, status: 'succeeded' })],
      disputes: [expect.objectContaining({ amountCents: 100, status: 'needs_response', closedAt: null })],
    })
    const item = customer.orders[1]!.items.find((entry) => entry.id === downloaded.id)!
    expect(item).toMatchObject({ name: a.name, downloadsUsed: 1, downloadsRemaining: downloaded.downloadsRemaining - 1 })
    expect(item.lastDownloadAt).not.toBeNull()
    expect(customer.orders[1]!.items.find((entry) => entry.id !== downloaded.id)).toMatchObject({ downloadsUsed: 0, lastDownloadAt: null })
    expect(customer.emails).toContainEqual(expect.objectContaining({ to: buyer.email, subject: expect.stringContaining('Confirm your email'), status: 'sent' }))
  })

  it("a guest's page, by the address in any case", async () => {
    const guest = await guestOrder()
    const customer = await page(guestCustomerKey(guest.email.toUpperCase()))
    expect(customer).toMatchObject({
      kind: 'guest',
      email: guest.email.toLowerCase(),
      name: 'Grace Hopper',
      emailVerified: false,
      paidOrders: 1,
      paidCents: packs[1]!.priceCents,
    })
    expect(customer.orders).toEqual([expect.objectContaining({ id: guest.orderId, guest: true, customerEmail: guest.email })])
  })

  it('answers 404 for an unknown account or a guest without orders, and 400 for a key that is no key', async () => {
    expect((await call('GET', '/api/admin/customers/nobody123')).statusCode).toBe(404)
    expect((await call('GET', `/api/admin/customers/${guestCustomerKey('nobody@example.com')}`)).json()).toEqual({
      error: { message: 'Customer not found', status: 404, code: 'NOT_FOUND' },
    })
    expect((await call('GET', '/api/admin/customers/guest-Zm9v')).statusCode).toBe(404)
    expect((await call('GET', '/api/admin/customers/a.b')).statusCode).toBe(400)
  })
})

describe("correcting a buyer's email", () => {
  const auditOf = (subjectType: string, subjectId: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, subjectType), eq(auditLog.subjectId, subjectId)))

  it("moves a guest's orders to the new address, audited before → after; the old key no longer names anyone", async () => {
    const guest = await guestOrder()
    const corrected = uniqueEmail('grace')
    const response = await changeEmail(guestCustomerKey(guest.email), corrected.toUpperCase())
    expect(response.statusCode).toBe(200)
    const newKey = guestCustomerKey(corrected)
    expect(response.json().data).toEqual({ key: newKey, email: corrected, ordersMoved: 1 })

    const [order] = await t.database.db.select({ email: orders.customerEmail }).from(orders).where(eq(orders.id, guest.orderId))
    expect(order?.email).toBe(corrected)
    expect(await auditOf('customer', newKey)).toEqual([
      expect.objectContaining({
        action: 'customer.change_email',
        actorEmail: OWNER,
        before: { email: guest.email.toLowerCase() },
        after: { email: corrected },
      }),
    ])
    expect((await call('GET', `/api/admin/customers/${guestCustomerKey(guest.email)}`)).statusCode).toBe(404)
    expect((await page(newKey)).orders.map((entry) => entry.id)).toEqual([guest.orderId])
  })

  it("changes an account's email, unconfirmed, with its orders and the guest orders at the old address", async () => {
    const { buyer, taxed, refunded } = await accountWithTwoOrders()
    const atOldAddress = await guestOrder(buyer.email)
    const corrected = uniqueEmail('ada-fixed')
    const response = await changeEmail(buyer.id, corrected)
    expect(response.json().data).toEqual({ key: buyer.id, email: corrected, ordersMoved: 3 })

    const [account] = await t.database.db.select({ email: user.email, emailVerified: user.emailVerified }).from(user).where(eq(user.id, buyer.id))
    expect(account).toEqual({ email: corrected, emailVerified: false })
    for (const orderId of [taxed.orderId, refunded.orderId, atOldAddress.orderId]) {
      const [order] = await t.database.db.select({ email: orders.customerEmail }).from(orders).where(eq(orders.id, orderId))
      expect(order?.email).toBe(corrected)
    }
    expect(await auditOf('user', buyer.id)).toEqual([
      expect.objectContaining({ action: 'customer.change_email', before: { email: buyer.email }, after: { email: corrected } }),
    ])
    expect((await page(buyer.id)).orders.map((order) => order.id)).toHaveLength(3)
  })

  it("refuses another account's address with 409 and a malformed one with 400, writing nothing", async () => {
    const { buyer, taxed } = await accountWithTwoOrders()
    const other = await createSignedInUser(t)
    const guest = await guestOrder()

    for (const key of [buyer.id, guestCustomerKey(guest.email)]) {
      const taken = await changeEmail(key, other.email.toUpperCase())
      expect(taken.statusCode).toBe(409)
      expect(taken.json().error).toEqual({ message: 'Another account already uses this email address', status: 409, code: 'EMAIL_TAKEN' })
      const malformed = await changeEmail(key, 'not an address')
      expect(malformed.statusCode).toBe(400)
      expect(malformed.json().error.message).toContain('Please enter a valid email address')
    }
    const [account] = await t.database.db.select({ email: user.email, emailVerified: user.emailVerified }).from(user).where(eq(user.id, buyer.id))
    expect(account).toEqual({ email: buyer.email, emailVerified: true })
    const [order] = await t.database.db.select({ email: orders.customerEmail }).from(orders).where(eq(orders.id, taxed.orderId))
    expect(order?.email).toBe(buyer.email)
    expect(await auditOf('user', buyer.id)).toEqual([])
  })

  it('answers 404 for an unknown customer and 400 for the address they already have', async () => {
    expect((await changeEmail('nobody123', uniqueEmail('x'))).statusCode).toBe(404)
    expect((await changeEmail(guestCustomerKey('nobody@example.com'), uniqueEmail('x'))).statusCode).toBe(404)
    const guest = await guestOrder()
    const same = await changeEmail(guestCustomerKey(guest.email), guest.email)
    expect(same.statusCode).toBe(400)
    expect(same.json().error.code).toBe('EMAIL_UNCHANGED')
  })

  it('gives one address to one account when two corrections to it race: the other gets 409 and keeps its own', async () => {
    const [first, second] = [await createSignedInUser(t), await createSignedInUser(t)]
    const wanted = uniqueEmail('wanted')
    const answers = await Promise.all([changeEmail(first.id, wanted), changeEmail(second.id, wanted)])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    const holders = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, wanted))
    expect(holders).toHaveLength(1)
    const loser = holders[0]!.id === first.id ? second : first
    const [kept] = await t.database.db.select({ email: user.email }).from(user).where(eq(user.id, loser.id))
    expect(kept?.email).toBe(loser.email)
    expect(await auditOf('user', loser.id)).toEqual([])
  })
})
