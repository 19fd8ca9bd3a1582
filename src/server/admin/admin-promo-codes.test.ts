/**
 * The owner's promo codes: creating one the cart then accepts, the form's fields refused with
 * the shared schema's words, a duplicate code, deactivating (the cart refuses it at once), the
 * uses and discount given after a paid order, the audit trail; and a once-per-customer code
 * refused at checkout to a buyer who already paid with it, while another buyer may use it.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createSession, deliverEvent, postCheckout, useFakePayments } from '../../../tests/support/checkout-fixtures.ts'
import { productsWithFiles } from '../../../tests/support/downloads.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { checkoutSessionErrorMessage } from '../../shared/checkout-errors.ts'
import type { AdminPromoCode, PromoCodeForm, PromoCodeFormInput } from '../../shared/contract/admin-promo-codes.ts'
import { auditLog, cartItems, categories, orders, type ProductRow } from '../db/schema.ts'
import type { FakePaymentProvider } from '../../../tests/support/fake-payment-provider.ts'

const OWNER = uniqueEmail('owner')
let t: TestApp
let owner: SignedInUser
let fake: FakePaymentProvider
let pack: ProductRow
let otherPack: ProductRow
let address = 0

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  owner = await createSignedInUser(t, { email: OWNER })
  fake = useFakePayments(t)
  ;[pack, otherPack] = (await productsWithFiles(t, 12)).filter((product) => product.priceCents >= 1000) as [ProductRow, ProductRow]
})
afterAll(async () => t?.close())

function admin(method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: { origin: t.config.publicUrl, cookie: owner.cookie }, ...(payload ? { payload } : {}) })
}

const form = (overrides: Partial<PromoCodeForm> = {}): PromoCodeFormInput => ({
  code: `spring${Math.random().toString(36).slice(2, 8)}`,
  percentOff: '15',
  startsAt: '',
  endsAt: '',
  maxUses: '',
  oncePerCustomer: false,
  minSubtotal: '',
  active: true,
  ...overrides,
})

/** Applies the code in the cart drawer of a shopper with one pack in the cart. */
const applyInCart = (code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/promo-codes/validate',
    headers: { origin: t.config.publicUrl },
    payload: { code, items: [{ productId: pack.id, quantity: 1 }] },
  })
const listed = async (id: string) => ((await admin('GET', '/api/admin/promo-codes')).json().data as AdminPromoCode[]).find((code) => code.id === id)!

/** A signed-in buyer checks out a pack with the code; the order is paid unless the checkout is refused. */
async function buyWith(buyer: SignedInUser, code: string, product = pack) {
  await t.database.db.delete(cartItems).where(eq(cartItems.userId, buyer.id))
  await t.database.db.insert(cartItems).values({ userId: buyer.id, productId: product.id, quantity: 1 })
  const body = { checkoutType: 'cart', userId: buyer.id, promoCode: code }
  const remoteAddress = `198.51.100.${++address}`
  const refused = await postCheckout(t, body, { cookie: buyer.cookie, remoteAddress })
  if (refused.statusCode !== 200) return { refused: refused.json().error as { message: string; status: number; code: string } }
  const created = refused.json() as Awaited<ReturnType<typeof createSession>>
  expect((await deliverEvent(t, fake, 'checkout.session.completed', fake.pay(created.sessionId))).statusCode).toBe(200)
  return { orderId: created.orderId }
}

