/**
 * Payment webhooks across two store processes on one PostgreSQL. The built-in provider's events
 * go to a receiver in this test instead of the store, which records each signed delivery:
 * - both processes run the delivery worker, and every event reaches the receiver exactly once
 *   however the payments were spread over the processes (work is claimed with SKIP LOCKED);
 * - one recorded event, posted again ten times at once to both processes as a network that
 *   repeats deliveries would, completes its order once, with one receipt.
 * Black-box over HTTP (tests/support/store-processes.ts); SQL only reads the rows.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderStatus, paidProducts, payHostedSession, until } from '../../../tests/support/fleet-purchases.ts'
import { startStoreFleet, uniqueClientAddress, type StoreFleet } from '../../../tests/support/store-processes.ts'

const PAYMENTS = 12
const DUPLICATES = 10
/** The receiver answers slowly, so a delivery is still in flight when the other process polls. */
const RECEIVER_DELAY_MS = 150

interface Delivery {
  eventId: string
  type: string
  orderId: string | null
  body: string
  signature: string
}

function startWebhookReceiver() {
  const deliveries: Delivery[] = []
  const server: Server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    request.on('end', () => {
      const event = JSON.parse(body) as { id: string; type: string; data?: { object?: { client_reference_id?: string; metadata?: { orderId?: string } } } }
      const object = event.data?.object
      deliveries.push({
        eventId: event.id,
        type: event.type,
        orderId: object?.metadata?.orderId ?? object?.client_reference_id ?? null,
        body,
        signature: String(request.headers['stripe-signature'] ?? ''),
      })
      setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}'), RECEIVER_DELAY_MS)
    })
  })
  return new Promise<{ url: string; deliveries: Delivery[]; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({ url: `http://127.0.0.1:${port}/webhooks`, deliveries, close: () => new Promise((done) => server.close(() => done())) })
    })
  })
}

describe.runIf(process.env.DATABASE_URL)('payment webhooks across two store processes', () => {
  let fleet: StoreFleet
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>
  let productId: string

  beforeAll(async () => {
    receiver = await startWebhookReceiver()
    fleet = await startStoreFleet(2, { env: { PAYMENTS_WEBHOOK_URL: receiver.url } })
    productId = (await paidProducts(fleet, 1))[0]!.id
  }, 180_000)
  afterAll(async () => {
    await fleet?.stop()
    await receiver?.close()
  }, 30_000)

  /** A guest's hosted checkout started on one process and paid on the other; answers its order id. */
  async function pay(index: number): Promise<string> {
    const clientAddress = uniqueClientAddress()
    const checkout = await fleet.call<{ sessionId?: string; orderId?: string }>(index % 2, '/api/checkout/sessions', {
      clientAddress,
      body: {
        checkoutType: 'direct',
        customerEmail: `webhook-${Date.now().toString(36)}-${index}@example.com`,
        uiMode: 'hosted',
        items: [{ productId, quantity: 1 }],
      },
    })
    expect(checkout.status, checkout.text).toBe(200)
    const paid = await payHostedSession(fleet, (index + 1) % 2, checkout.body.sessionId!, clientAddress)
    expect(paid.status, paid.text).toBe(200)
    return checkout.body.orderId!
  }

  const completedEvents = (orderIds: string[]) =>
    receiver.deliveries.filter((delivery) => delivery.type === 'checkout.session.completed' && delivery.orderId !== null && orderIds.includes(delivery.orderId))

  it(`delivers each of ${PAYMENTS} payments' events exactly once while both processes run the delivery worker`, async () => {
    const orderIds = await Promise.all(Array.from({ length: PAYMENTS }, (_, index) => pay(index)))
    await until(`${PAYMENTS} completed events`, async () => new Set(completedEvents(orderIds).map((delivery) => delivery.orderId)).size === PAYMENTS)
    // Every delivery is marked done in the database: a worker that took one twice would post it again now.
    await until('every delivery marked delivered', async () => {
      const { rows } = await fleet.db.query<{ pending: number }>(`select count(*)::int as pending from payment_webhook_deliveries where delivered_at is null`)
      return rows[0]!.pending === 0
    })
    await new Promise((resolve) => setTimeout(resolve, 2000))

    const perEvent = new Map<string, number>()
    for (const delivery of receiver.deliveries) perEvent.set(delivery.eventId, (perEvent.get(delivery.eventId) ?? 0) + 1)
    expect([...perEvent.entries()].filter(([, times]) => times > 1)).toEqual([])
    expect(completedEvents(orderIds)).toHaveLength(PAYMENTS)
    const { rows } = await fleet.db.query<{ event_id: string }>(`select event_id from payment_webhook_deliveries`)
    expect(new Set(rows.map((row) => row.event_id))).toEqual(new Set(perEvent.keys()))
  })

  it(`one completed event posted ${DUPLICATES} times at once to both processes completes its order once, with one receipt`, async () => {
    const orderId = await pay(0)
    const [event] = await until('the completed event', async () => completedEvents([orderId]).length > 0 && completedEvents([orderId]))
    // The receiver kept the event: the store has not heard of the payment yet.
    expect(await orderStatus(fleet, orderId)).toBe('PENDING')

    const answers = await Promise.all(
      Array.from({ length: DUPLICATES }, (_, index) =>
        fetch(`${fleet.stores[index % 2]!.url}/api/webhooks/payments`, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event!.signature },
          body: event!.body,
        }),
      ),
    )
    expect(answers.map((answer) => answer.status).filter((status) => status < 200 || status > 299)).toEqual([])

    expect(await orderStatus(fleet, orderId)).toBe('COMPLETED')
    const receipts = await fleet.db.query(`select id from email_outbox where dedupe_key = $1`, [`receipt:${orderId}`])
    expect(receipts.rows).toHaveLength(1)
    const items = await fleet.db.query<{ downloads_remaining: number }>(`select downloads_remaining from order_items where order_id = $1`, [orderId])
    expect(items.rows).toHaveLength(1)
    const processed = await fleet.db.query(`select event_id from processed_payment_events where event_id = $1`, [event!.eventId])
    expect(processed.rows).toHaveLength(1)
  })
})
