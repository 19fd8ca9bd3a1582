/**
 * One cart, one payable order, across two store processes on one PostgreSQL: a signed-in
 * shopper's cart is checked out twenty times at once, hosted and embedded alternately, the
 * requests split between the two processes. However the requests interleave, at most one
 * payment session of the cart is left open, and paying every session that is still open
 * completes at most one order. Black-box: HTTP to the processes, SQL only to read the result.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStoreFleet, type StoreFleet } from '../../../tests/support/store-processes.ts'

const ROUNDS = 6
const REQUESTS_PER_ROUND = 20
const PASSWORD = 'fleet-password-123'

describe.runIf(process.env.DATABASE_URL)('checkout across two store processes', () => {
  let fleet: StoreFleet
  let productIds: string[]

  beforeAll(async () => {
    fleet = await startStoreFleet(2)
    const { rows } = await fleet.db.query<{ id: string }>(
      `select id from products where is_active and coalesce(metadata->>'purchase_limit', '') = '' order by created_at desc limit 2`,
    )
    productIds = rows.map((row) => row.id)
  }, 120_000)
  afterAll(async () => fleet?.stop())

  /** A request as the store's own page sends it. */
  function call(storeUrl: string, path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) {
    return fetch(`${storeUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        origin: fleet.publicUrl,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    })
  }

  /** A confirmed account signed in on the first process; its session cookie works on both. */
  async function signedInShopper(round: number): Promise<{ userId: string; cookie: string }> {
    const email = `fleet-${round}-${Date.now().toString(36)}@example.com`
    const [first] = fleet.stores
    expect((await call(first!.url, '/api/auth/sign-up/email', { method: 'POST', body: { email, password: PASSWORD, name: 'Fleet Shopper' } })).status).toBe(200)
    await fleet.db.query(`update "user" set email_verified = true where email = $1`, [email])
    const signIn = await call(first!.url, '/api/auth/sign-in/email', { method: 'POST', body: { email, password: PASSWORD } })
    expect(signIn.status).toBe(200)
    const cookie = signIn.headers.getSetCookie().map((header) => header.split(';')[0]).join('; ')
    const { rows } = await fleet.db.query<{ id: string }>(`select id from "user" where email = $1`, [email])
    return { userId: rows[0]!.id, cookie }
  }

  async function openSessionsOf(userId: string) {
    const { rows } = await fleet.db.query<{ id: string; ui_mode: string; client_secret: string }>(
      `select s.id, s.ui_mode, s.client_secret from payment_sessions s
         join orders o on o.id::text = s.metadata->>'orderId'
        where o.user_id = $1 and s.status = 'open'`,
      [userId],
    )
    return rows
  }

  async function settledOrders(userId: string, deadlineMs = 15_000) {
    const deadline = Date.now() + deadlineMs
    for (;;) {
      const { rows } = await fleet.db.query<{ status: string; open: boolean }>(
        `select o.status, (s.status = 'open') as open from orders o left join payment_sessions s on s.id = o.payment_session_id where o.user_id = $1`,
        [userId],
      )
      const waiting = rows.some((row) => row.status === 'PENDING' && row.open === false)
      if (!waiting || Date.now() > deadline) return rows
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }

  it(`leaves at most one payable order per cart in each of ${ROUNDS} rounds of ${REQUESTS_PER_ROUND} mixed hosted and embedded checkouts`, async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const shopper = await signedInShopper(round)
      for (const productId of productIds) {
        expect((await call(fleet.stores[0]!.url, '/api/cart/items', { method: 'POST', cookie: shopper.cookie, body: { productId, quantity: 1 } })).status).toBe(200)
      }

      const answers = await Promise.all(
        Array.from({ length: REQUESTS_PER_ROUND }, async (_, index) => {
          const store = fleet.stores[index % fleet.stores.length]!
          const uiMode = index % 2 === 0 ? 'hosted' : 'embedded'
          const response = await call(store.url, '/api/checkout/sessions', { method: 'POST', cookie: shopper.cookie, body: { checkoutType: 'cart', userId: shopper.userId, uiMode } })
          return { status: response.status, body: (await response.json()) as Record<string, unknown> }
        }),
      )
      // Every answer is a session or a clear "try again"; none is a server error.
      for (const answer of answers) expect([200, 409], JSON.stringify(answer.body)).toContain(answer.status)
      expect(answers.some((answer) => answer.status === 200)).toBe(true)

      const open = await openSessionsOf(shopper.userId)
      expect(open.length, `round ${round}: payable sessions ${JSON.stringify(open.map((s) => s.id))}`).toBeLessThanOrEqual(1)
      const pendingWithSession = await fleet.db.query(`select id from orders where user_id = $1 and status = 'PENDING' and payment_session_id is not null`, [shopper.userId])
      expect(pendingWithSession.rowCount, `round ${round}: PENDING orders with a session`).toBeLessThanOrEqual(1)

      // The shopper pays every session still open; one cart buys one order.
      for (const session of open) {
        const paid = await call(fleet.stores[1]!.url, `/api/builtin-pay/sessions/${session.id}/confirm`, {
          method: 'POST',
          body: {
            ...(session.ui_mode === 'embedded' ? { clientSecret: session.client_secret } : {}),
            cardNumber: '4242 4242 4242 4242',
            expMonth: 12,
            expYear: new Date().getFullYear() + 2,
            cvc: '123',
            name: 'Fleet Shopper',
          },
        })
        expect(paid.status).toBe(200)
      }
      const orders = await settledOrders(shopper.userId)
      expect(orders.filter((order) => order.status === 'COMPLETED').length, `round ${round}: completed orders`).toBe(open.length)
      expect(orders.filter((order) => order.status === 'COMPLETED').length).toBeLessThanOrEqual(1)
    }
  }, 180_000)
})
