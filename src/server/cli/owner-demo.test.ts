/**
 * `owner demo seed`: on a store whose demo was seeded it adds nothing and says so; a demo item
 * whose seed record is gone (a demo promo code never created here) is added, and said so in the
 * line the store's start-up logs.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runOwner } from '../../../tests/support/owner-cli.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { DEMO_PROMO_CODES } from '../../demo-catalog/promo-codes.ts'
import { promoCodes, seedLog } from '../db/schema.ts'
import { promoSeedKey } from '../db/seed.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

describe('owner demo seed', () => {
  it('adds nothing to a store whose demo was seeded', async () => {
    expect(await runOwner(t, 'demo', 'seed')).toEqual({
      code: 0,
      out: 'Nothing to seed: every demo item was added before (one the owner deleted stays deleted).',
      err: '',
    })
  })

  it('adds a demo promo code not seeded yet, and says so as start-up does', async () => {
    const { code } = DEMO_PROMO_CODES[0]!
    await t.database.db.delete(promoCodes).where(eq(promoCodes.code, code))
    await t.database.db.delete(seedLog).where(eq(seedLog.key, promoSeedKey(code)))
    expect(await runOwner(t, 'demo', 'seed')).toEqual({ code: 0, out: `Seeded the demo promo codes ${code}`, err: '' })
    expect(await t.database.db.select({ code: promoCodes.code }).from(promoCodes).where(eq(promoCodes.code, code))).toEqual([{ code }])
  })
})
