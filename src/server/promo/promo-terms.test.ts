/**
 * Codes, second generation: a code limited to products or categories (or not on sale items) is
 * refused at Apply and at checkout when it covers none of the cart's lines, naming what it
 * applies to; a fixed-amount code is answered with its terms so the cart prices it; a budget is
 * held by each order's discount (reserved with the use, given back on release), capped at what is
 * left, and refused once spent.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uniqueEmail } from '../../../tests/support/accounts.ts'
import { createSession, orderById, postCheckout, productByName, useFakePayments } from '../../../tests/support/checkout-fixtures.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { createCatalogService } from '../catalog/catalog.service.ts'
import { categories, promoCodes, promoRedemptions, type ProductRow } from '../db/schema.ts'
import { createPromoService } from './promo.service.ts'

let t: TestApp
/** $19.99, MIDI Packs. */
let neoSoul: ProductRow
/** $14.99, Tools. */
let scaleFinder: ProductRow
/** $24.99, compare-at $34.99 (on sale), Sample Packs. */
let dustyKeys: ProductRow
let midiPacks: string
let address = 0

beforeAll(async () => {
  t = await createTestApp()
  useFakePayments(t)
  neoSoul = await productByName(t, 'Neo Soul Progressions')
  scaleFinder = await productByName(t, 'Scale Finder MIDI Library')
  dustyKeys = await productByName(t, 'Dusty Keys Vol. 1')
  const [category] = await t.database.db.select({ id: categories.id }).from(categories).where(eq(categories.slug, 'midi-packs'))
  midiPacks = category!.id
})
afterAll(async () => t?.close())

const line = (product: ProductRow, quantity = 1) => ({ productId: product.id, quantity })

async function apply(code: string, items: { productId: string; quantity: number }[]) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/promo-codes/validate',
    payload: { code, items },
    remoteAddress: `192.0.2.${(address % 250) + 1}`,
  })
  address++
  return { status: response.statusCode, body: response.json() as Record<string, unknown> }
}

/** A guest's direct checkout of the lines with the code. */
const checkout = (code: string, items: { productId: string; quantity: number }[]) =>
  postCheckout(t, { checkoutType: 'direct', customerEmail: uniqueEmail('terms'), promoCode: code, items }, { remoteAddress: `198.18.0.${++address % 250}` })

const codeRow = async (code: string) => (await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, code)))[0]!

describe('a code limited to products, categories or lines not on sale, at Apply', () => {
  it('refuses a product code on a cart without that product, naming it; answers its terms when the cart has it', async () => {
    await t.database.db.insert(promoCodes).values({ code: 'NEOSOUL', percentOff: 20, productIds: [neoSoul.id] })
    expect(await apply('neosoul', [line(scaleFinder)])).toEqual({
      status: 400,
      body: { error: { message: 'NEOSOUL applies to Neo Soul Progressions only', status: 400, code: 'PROMO_NOT_APPLICABLE' } },
    })
    expect(await apply('neosoul', [line(scaleFinder), line(neoSoul)])).toEqual({
      status: 200,
      body: {
        code: 'NEOSOUL',
        discount: 0.2,
        minSubtotalCents: 0,
        terms: { percentOff: 20, amountOffCents: null, productIds: [neoSoul.id], categoryIds: [], excludeSaleItems: false, budgetLeftCents: null },
        scope: 'NEOSOUL applies to Neo Soul Progressions only',
      },
    })
  })

  it('refuses a fixed-amount category code on a cart of other categories; answers $5.00 off with no fraction', async () => {
    await t.database.db.insert(promoCodes).values({ code: 'MIDI5', amountOffCents: 500, categoryIds: [midiPacks] })
    expect((await apply('MIDI5', [line(scaleFinder)])).body).toEqual({
      error: { message: 'MIDI5 applies to MIDI Packs only', status: 400, code: 'PROMO_NOT_APPLICABLE' },
    })
    const applied = await apply('MIDI5', [line(neoSoul)])
    expect(applied.status).toBe(200)
    expect(applied.body).toMatchObject({ discount: 0, terms: { percentOff: null, amountOffCents: 500, categoryIds: [midiPacks] } })
  })

  it('refuses a "not on sale items" code on a cart of sale items only', async () => {
    await t.database.db.insert(promoCodes).values({ code: 'FULLPRICE', percentOff: 10, excludeSaleItems: true })
    expect((await apply('FULLPRICE', [line(dustyKeys)])).body).toEqual({
      error: { message: 'FULLPRICE does not apply to items on sale', status: 400, code: 'PROMO_NOT_APPLICABLE' },
    })
    expect((await apply('FULLPRICE', [line(dustyKeys), line(neoSoul)])).status).toBe(200)
  })

  it('refuses a code whose budget is spent, and answers what is left of one that is not', async () => {
    await t.database.db.insert(promoCodes).values([
      { code: 'SPENT', percentOff: 10, budgetCents: 1000, discountGivenCents: 1000 },
      { code: 'SOMELEFT', percentOff: 10, budgetCents: 1000, discountGivenCents: 700 },
    ])
    expect((await apply('SPENT', [line(neoSoul)])).body).toEqual({
      error: { message: 'SPENT has reached its budget', status: 400, code: 'PROMO_BUDGET_SPENT' },
    })
    expect((await apply('SOMELEFT', [line(neoSoul)])).body).toMatchObject({ terms: { budgetLeftCents: 300 } })
  })
})

