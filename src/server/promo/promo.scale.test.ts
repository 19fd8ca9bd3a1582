/**
 * A single-use promo code across two store processes on one PostgreSQL: ten guests check out
 * with it at the same moment, their requests split between the processes, and exactly one
 * order carries the discount; the code counts one use. Black-box over HTTP
 * (tests/support/store-processes.ts); SQL makes the code, as the owner's console would, and
 * reads the rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paidProducts } from '../../../tests/support/fleet-purchases.ts'
import { startStoreFleet, uniqueClientAddress, type StoreFleet } from '../../../tests/support/store-processes.ts'

const BUYERS = 10
const CODE = 'FLEET_ONCE'

describe.runIf(process.env.DATABASE_URL)('a single-use promo code across two store processes', () => {
  let fleet: StoreFleet

  beforeAll(async () => {
    fleet = await startStoreFleet(2)
  }, 180_000)
  afterAll(async () => fleet?.stop(), 30_000)

  it(`${BUYERS} buyers at once on both processes: one discounted order, one use`, async () => {
    await fleet.db.query(`insert into promo_codes (code, percent_off, max_uses) values ($1, 50, 1)`, [CODE])
    const [product] = await paidProducts(fleet, 1)
    const emails = Array.from({ length: BUYERS }, (_, index) => `promo-${Date.now().toString(36)}-${index}@example.com`)

    const answers = await Promise.all(
      emails.map((customerEmail, index) =>
        fleet.call<{ sessionId?: string; error?: { message: string } }>(index % 2, '/api/checkout/sessions', {
          clientAddress: uniqueClientAddress(),
          body: { checkoutType: 'direct', customerEmail, uiMode: 'hosted', promoCode: CODE, items: [{ productId: product!.id, quantity: 1 }] },
        }),
      ),
    )
    const won = answers.filter((answer) => answer.status === 200)
    expect(won).toHaveLength(1)
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => [answer.status, answer.body.error?.message])).toEqual(
      Array(BUYERS - 1).fill([400, `${CODE} has been used up`]),
    )

    const discounted = await fleet.db.query<{ discount_cents: number }>(
      `select discount_cents from orders where promo_code = $1 and customer_email = any($2)`,
      [CODE, emails],
    )
    expect(discounted.rows).toHaveLength(1)
    expect(discounted.rows[0]!.discount_cents).toBe(Math.round(product!.priceCents / 2))
    const {
      rows: [promo],
    } = await fleet.db.query<{ uses: number }>(`select uses from promo_codes where code = $1`, [CODE])
    expect(promo!.uses).toBe(1)
  })
})