describe('the promo code form', () => {
  it('creates a code the cart accepts, stored in capitals, audited', async () => {
    const response = await admin('POST', '/api/admin/promo-codes', {
      form: form({ code: 'launch-week', percentOff: '20', maxUses: '50', minSubtotal: '10.00' }),
    })
    expect(response.statusCode).toBe(201)
    const created = response.json().data as AdminPromoCode
    expect(created).toMatchObject({
      code: 'LAUNCH-WEEK',
      percentOff: 20,
      maxUses: 50,
      minSubtotalCents: 1000,
      uses: 0,
      paidOrders: 0,
      discountGivenCents: 0,
      active: true,
    })
    expect((await applyInCart('launch-week')).json()).toMatchObject({ code: 'LAUNCH-WEEK', discount: 0.2 })
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, created.id))
    expect(entry).toMatchObject({ action: 'promo.create', actorEmail: OWNER })
  })

  it.each([
    [{ code: 'ab' }, 'code', 'Code must be 3 to 40 letters, digits, - or _'],
    [{ code: 'TEN OFF' }, 'code', 'Code must be 3 to 40 letters, digits, - or _'],
    [{ percentOff: '0' }, 'percentOff', 'Percent off must be a whole number from 1 to 100'],
    [{ percentOff: '150' }, 'percentOff', 'Percent off must be a whole number from 1 to 100'],
    [{ maxUses: '0' }, 'maxUses', 'Max uses must be a whole number from 1 to 1000000'],
    [{ minSubtotal: '9.999' }, 'minSubtotal', 'Minimum subtotal must be an amount in dollars with at most 2 decimals'],
    [{ startsAt: '2026-12-10T00:00:00.000Z', endsAt: '2026-12-01T00:00:00.000Z' }, 'endsAt', 'Ends must be after Starts'],
    [{ endsAt: 'next friday' }, 'endsAt', 'Ends must be a date and time'],
  ])('refuses %j on %s', async (overrides, field, message) => {
    const response = await admin('POST', '/api/admin/promo-codes', { form: form(overrides) })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.message).toContain(message)
    expect(JSON.stringify(response.json().error)).toContain(field)
  })

  it('refuses a code that exists in any case, beside the Code field', async () => {
    await admin('POST', '/api/admin/promo-codes', { form: form({ code: 'TWINS' }) })
    const again = await admin('POST', '/api/admin/promo-codes', { form: form({ code: 'twins' }) })
    expect(again.statusCode).toBe(400)
    expect(again.json().error).toMatchObject({ field: 'code', message: 'A promo code with this code already exists' })
  })

  it('deactivates a code: the cart refuses it at once, and the trail shows active true → false', async () => {
    const created = (await admin('POST', '/api/admin/promo-codes', { form: form({ code: 'SHORTLIVED' }) })).json().data as AdminPromoCode
    expect((await applyInCart('SHORTLIVED')).statusCode).toBe(200)
    const saved = await admin('PUT', `/api/admin/promo-codes/${created.id}`, { form: { ...created.form, active: false }, version: created.version })
    expect(saved.json().data.active).toBe(false)
    expect((await applyInCart('SHORTLIVED')).statusCode).toBe(404)
    const history = (await admin('GET', `/api/admin/promo-codes/${created.id}/history`)).json().data
    expect(history[0]).toMatchObject({ action: 'promo.update', changes: [{ field: 'active', before: 'true', after: 'false' }] })
    expect((await admin('PUT', '/api/admin/promo-codes/00000000-0000-4000-8000-000000000000', { form: form(), version: 1 })).statusCode).toBe(404)
  })
})

describe('uses and once per customer', () => {
  it('counts a paid order and its discount; a once-per-customer code is refused to the same buyer, not to another', async () => {
    const created = (await admin('POST', '/api/admin/promo-codes', { form: form({ code: 'ONCEONLY', percentOff: '10', oncePerCustomer: true }) })).json()
      .data as AdminPromoCode
    const first = await createSignedInUser(t)
    const paid = await buyWith(first, 'ONCEONLY')
    expect(paid.orderId).toBeDefined()
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, paid.orderId!))
    expect(order!.discountCents).toBe(Math.round(pack.priceCents * 0.1))

    expect(await listed(created.id)).toMatchObject({ uses: 1, paidOrders: 1, discountGivenCents: order!.discountCents })

    const second = await buyWith(first, 'ONCEONLY', otherPack)
    expect(second.refused).toEqual({ message: 'You have already used this promo code', status: 400, code: 'PROMO_ALREADY_USED' })
    expect(checkoutSessionErrorMessage(second.refused!)).toBe('You have already used this promo code')
    expect((await listed(created.id)).uses).toBe(1)

    const other = await buyWith(await createSignedInUser(t), 'ONCEONLY')
    expect(other.orderId).toBeDefined()
    expect(await listed(created.id)).toMatchObject({ uses: 2, paidOrders: 2 })
  })
})