describe('a budget at checkout', () => {
  it('holds each order discount, caps the last order at what is left, then refuses the code as spent', async () => {
    // $5.00 off with $8.00 to give: one full discount, then the $3.00 left, then none.
    await t.database.db.insert(promoCodes).values({ code: 'EIGHT', amountOffCents: 500, budgetCents: 800 })
    const first = await createSession(t, { checkoutType: 'direct', customerEmail: uniqueEmail('budget'), promoCode: 'EIGHT', items: [line(neoSoul)] })
    expect((await orderById(t, first.orderId)).discountCents).toBe(500)
    expect(await codeRow('EIGHT')).toMatchObject({ uses: 1, discountGivenCents: 500 })

    const second = await checkout('EIGHT', [line(neoSoul)])
    expect(second.statusCode).toBe(200)
    const secondOrder = await orderById(t, second.json().orderId)
    expect(secondOrder).toMatchObject({ discountCents: 300, subtotalCents: 1999 })
    expect(await codeRow('EIGHT')).toMatchObject({ uses: 2, discountGivenCents: 800 })
    const [held] = await t.database.db.select().from(promoRedemptions).where(eq(promoRedemptions.orderId, secondOrder.id))
    expect(held).toMatchObject({ status: 'reserved', discountCents: 300 })

    const third = await checkout('EIGHT', [line(neoSoul)])
    expect(third.statusCode).toBe(400)
    expect(third.json().error).toEqual({ message: 'EIGHT has reached its budget', status: 400, code: 'PROMO_BUDGET_SPENT' })
    expect(await codeRow('EIGHT')).toMatchObject({ uses: 2, discountGivenCents: 800 })
  })

  it('refuses at checkout a limited code that covers none of the lines, taking no use', async () => {
    await t.database.db.insert(promoCodes).values({ code: 'ONLYNEO', percentOff: 50, productIds: [neoSoul.id] })
    const refused = await checkout('ONLYNEO', [line(scaleFinder)])
    expect(refused.json().error).toEqual({ message: 'ONLYNEO applies to Neo Soul Progressions only', status: 400, code: 'PROMO_NOT_APPLICABLE' })
    expect((await codeRow('ONLYNEO')).uses).toBe(0)
    // Covered: the discount is the covered line's only (50 % of $19.99 = $10.00, nothing off the $14.99 line).
    const paidWith = await checkout('ONLYNEO', [line(scaleFinder), line(neoSoul)])
    expect(await orderById(t, paidWith.json().orderId)).toMatchObject({ subtotalCents: 3498, discountCents: 1000 })
  })
})

describe('reserve and release with a budget', () => {
  const promo = () => createPromoService(t.database.db, createCatalogService(t.database.db))

  it('refuses a reservation the budget cannot hold in full, changing nothing; a release gives the use and the discount back', async () => {
    await t.database.db.insert(promoCodes).values({ code: 'HELD', amountOffCents: 400, budgetCents: 1000 })
    const session = await createSession(t, { checkoutType: 'direct', customerEmail: uniqueEmail('held'), promoCode: 'HELD', items: [line(neoSoul)] })
    const held = await codeRow('HELD')
    expect(held).toMatchObject({ uses: 1, discountGivenCents: 400 })

    // Another order of $700 off would take it to $11.00 of $10.00.
    const plain = await createSession(t, { checkoutType: 'direct', customerEmail: uniqueEmail('plain'), items: [line(scaleFinder)] })
    const overBudget = await t.database.db.transaction((tx) => promo().reserve(tx, held.id, plain.orderId, 'someone@example.com', 700))
    expect(overBudget).toBe('budget-spent')
    expect(await codeRow('HELD')).toMatchObject({ uses: 1, discountGivenCents: 400 })
    expect(await t.database.db.transaction((tx) => promo().reserve(tx, held.id, plain.orderId, 'someone@example.com', 600))).toBe('reserved')
    expect(await codeRow('HELD')).toMatchObject({ uses: 2, discountGivenCents: 1000 })

    await t.database.db.transaction((tx) => promo().release(tx, session.orderId))
    expect(await codeRow('HELD')).toMatchObject({ uses: 1, discountGivenCents: 600 })
    const [released] = await t.database.db.select().from(promoRedemptions).where(eq(promoRedemptions.orderId, session.orderId))
    expect(released).toMatchObject({ status: 'released', discountCents: 400 })
    // Released twice gives nothing more back.
    await t.database.db.transaction((tx) => promo().release(tx, session.orderId))
    expect(await codeRow('HELD')).toMatchObject({ uses: 1, discountGivenCents: 600 })
  })
})
