/**
 * A serial pool across two store processes on one PostgreSQL: 15 serials, 20 guests checking out
 * the product at the same moment, their requests split between the processes. A serial is
 * reserved with the pending order by a `for update skip locked` statement, so 15 orders each
 * hold a different serial and the 5 others are refused as sold out before any payment session is
 * made; paid on either process, each of the 15 gets its own serial as its key. Then twelve
 * machines activate one key (limit 3) at once on both processes: exactly three get in.
 * Black-box over HTTP (tests/support/store-processes.ts); SQL sets the policy and the pool, as the
 * owner's console would, and reads the rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LICENCE_KEY_MESSAGES } from '../../shared/contract/licence-keys.ts'
import { orderStatus, paidProducts, payHostedSession, until } from '../../../tests/support/fleet-purchases.ts'
import { startStoreFleet, uniqueClientAddress, type StoreFleet } from '../../../tests/support/store-processes.ts'

const BUYERS = 20
const SERIALS = 15
const ACTIVATION_LIMIT = 3
const MACHINES = 12

describe.runIf(process.env.DATABASE_URL)('a serial pool across two store processes', () => {
  let fleet: StoreFleet

  beforeAll(async () => {
    fleet = await startStoreFleet(2)
  }, 180_000)
  afterAll(async () => fleet?.stop(), 30_000)

  it(`${BUYERS} buyers at once for ${SERIALS} serials: ${SERIALS} paid orders with distinct serials, the rest sold out and never charged; a key's limit holds`, async () => {
    const [product] = await paidProducts(fleet, 1)
    await fleet.db.query(`insert into key_policies (product_id, kind, activation_limit) values ($1, 'serials', $2)`, [product!.id, ACTIVATION_LIMIT])
    const serials = Array.from({ length: SERIALS }, (_, index) => `FLEET-SERIAL-${index + 1}`)
    await fleet.db.query(`insert into licence_serials (product_id, serial) select $1, unnest($2::text[])`, [product!.id, serials])
    const run = Date.now().toString(36)
    const emails = Array.from({ length: BUYERS }, (_, index) => `serial-${run}-${index}@example.com`)

    const answers = await Promise.all(
      emails.map((customerEmail, index) =>
        fleet.call<{ sessionId?: string; orderId?: string; error?: { message: string; code: string; status: number } }>(index % 2, '/api/checkout/sessions', {
          clientAddress: uniqueClientAddress(),
          body: { checkoutType: 'direct', customerEmail, uiMode: 'hosted', items: [{ productId: product!.id, quantity: 1 }] },
        }),
      ),
    )
    const won = answers.filter((answer) => answer.status === 200)
    const refused = answers.filter((answer) => answer.status !== 200)
    expect(won).toHaveLength(SERIALS)
    expect(refused.map((answer) => answer.body.error)).toEqual(
      Array(BUYERS - SERIALS).fill({ message: LICENCE_KEY_MESSAGES.soldOut(product!.name), status: 409, code: 'SOLD_OUT' }),
    )
    // Nothing was written, so nothing can be charged, for the refused buyers.
    const refusedEmails = emails.filter((_, index) => answers[index]!.status !== 200)
    const { rows: refusedOrders } = await fleet.db.query(`select id from orders where customer_email = any($1)`, [refusedEmails])
    expect(refusedOrders).toEqual([])

    await Promise.all(won.map((answer, index) => payHostedSession(fleet, index % 2, answer.body.sessionId!, uniqueClientAddress())))
    for (const answer of won)
      await until(`order ${answer.body.orderId} to complete`, async () => (await orderStatus(fleet, answer.body.orderId!)) === 'COMPLETED')
    const { rows: keys } = await fleet.db.query<{ key: string; order_id: string }>(`select key, order_id from licence_keys where product_id = $1`, [
      product!.id,
    ])
    expect(keys).toHaveLength(SERIALS)
    expect(new Set(keys.map((key) => key.order_id))).toEqual(new Set(won.map((answer) => answer.body.orderId)))
    expect(keys.map((key) => key.key).sort()).toEqual([...serials].sort())

    const key = keys[0]!.key
    const activations = await Promise.all(
      Array.from({ length: MACHINES }, (_, index) =>
        fleet.call<{ data: { valid: boolean; status: string } }>(index % 2, '/api/licence-keys/activate', {
          origin: false,
          clientAddress: uniqueClientAddress(),
          body: { key, instanceName: `Machine ${index + 1}` },
        }),
      ),
    )
    expect(activations.map((answer) => answer.status)).toEqual(Array(MACHINES).fill(200))
    const statuses = activations.map((answer) => answer.body.data.status)
    expect(statuses.filter((status) => status === 'active')).toHaveLength(ACTIVATION_LIMIT)
    expect(statuses.filter((status) => status === 'limit_reached')).toHaveLength(MACHINES - ACTIVATION_LIMIT)
    const { rows: live } = await fleet.db.query(
      `select a.id from licence_activations a join licence_keys k on k.id = a.key_id where k.key = $1 and a.deactivated_at is null`,
      [key],
    )
    expect(live).toHaveLength(ACTIVATION_LIMIT)
  })
})