describe('fixed, limited and budgeted codes', () => {
  it('creates a $5.00 code limited to a product and a category, not on sale items, with a budget; listed with names and the budget used', async () => {
    const [category] = await t.database.db.select({ id: categories.id, name: categories.name }).from(categories).limit(1)
    const response = await admin('POST', '/api/admin/promo-codes', {
      form: form({
        code: 'FIVEOFF',
        kind: 'amount',
        percentOff: '',
        amountOff: '5.00',
        productIds: [pack.id],
        categoryIds: [category!.id],
        excludeSaleItems: true,
        budget: '100.00',
      }),
    })
    expect(response.statusCode).toBe(201)
    expect(response.json().data).toMatchObject({
      code: 'FIVEOFF',
      percentOff: null,
      amountOffCents: 500,
      scope: { products: [{ id: pack.id, name: pack.name }], categories: [{ id: category!.id, name: category!.name }] },
      excludeSaleItems: true,
      budgetCents: 10_000,
      budgetUsedCents: 0,
      form: { kind: 'amount', amountOff: '5.00', budget: '100.00', productIds: [pack.id], categoryIds: [category!.id], excludeSaleItems: true },
    })
  })

  it('refuses an amount code without an amount, an unknown product and a zero budget, beside their fields', async () => {
    const noAmount = await admin('POST', '/api/admin/promo-codes', { form: form({ kind: 'amount', percentOff: '', amountOff: '' }) })
    expect(noAmount.json().error).toMatchObject({ status: 400, field: 'amountOff', message: 'Amount off is required: at least $0.01' })
    const unknown = await admin('POST', '/api/admin/promo-codes', { form: form({ productIds: ['00000000-0000-4000-8000-000000000000'] }) })
    expect(unknown.json().error).toMatchObject({ status: 400, field: 'productIds', message: 'Products must be the store\u2019s products' })
    const zero = await admin('POST', '/api/admin/promo-codes', { form: form({ budget: '0' }) })
    expect(zero.json().error).toMatchObject({ status: 400, field: 'budget', message: 'Budget must be at least $0.01, or empty for no budget' })
  })

  it('counts a paid order against the budget and refuses a budget below what was given', async () => {
    const created = (
      await admin('POST', '/api/admin/promo-codes', { form: form({ code: 'BUDGETED', kind: 'amount', percentOff: '', amountOff: '3.00', budget: '10.00' }) })
    ).json().data as AdminPromoCode
    const paid = await buyWith(await createSignedInUser(t), 'BUDGETED')
    expect(paid.orderId).toBeDefined()
    expect(await listed(created.id)).toMatchObject({ uses: 1, paidOrders: 1, discountGivenCents: 300, budgetCents: 1000, budgetUsedCents: 300 })

    const lowered = await admin('PUT', `/api/admin/promo-codes/${created.id}`, { form: { ...created.form, budget: '2.99' }, version: created.version })
    expect(lowered.json().error).toMatchObject({ status: 400, field: 'budget', message: 'Budget cannot be below the $3.00 the code has already given' })
    const atGiven = await admin('PUT', `/api/admin/promo-codes/${created.id}`, { form: { ...created.form, budget: '3.00' }, version: created.version })
    expect(atGiven.json().data).toMatchObject({ budgetCents: 300, budgetUsedCents: 300 })
    // Spent: the cart refuses it.
    expect((await applyInCart('BUDGETED')).json().error).toMatchObject({ code: 'PROMO_BUDGET_SPENT', message: 'BUDGETED has reached its budget' })
  })
})
