import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { promoCodes } from '../db/schema.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { createPromoService } from './promo.service.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

async function validate(payload: unknown, remoteAddress = '127.0.0.1') {
  const response = await t.app.inject({ method: 'POST', url: '/api/promo-codes/validate', payload: payload as object, remoteAddress })
  return { status: response.statusCode, body: response.json() as Record<string, unknown> }
}

const DAY = 24 * 60 * 60 * 1000

describe('POST /api/promo-codes/validate', () => {
  it('answers each seeded code with its discount fraction', async () => {
    expect(await validate({ code: 'WELCOME10' })).toEqual({ status: 200, body: { code: 'WELCOME10', discount: 0.1 } })
    expect((await validate({ code: 'SAVE20' })).body).toEqual({ code: 'SAVE20', discount: 0.2 })
    expect((await validate({ code: 'SPECIAL25' })).body).toEqual({ code: 'SPECIAL25', discount: 0.25 })
    expect((await validate({ code: 'LAUNCH' })).body).toEqual({ code: 'LAUNCH', discount: 0.15 })
  })

  it('matches case-insensitively and trimmed, answering the stored uppercase code', async () => {
    expect(await validate({ code: '  welcome10 ' })).toEqual({ status: 200, body: { code: 'WELCOME10', discount: 0.1 } })
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

  it('treats inactive, expired, not yet started and used-up codes as invalid', async () => {
    const now = Date.now()
    await t.database.db.insert(promoCodes).values([
      { code: 'OFFLINE', percentOff: 30, active: false },
      { code: 'EXPIRED', percentOff: 30, endsAt: new Date(now - DAY) },
      { code: 'SOON', percentOff: 30, startsAt: new Date(now + DAY) },
      { code: 'USEDUP', percentOff: 30, maxUses: 5, uses: 5 },
      { code: 'WINDOW', percentOff: 30, startsAt: new Date(now - DAY), endsAt: new Date(now + DAY), maxUses: 5, uses: 4 },
    ])
    for (const code of ['offline', 'expired', 'soon', 'usedup']) {
      expect(await validate({ code })).toMatchObject({ status: 404, body: { error: { message: 'Invalid promo code' } } })
    }
    expect(await validate({ code: 'window' })).toEqual({ status: 200, body: { code: 'WINDOW', discount: 0.3 } })
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
  it('checks the minimum subtotal when checkout gives one', async () => {
    await t.database.db.insert(promoCodes).values({ code: 'BIGCART', percentOff: 10, minSubtotalCents: 5000 })
    const promo = createPromoService(t.database.db)
    expect(await promo.findUsable('bigcart', { subtotalCents: 4999 })).toBeNull()
    expect(await promo.findUsable('bigcart', { subtotalCents: 5000 })).toMatchObject({ code: 'BIGCART', percentOff: 10 })
  })
})
