/**
 * A promo code's budget across two store processes on one PostgreSQL: a $3.00-off code with a
 * $10.00 budget, twelve guests checking out with it at the same moment, their requests split
 * between the processes. The use and the discount are taken in one guarded statement, so the
 * orders holding the code never hold more than $10.00 of discount: three at $3.00, at most one
 * more at the $1.00 left (a checkout priced after the third committed), and every other buyer is
 * told the code has reached its budget. Black-box over HTTP (tests/support/store-processes.ts);
 * SQL makes the code, as the owner's console would, and reads the rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paidProducts } from '../../../tests/support/fleet-purchases.ts'
import { startStoreFleet, uniqueClientAddress, type StoreFleet } from '../../../tests/support/store-processes.ts'

const BUYERS = 12
const CODE = 'FLEET_BUDGET'
const DISCOUNT_CENTS = 300
const BUDGET_CENTS = 1000

describe.runIf(process.env.DATABASE_URL)("a promo code's budget across two store processes", () => {
  let fleet: StoreFleet

  beforeAll(async () => {
    fleet = await startStoreFleet(2)
  }, 180_000)
  afterAll(async () => fleet?.stop(), 30_000)

  it(`${BUYERS} buyers at once on both processes never take more than the budget`, async () => {
    await fleet.db.query(`insert into promo_codes (code, amount_off_cents, budget_cents) values ($1, $2, $3)`, [CODE, DISCOUNT_CENTS, BUDGET_CENTS])
    const product = (await paidProducts(fleet, 10)).find((candidate) => candidate.priceCents >= DISCOUNT_CENTS)!
    const emails = Array.from({ length: BUYERS }, (_, index) => `budget-${Date.now().toString(36)}-${index}@example.com`)

    const answers = await Promise.all(
      emails.map((customerEmail, index) =>
        fleet.call<{ sessionId?: string; error?: { message: string; code: string } }>(index % 2, '/api/checkout/sessions', {
          clientAddress: uniqueClientAddress(),
          body: { checkoutType: 'direct', customerEmail, uiMode: 'hosted', promoCode: CODE, items: [{ productId: product.id, quantity: 1 }] },
        }),
      ),
    )
    const won = answers.filter((answer) => answer.status === 200)
    const refused = answers.filter((answer) => answer.status !== 200)
    expect(refused.map((answer) => [answer.status, answer.body.error?.code, answer.body.error?.message])).toEqual(
      Array(refused.length).fill([400, 'PROMO_BUDGET_SPENT', `${CODE} has reached its budget`]),
    )

    const { rows: holding } = await fleet.db.query<{ discount_cents: number; held_cents: number }>(
      `select o.discount_cents, r.discount_cents as held_cents
         from orders o join promo_redemptions r on r.order_id = o.id
        where o.promo_code = $1 and o.customer_email = any($2) and r.status in ('reserved', 'redeemed')`,
      [CODE, emails],
    )
    expect(holding).toHaveLength(won.length)
    // Each order holds of the budget exactly the discount it charges.
    expect(holding.every((row) => row.discount_cents === row.held_cents)).toBe(true)
    const full = holding.filter((row) => row.discount_cents === DISCOUNT_CENTS)
    const remainder = holding.filter((row) => row.discount_cents !== DISCOUNT_CENTS)
    expect(full).toHaveLength(3)
    expect(remainder.map((row) => row.discount_cents)).toEqual(remainder.length === 0 ? [] : [BUDGET_CENTS - 3 * DISCOUNT_CENTS])

    const {
      rows: [promo],
    } = await fleet.db.query<{ uses: number; discount_given_cents: number }>(`select uses, discount_given_cents from promo_codes where code = $1`, [CODE])
    const given = holding.reduce((sum, row) => sum + row.discount_cents, 0)
    expect(promo).toEqual({ uses: won.length, discount_given_cents: given })
    expect(given).toBeLessThanOrEqual(BUDGET_CENTS)
  })
})
