/**
 * One cart, one payable order, across two store processes on one PostgreSQL. In each round a
 * fresh signed-in shopper's server cart is checked out twenty times at once, hosted and
 * embedded mixed (different checkouts of one cart, which replace each other), the requests
 * split between the two processes. However they interleave, afterwards at most one order of
 * the shopper is PENDING with a payment session, at most one session the answers named is
 * still open at the provider, and paying every open session completes at most one order.
 *
 * Black-box: HTTP to real server processes (tests/support/store-processes.ts); SQL only reads
 * the `orders` table for the final count. On PostgreSQL only: PGlite has one connection, so
 * nothing there runs at the same time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_CARD } from '../../../tests/support/fleet-purchases.ts'
import { signedInShopper, startStoreFleet, type CallResult, type FleetShopper, type StoreFleet } from '../../../tests/support/store-processes.ts'

const ROUNDS = 6
const REQUESTS_PER_ROUND = 20
const PRODUCTS_IN_CART = 2
const FULFILMENT_DEADLINE_MS = 20_000

type UiMode = 'hosted' | 'embedded'

interface Answer {
  store: number
  uiMode: UiMode
  status: number
  code: string | null
  sessionId: string | null
  orderId: string | null
  clientSecret: string | null
}

interface OrderRow {
  id: string
  status: string
  payment_session_id: string | null
}

interface SessionView {
  sessionId: string
  /** open / complete / expired at the provider, or `unknown` when it would not say (an embedded session whose secret no answer gave). */
  status: string
  uiMode: UiMode | null
  clientSecret: string | null
  orderId: string | null
}

interface RoundReport {
  round: number
  statuses: Record<string, number>
  payableOrders: string[]
  openSessions: string[]
  payments: { sessionId: string; uiMode: UiMode | null; status: number }[]
  completedOrders: string[]
  problems: string[]
}

const short = (id: string | null) => (id ? id.slice(-8) : 'none')

