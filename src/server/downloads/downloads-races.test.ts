/**
 * Concurrent grants on PostgreSQL (PGlite has one connection, so nothing runs in parallel
 * there): ten requests at once on a line with three downloads left give exactly three URLs,
 * three log rows and a remaining count of zero.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { downloads } from '../db/schema.ts'
import { createSignedInUser } from '../../../tests/support/accounts.ts'
import { productsWithFiles, remainingOf, requestGrant } from '../../../tests/support/downloads.ts'
import { createCompletedOrder } from '../../../tests/support/orders.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

describe.runIf(process.env.DATABASE_URL)('download grants under concurrency (PostgreSQL)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => t?.close())

  it('10 parallel grants on a line with 3 remaining → exactly 3 URLs, remaining 0', async () => {
    expect(t.database.kind).toBe('postgres')
    const buyer = await createSignedInUser(t)
    const [product] = await productsWithFiles(t, 1)
    const {
      items: [item],
    } = await createCompletedOrder(t, { userId: buyer.id, productIds: [product!.id], downloadsRemaining: 3 })
    const body = { orderItemId: item!.id, productId: product!.id }

    const responses = await Promise.all(Array.from({ length: 10 }, () => requestGrant(t, body, { user: buyer })))
    const granted = responses.filter((response) => response.statusCode === 200)
    const refused = responses.filter((response) => response.statusCode !== 200)
    expect(granted).toHaveLength(3)
    expect(new Set(granted.map((response) => response.json().downloadUrl)).size).toBe(3)
    expect(granted.map((response) => response.json().downloadsRemaining).sort()).toEqual([0, 1, 2])
    for (const response of refused)
      expect(response.json()).toEqual({ error: { message: 'No downloads remaining', status: 400, code: 'NO_DOWNLOADS_REMAINING' } })
    expect(await remainingOf(t, item!.id)).toBe(0)
    expect(await t.database.db.select().from(downloads).where(eq(downloads.orderItemId, item!.id))).toHaveLength(3)
  })
})
