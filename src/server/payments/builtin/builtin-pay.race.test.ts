/**
 * Racing confirmations of one session (a double-clicked Pay button, two tabs, two app
 * processes): exactly one pays and exactly one completed event is queued. Meaningful on
 * PostgreSQL (`node scripts/test-pg.mjs src/server/payments`), where the requests run on
 * separate connections; PGlite runs them one after another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paymentWebhookDeliveries } from '../payments.schema.ts'
import { checkoutSessionInput, payBuiltinSession } from '../../../../tests/support/payments.ts'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

describe('concurrent confirmations', () => {
  it('5 parallel confirms of one session: one 200, four "already been paid", one delivery row', async () => {
    const session = await t.app.payments.createCheckoutSession(checkoutSessionInput({ uiMode: 'embedded' }))
    const results = await Promise.all(Array.from({ length: 5 }, () => payBuiltinSession(t.app, session.id, { clientSecret: session.clientSecret! })))

    expect(results.filter((result) => result.status === 200)).toHaveLength(1)
    const losers = results.filter((result) => result.status !== 200)
    expect(losers.map((result) => [result.status, result.body.error?.message])).toEqual(Array(4).fill([400, 'This checkout session has already been paid.']))

    const deliveries = (await t.database.db.select().from(paymentWebhookDeliveries)).filter(
      (row) => (row.payload as { data: { object: { id: string } } }).data.object.id === session.id,
    )
    expect(deliveries.map((row) => row.type)).toEqual(['checkout.session.completed'])
  })

  it('a confirm racing an expiry: the session ends either paid or expired, never both', async () => {
    const session = await t.app.payments.createCheckoutSession(checkoutSessionInput())
    const [paid] = await Promise.all([payBuiltinSession(t.app, session.id), t.app.payments.expireCheckoutSession(session.id)])
    const after = await t.app.payments.retrieveCheckoutSession(session.id)
    const types = (await t.database.db.select().from(paymentWebhookDeliveries))
      .filter((row) => (row.payload as { data: { object: { id: string } } }).data.object.id === session.id)
      .map((row) => row.type)
    if (paid.status === 200) {
      expect(after).toMatchObject({ status: 'complete', paymentStatus: 'paid' })
      expect(types).toEqual(['checkout.session.completed'])
    } else {
      expect(after).toMatchObject({ status: 'expired', paymentStatus: 'unpaid' })
      expect(types).toEqual(['checkout.session.expired'])
    }
  })
})
