import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { promoCodes } from '../db/schema.ts'
import { productByName } from '../../../tests/support/checkout-fixtures.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { createCatalogService } from '../catalog/catalog.service.ts'
import { createPromoService } from './promo.service.ts'

let t: TestApp
/** Neo Soul Progressions, $19.99. */
let neoSoul: { id: string }
beforeAll(async () => {
  t = await createTestApp()
  neoSoul = await productByName(t, 'Neo Soul Progressions')
})
afterAll(async () => t?.close())

async function validate(payload: unknown, remoteAddress = '127.0.0.1') {
  const response = await t.app.inject({ method: 'POST', url: '/api/promo-codes/validate', payload: payload as object, remoteAddress })
  return { status: response.statusCode, body: response.json() as Record<string, unknown> }
}

const DAY = 24 * 60 * 60 * 1000

/** A whole-cart percent code's answer: its fraction, minimum and terms (every line, no budget). */
const percentAnswer = (code: string, percentOff: number, minSubtotalCents = 0) => ({
  code,
  discount: percentOff / 100,
  minSubtotalCents,
  terms: { percentOff, amountOffCents: null, productIds: [], categoryIds: [], excludeSaleItems: false, budgetLeftCents: null },
  scope: null,
})

describe('POST /api/promo-codes/validate', () => {
  it('answers each seeded code with its discount fraction', async () => {
    expect(await validate({ code: 'WELCOME10' })).toEqual({ status: 200, body: percentAnswer('WELCOME10', 10) })
    expect((await validate({ code: 'SAVE20' })).body).toEqual(percentAnswer('SAVE20', 20))
    expect((await validate({ code: 'SPECIAL25' })).body).toEqual(percentAnswer('SPECIAL25', 25))
    expect((await validate({ code: 'LAUNCH' })).body).toEqual(percentAnswer('LAUNCH', 15))
  })

  it('matches case-insensitively and trimmed, answering the stored uppercase code', async () => {
    expect(await validate({ code: '  welcome10 ' })).toEqual({ status: 200, body: percentAnswer('WELCOME10', 10) })
  })

  it('answers an unknown code with 404 "Invalid promo code"', async () => {
    expect(await validate({ code: 'NOPE' })).toEqual({
      status: 404,
      body: { error: { message: 'Invalid promo code', status: 404, code: 'INVALID_PROMO_CODE' } },
    })
  })

  it('refuses a blank code with 400', async () => {
    const blank = await validate({ code: '   ' })
    expect(blank.status).toBe(400)
    expect(blank.body).toMatchObject({ error: { message: 'Promo code is required' } })
    expect((await validate({})).status).toBe(400)
    expect((await validate({ code: 'X'.repeat(500) })).body).toMatchObject({ error: { message: 'Invalid promo code' } })
  })

  it('answers a switched-off code as unknown, and says why a code the store has cannot be used', async () => {
    const now = Date.now()
    await t.database.db.insert(promoCodes).values([
      { code: 'OFFLINE', percentOff: 30, active: false },
      { code: 'EXPIRED', percentOff: 30, endsAt: new Date('2020-03-31T12:00:00Z') },
      { code: 'SOON', percentOff: 30, startsAt: new Date('2099-12-01T12:00:00Z') },
      { code: 'USEDUP', percentOff: 30, maxUses: 5, uses: 5 },
      { code: 'WINDOW', percentOff: 30, startsAt: new Date(now - DAY), endsAt: new Date(now + DAY), maxUses: 5, uses: 4 },
    ])
    expect(await validate({ code: 'offline' })).toEqual({
      status: 404,
      body: { error: { message: 'Invalid promo code', status: 404, code: 'INVALID_PROMO_CODE' } },
    })
    expect(await validate({ code: 'expired' })).toEqual({
      status: 400,
      body: { error: { message: 'EXPIRED expired on March 31, 2020', status: 400, code: 'PROMO_EXPIRED' } },
    })
    expect(await validate({ code: 'soon' })).toEqual({
      status: 400,
      body: { error: { message: 'SOON starts on December 1, 2099', status: 400, code: 'PROMO_NOT_STARTED' } },
    })
    expect(await validate({ code: 'usedup' })).toEqual({
      status: 400,
      body: { error: { message: 'USEDUP has been used up', status: 400, code: 'PROMO_USED_UP' } },
    })
    expect(await validate({ code: 'window' })).toEqual({ status: 200, body: percentAnswer('WINDOW', 30) })
  })

  it("checks a code's minimum against the cart at the catalog's prices, saying how much more to add", async () => {
    await t.database.db.insert(promoCodes).values({ code: 'SPRING', percentOff: 15, minSubtotalCents: 4000 })
    // The browser's price is not read: the line is $19.99 in the catalog.
    const oneLine = await validate({ code: 'spring', items: [{ productId: neoSoul.id, quantity: 1, priceCents: 999_999 }] })
    expect(oneLine).toEqual({
      status: 400,
      body: { error: { message: 'SPRING needs a subtotal of $40.00: add $20.01 more', status: 400, code: 'PROMO_MINIMUM_NOT_MET' } },
    })
    expect((await validate({ code: 'SPRING' })).body).toMatchObject({ error: { message: 'SPRING needs a subtotal of $40.00: add $40.00 more' } })
    // A line of a product the store does not sell adds nothing.
    const unknownLine = await validate({ code: 'SPRING', items: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 3 }] })
    expect(unknownLine.body).toMatchObject({ error: { code: 'PROMO_MINIMUM_NOT_MET', message: 'SPRING needs a subtotal of $40.00: add $40.00 more' } })
    expect(await validate({ code: 'SPRING', items: [{ productId: neoSoul.id, quantity: 3 }] })).toEqual({
      status: 200,
      body: percentAnswer('SPRING', 15, 4000),
    })
  })

  it('never counts a code the store has as a guess, whatever the reason it cannot be used', async () => {
    for (let i = 0; i < 25; i++) expect((await validate({ code: 'usedup' }, '203.0.113.9')).status).toBe(400)
    expect((await validate({ code: 'NOSUCH' }, '203.0.113.9')).status).toBe(404)
  })

  it('limits refused attempts per address (429), while valid codes never use the allowance up', async () => {
    for (let i = 0; i < 25; i++) expect((await validate({ code: 'welcome10' }, '203.0.113.7')).status).toBe(200)
    for (let i = 0; i < 20; i++) expect((await validate({ code: `GUESS${i}` }, '203.0.113.7')).status).toBe(404)
    const refused = await validate({ code: 'GUESS21' }, '203.0.113.7')
    expect(refused).toMatchObject({ status: 429, body: { error: { message: 'Too many promo code attempts. Please try again later.' } } })
    expect((await validate({ code: 'GUESS22' }, '203.0.113.8')).status).toBe(404)
  })

  it('answers malformed JSON with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/promo-codes/validate',
      headers: { 'content-type': 'application/json' },
      payload: '{"code":',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ error: { message: 'Request body is not valid JSON' } })
  })
})

describe('promo service', () => {
  it("refuses at checkout with the Apply button's reasons, and the spec's wording for an unknown code", async () => {
    await t.database.db.insert(promoCodes).values({ code: 'BIGCART', percentOff: 10, minSubtotalCents: 5000 })
    const promo = createPromoService(t.database.db, createCatalogService(t.database.db))
    const cart = (subtotalCents: number) => [{ priceCents: subtotalCents, quantity: 1 }]
    await expect(promo.requireUsable('bigcart', cart(4999))).rejects.toMatchObject({
      status: 400,
      code: 'PROMO_MINIMUM_NOT_MET',
      message: 'BIGCART needs a subtotal of $50.00: add $0.01 more',
    })
    expect(await promo.requireUsable('bigcart', cart(5000))).toMatchObject({ code: 'BIGCART', percentOff: 10 })
    await expect(promo.requireUsable('nope', cart(5000))).rejects.toMatchObject({
      status: 400,
      code: 'INVALID_PROMO_CODE',
      message: 'Invalid or expired promo code',
    })
  })
})