describe.runIf(process.env.DATABASE_URL)('checkout across two store processes', () => {
  let fleet: StoreFleet
  let productIds: string[]

  beforeAll(async () => {
    fleet = await startStoreFleet(2)
    // Products the catalog API sells; each round's shopper is new, so none is owned yet.
    const list = await fleet.call<{ data: { id: string; priceCents: number; isActive: boolean }[] }>(0, '/api/products?limit=50')
    expect(list.status).toBe(200)
    productIds = list.body.data
      .filter((product) => product.isActive && product.priceCents > 0)
      .slice(0, PRODUCTS_IN_CART)
      .map((product) => product.id)
    expect(productIds).toHaveLength(PRODUCTS_IN_CART)
  }, 120_000)
  afterAll(async () => fleet?.stop(), 30_000)

  async function ordersOf(userId: string): Promise<OrderRow[]> {
    const { rows } = await fleet.db.query<OrderRow>(`select id, status, payment_session_id from orders where user_id = $1 order by created_at`, [userId])
    return rows
  }

  /** Twenty checkouts of the cart at once: hosted and embedded on both processes. */
  async function checkoutBurst(shopper: FleetShopper): Promise<Answer[]> {
    return Promise.all(
      Array.from({ length: REQUESTS_PER_ROUND }, async (_, index): Promise<Answer> => {
        const store = index % fleet.stores.length
        const uiMode: UiMode = Math.floor(index / fleet.stores.length) % 2 === 0 ? 'hosted' : 'embedded'
        const response: CallResult<{ error?: { code?: string }; sessionId?: string; orderId?: string; client_secret?: string } | null> = await fleet.call(
          store,
          '/api/checkout/sessions',
          {
            cookie: shopper.cookie,
            clientAddress: shopper.clientAddress,
            body: { checkoutType: 'cart', userId: shopper.userId, uiMode },
          },
        )
        return {
          store,
          uiMode,
          status: response.status,
          code: response.body?.error?.code ?? null,
          sessionId: response.body?.sessionId ?? null,
          orderId: response.body?.orderId ?? null,
          clientSecret: response.body?.client_secret ?? null,
        }
      }),
    )
  }

  /** What the provider's payment page API says of a session (embedded ones need their client secret). */
  async function viewSession(sessionId: string, known: Answer | undefined, orderId: string | null): Promise<SessionView> {
    const headers: Record<string, string> = known?.clientSecret ? { 'x-client-secret': known.clientSecret } : {}
    const view = await fleet.call<{ status?: string }>(1, `/api/builtin-pay/sessions/${encodeURIComponent(sessionId)}`, { headers })
    return {
      sessionId,
      status: view.status === 200 && view.body?.status ? view.body.status : 'unknown',
      uiMode: known?.uiMode ?? null,
      clientSecret: known?.clientSecret ?? null,
      orderId: known?.orderId ?? orderId,
    }
  }

  /** Pays a session as its page would: the hosted page sends no secret, the embedded form sends its client secret. */
  async function pay(session: SessionView, store: number) {
    return fleet.call(store, `/api/builtin-pay/sessions/${encodeURIComponent(session.sessionId)}/confirm`, {
      body: { ...TEST_CARD, ...(session.clientSecret ? { clientSecret: session.clientSecret } : {}) },
    })
  }

  /** Orders after the payments' webhooks were handled: polls until as many orders completed as payments went through. */
  async function settledOrders(userId: string, paid: number): Promise<OrderRow[]> {
    const deadline = Date.now() + FULFILMENT_DEADLINE_MS
    for (;;) {
      const rows = await ordersOf(userId)
      if (rows.filter((row) => row.status === 'COMPLETED').length >= paid || Date.now() > deadline) return rows
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }

  async function playRound(round: number): Promise<RoundReport> {
    const problems: string[] = []
    const shopper = await signedInShopper(fleet)
    for (const [index, productId] of productIds.entries()) {
      const added = await fleet.call(index % fleet.stores.length, '/api/cart/items', {
        cookie: shopper.cookie,
        clientAddress: shopper.clientAddress,
        body: { productId, quantity: 1 },
      })
      expect(added.status, added.text).toBe(200)
    }

    const answers = await checkoutBurst(shopper)
    const statuses: Record<string, number> = {}
    for (const answer of answers) {
      const key = answer.status === 200 ? '200' : `${answer.status} ${answer.code ?? ''}`.trim()
      statuses[key] = (statuses[key] ?? 0) + 1
    }
    // Every answer is a session or a clear "try again"; never a server error or a refusal by the limits.
    const unexpected = answers.filter((answer) => answer.status !== 200 && answer.status !== 409)
    if (unexpected.length > 0) problems.push(`unexpected answers ${JSON.stringify(statuses)}`)
    if (!answers.some((answer) => answer.status === 200)) problems.push('no checkout answered a session')

    // The rows: orders still PENDING with a payment session are payable as far as the store knows.
    const orders = await ordersOf(shopper.userId)
    const payableOrders = orders.filter((order) => order.status === 'PENDING' && order.payment_session_id !== null)

    // The provider: every session an answer named, and every session an order points at.
    const answered = new Map<string, Answer>()
    for (const answer of answers) if (answer.status === 200 && answer.sessionId) answered.set(answer.sessionId, answer)
    const sessionIds = new Set([...answered.keys(), ...orders.flatMap((order) => (order.payment_session_id ? [order.payment_session_id] : []))])
    const views = await Promise.all(
      [...sessionIds].map((sessionId) =>
        viewSession(sessionId, answered.get(sessionId), orders.find((order) => order.payment_session_id === sessionId)?.id ?? null),
      ),
    )
    const openSessions = views.filter((view) => view.status === 'open')
    for (const view of views.filter((candidate) => candidate.status === 'unknown'))
      problems.push(`session ${short(view.sessionId)} of order ${short(view.orderId)} was never answered and cannot be looked at`)

    if (payableOrders.length > 1) {
      problems.push(
        `${payableOrders.length} PENDING orders with a payment session: ${payableOrders.map((order) => `${short(order.id)}→${short(order.payment_session_id)}`).join(', ')}`,
      )
    }
    if (openSessions.length > 1) {
      problems.push(
        `${openSessions.length} open sessions at the provider: ${openSessions.map((view) => `${short(view.sessionId)} (${view.uiMode}, order ${short(view.orderId)})`).join(', ')}`,
      )
    }

    // The shopper pays every session still open, on alternate processes.
    const payments = []
    for (const [index, session] of openSessions.entries()) {
      const paid = await pay(session, index % fleet.stores.length)
      payments.push({ sessionId: session.sessionId, uiMode: session.uiMode, status: paid.status })
      if (paid.status !== 200) problems.push(`paying open session ${short(session.sessionId)} answered ${paid.status} ${paid.text}`)
    }
    const settled = await settledOrders(shopper.userId, payments.filter((payment) => payment.status === 200).length)
    const completedOrders = settled.filter((order) => order.status === 'COMPLETED').map((order) => order.id)
    if (completedOrders.length > 1)
      problems.push(`paying ${payments.length} open sessions completed ${completedOrders.length} orders for one cart: ${completedOrders.map(short).join(', ')}`)

    return {
      round,
      statuses,
      payableOrders: payableOrders.map((order) => order.id),
      openSessions: openSessions.map((view) => view.sessionId),
      payments,
      completedOrders,
      problems,
    }
  }

  it(`leaves at most one payable order per cart in each of ${ROUNDS} rounds of ${REQUESTS_PER_ROUND} mixed hosted and embedded checkouts`, async () => {
    const reports: RoundReport[] = []
    for (let round = 1; round <= ROUNDS; round++) {
      const report = await playRound(round)
      reports.push(report)
      console.log(
        `round ${round}: answers ${JSON.stringify(report.statuses)}; PENDING with a session ${report.payableOrders.length}; open sessions ${report.openSessions.length}; ` +
          `paid ${report.payments.filter((payment) => payment.status === 200).length}; COMPLETED ${report.completedOrders.length}` +
          (report.problems.length > 0 ? `\n  ${report.problems.join('\n  ')}` : ''),
      )
    }
    const failed = reports.filter((report) => report.problems.length > 0).map((report) => `round ${report.round}: ${report.problems.join('; ')}`)
    expect(failed, 'one cart, one payable order').toEqual([])
  }, 120_000)
})
