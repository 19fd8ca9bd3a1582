/**
 * `owner promo set`: creates a code the cart accepts, changes only the options given on an
 * existing one, deactivates it, refuses bad values with the form's words (and an end in the past
 * on an active code), and records each change as the CLI. Runs on PGlite and, under test:pg, on PostgreSQL.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runOwner } from '../../../tests/support/owner-cli.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { productByName } from '../../../tests/support/checkout-fixtures.ts'
import { auditLog, promoCodes } from '../db/schema.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

const owner = (...argv: string[]) => runOwner(t, ...argv)

const applyInCart = (code: string) =>
  t.app.inject({ method: 'POST', url: '/api/promo-codes/validate', headers: { origin: t.config.publicUrl }, payload: { code } })

describe('owner promo set', () => {
  it('creates a code, changes only what is given, deactivates it, each change audited as the CLI', async () => {
    expect(await owner('promo', 'set', 'cli-winter', '--percent', '25', '--ends', '2099-01-01', '--max-uses', '200', '--once-per-customer')).toEqual({
      code: 0,
      out: 'Created CLI-WINTER: 25% off, until 2099-01-01 00:00 UTC, 0 of 200 uses, once per customer, active.',
      err: '',
    })
    expect((await applyInCart('cli-winter')).json()).toMatchObject({ code: 'CLI-WINTER', discount: 0.25 })

    expect((await owner('promo', 'set', 'CLI-WINTER', '--min-subtotal', '30')).out).toBe(
      'Saved CLI-WINTER: 25% off, until 2099-01-01 00:00 UTC, 0 of 200 uses, once per customer, minimum $30.00, active.',
    )
    expect((await owner('promo', 'set', 'CLI-WINTER', '--inactive')).out).toMatch(/, inactive\.$/)
    expect((await applyInCart('cli-winter')).statusCode).toBe(404)

    const [row] = await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'CLI-WINTER'))
    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, row!.id))
    expect(trail.map((entry) => [entry.action, entry.actorEmail]).sort()).toEqual([
      ['promo.create', 'owner-cli'],
      ['promo.update', 'owner-cli'],
      ['promo.update', 'owner-cli'],
    ])
  })

  it('refuses bad values with the form\u2019s words and a new code without a percent', async () => {
    expect(await owner('promo', 'set', 'NEWCODE')).toMatchObject({ code: 1, err: 'NEWCODE is a new code: give --percent or --amount' })
    expect(await owner('promo', 'set', 'BIGCODE', '--percent', '120')).toMatchObject({
      code: 1,
      err: '--percent: Percent off must be a whole number from 1 to 100',
    })
    expect(await owner('promo', 'set', 'DATECODE', '--percent', '10', '--starts', '2030-02-01', '--ends', '2030-01-01')).toMatchObject({
      code: 1,
      err: '--ends: Ends must be after Starts',
    })
    expect(await owner('promo', 'set', 'x!', '--percent', '10')).toMatchObject({ code: 1, err: 'CODE: Code must be 3 to 40 letters, digits, - or _' })
    expect(await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'BIGCODE'))).toEqual([])
  })

  it('refuses an end in the past on an active code, and takes it on an inactive one', async () => {
    const refused = await owner('promo', 'set', 'PAST-SALE', '--percent', '10', '--ends', '2020-01-01')
    expect(refused).toEqual({
      code: 1,
      out: '',
      err: '--ends: 2020-01-01 00:00 UTC is in the past, so the code would never work: give a later --ends, or --inactive to keep it switched off',
    })
    expect(await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'PAST-SALE'))).toEqual([])

    expect(await owner('promo', 'set', 'PAST-SALE', '--percent', '10', '--ends', '2020-01-01', '--inactive')).toEqual({
      code: 0,
      out: 'Created PAST-SALE: 10% off, until 2020-01-01 00:00 UTC, 0 uses, inactive.',
      err: '',
    })
    // Switching it on as it is would make the same dead code.
    expect(await owner('promo', 'set', 'PAST-SALE', '--active')).toMatchObject({
      code: 1,
      err: 'PAST-SALE ended at 2020-01-01 00:00 UTC, so the code would never work: give a later --ends, or --inactive to keep it switched off',
    })
    expect(await t.database.db.select({ active: promoCodes.active }).from(promoCodes).where(eq(promoCodes.code, 'PAST-SALE'))).toEqual([{ active: false }])

    expect((await owner('promo', 'set', 'PAST-SALE', '--active', '--ends', '2099-06-01')).out).toBe(
      'Saved PAST-SALE: 10% off, until 2099-06-01 00:00 UTC, 0 uses, active.',
    )
    expect((await applyInCart('past-sale')).json()).toMatchObject({ code: 'PAST-SALE', discount: 0.1 })
  })

  it('sets a fixed amount limited to products and categories, not on sale items, with a budget; switches back to a percent off every line', async () => {
    const neoSoul = await productByName(t, 'Neo Soul Progressions')
    const created = await owner(
      'promo',
      'set',
      'cli-five',
      '--amount',
      '5.00',
      '--products',
      neoSoul.id,
      '--categories',
      'tools',
      '--not-on-sale',
      '--budget',
      '100.00',
    )
    expect(created).toEqual({
      code: 0,
      out: 'Created CLI-FIVE: $5.00 off, on Neo Soul Progressions and Tools only, not on sale items, budget $0.00 of $100.00 used, 0 uses, active.',
      err: '',
    })
    const [row] = await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'CLI-FIVE'))
    expect(row).toMatchObject({ percentOff: null, amountOffCents: 500, productIds: [neoSoul.id], excludeSaleItems: true, budgetCents: 10_000 })
    expect(row!.categoryIds).toHaveLength(1)

    expect((await owner('promo', 'set', 'CLI-FIVE', '--percent', '10', '--products', '', '--categories', '', '--sale-items', '--budget', 'none')).out).toBe(
      'Saved CLI-FIVE: 10% off, 0 uses, active.',
    )
    expect((await applyInCart('cli-five')).json()).toMatchObject({ code: 'CLI-FIVE', discount: 0.1, scope: null })
  })

  it('refuses an unknown category or product, and both --percent and --amount', async () => {
    expect(await owner('promo', 'set', 'CLI-BAD', '--amount', '5', '--categories', 'no-such-thing')).toMatchObject({
      code: 1,
      err: '--categories: no-such-thing is not a category (use one of: instruments, midi-packs, processors, sample-packs, tools)',
    })
    expect(await owner('promo', 'set', 'CLI-BAD', '--amount', '5', '--products', '00000000-0000-4000-8000-000000000000')).toMatchObject({
      code: 1,
      err: '--products: Products must be the store\u2019s products',
    })
    expect(await owner('promo', 'set', 'CLI-BAD', '--amount', '5', '--percent', '10')).toMatchObject({ code: 1, err: 'Give --percent or --amount, not both' })
    expect(await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'CLI-BAD'))).toEqual([])
  })
})
