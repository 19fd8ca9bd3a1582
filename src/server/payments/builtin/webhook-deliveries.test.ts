/**
 * Delivery of the built-in provider's events: Stripe signatures the webhook can verify,
 * back-off after failures, no resend after a 2xx, no double send from two workers, and no
 * loss across a restart. On PostgreSQL the two workers use two connections of their own.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type DatabaseHandle } from '../../db/client.ts'
import { paymentWebhookDeliveries } from '../payments.schema.ts'
import { builtinProvider, checkoutSessionInput, payBuiltinSession } from '../../../../tests/support/payments.ts'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'
import { WebhookSignatureError, type PaymentEvent } from '../provider.ts'
import { createBuiltinProvider } from './builtin-provider.ts'
import { retryDelayMs } from './webhook-deliveries.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

interface Received {
  event: PaymentEvent
  signature: string
  body: string
  url: string
}

/** A webhook endpoint standing in for ours: verifies like ours, answers the statuses it is given. */
function receiver(statuses: number[] = [], { delayMs = 0 } = {}) {
  const received: Received[] = []
  let call = 0
  const fetch = async (url: string, init: { headers: Record<string, string>; body: string }) => {
    const signature = init.headers['Stripe-Signature']!
    const event = t.app.payments.constructEvent(init.body, signature)
    received.push({ event, signature, body: init.body, url })
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs))
    const status = statuses[call++] ?? 200
    return { ok: status >= 200 && status < 300, status, text: async () => (status >= 300 ? 'temporarily broken' : '{"received":true}') }
  }
  return { fetch, received }
}

async function paidSession() {
  const session = await t.app.payments.createCheckoutSession(checkoutSessionInput())
  expect((await payBuiltinSession(t.app, session.id)).status).toBe(200)
  return session
}

async function deliveryOf(sessionId: string) {
  const rows = await t.database.db.select().from(paymentWebhookDeliveries)
  return rows.find((row) => (row.payload as { data: { object: { id: string } } }).data.object.id === sessionId)!
}

/** Marks every earlier test's delivery as done, so each test sees only its own events. */
async function settleEarlierDeliveries() {
  await t.database.db.update(paymentWebhookDeliveries).set({ deliveredAt: new Date(), nextAttemptAt: null })
}

describe('webhook delivery', () => {
  it('posts the completed event to PAYMENTS_WEBHOOK_URL with a Stripe-Signature the provider verifies', async () => {
    await settleEarlierDeliveries()
    const session = await paidSession()
    const endpoint = receiver()
    const run = await builtinProvider(t.app).deliverDueWebhooks({ fetch: endpoint.fetch })
    expect(run).toEqual({ attempted: 1, delivered: 1, failed: 0 })
    const [delivery] = endpoint.received
    expect(delivery!.url).toBe(t.config.paymentsWebhookUrl)
    expect(delivery!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/)
    expect(delivery!.event).toMatchObject({
      type: 'checkout.session.completed',
      session: {
        id: session.id,
        status: 'complete',
        paymentStatus: 'paid',
        amountTotalCents: 5831,
        customerEmail: 'producer@example.com',
        metadata: session.metadata,
      },
    })
    expect((await deliveryOf(session.id)).deliveredAt).toBeInstanceOf(Date)

    // The same body with a tampered amount, or another secret's signature, does not verify.
    const forged = delivery!.body.replace('"amount_total":5831', '"amount_total":1')
    expect(() => t.app.payments.constructEvent(forged, delivery!.signature)).toThrow(WebhookSignatureError)
    expect(() => t.app.payments.constructEvent(delivery!.body, undefined)).toThrow(WebhookSignatureError)
  })

  it('stops after a 2xx: later runs send nothing', async () => {
    await settleEarlierDeliveries()
    await paidSession()
    const endpoint = receiver()
    await builtinProvider(t.app).deliverDueWebhooks({ fetch: endpoint.fetch })
    const later = new Date(Date.now() + 60 * 60_000)
    expect(await builtinProvider(t.app).deliverDueWebhooks({ fetch: endpoint.fetch, now: later })).toEqual({ attempted: 0, delivered: 0, failed: 0 })
    expect(endpoint.received).toHaveLength(1)
  })

  it('retries after failures with exponential back-off (1 s, 2 s, ...) until a 2xx', async () => {
    await settleEarlierDeliveries()
    const session = await paidSession()
    const endpoint = receiver([500, 503])
    const provider = builtinProvider(t.app)
    const start = Date.now()
    const at = (ms: number) => new Date(start + ms)

    expect(await provider.deliverDueWebhooks({ fetch: endpoint.fetch, now: at(0) })).toMatchObject({ attempted: 1, failed: 1 })
    let row = await deliveryOf(session.id)
    expect(row).toMatchObject({ attempts: 1, deliveredAt: null, lastError: 'HTTP 500: temporarily broken' })
    expect(row.nextAttemptAt!.getTime()).toBe(start + 1000)

    expect((await provider.deliverDueWebhooks({ fetch: endpoint.fetch, now: at(900) })).attempted).toBe(0)
    expect(await provider.deliverDueWebhooks({ fetch: endpoint.fetch, now: at(1000) })).toMatchObject({ attempted: 1, failed: 1 })
    row = await deliveryOf(session.id)
    expect(row.nextAttemptAt!.getTime()).toBe(start + 1000 + 2000)

    expect((await provider.deliverDueWebhooks({ fetch: endpoint.fetch, now: at(2500) })).attempted).toBe(0)
    expect(await provider.deliverDueWebhooks({ fetch: endpoint.fetch, now: at(3000) })).toMatchObject({ attempted: 1, delivered: 1 })
    row = await deliveryOf(session.id)
    expect(row).toMatchObject({ attempts: 3, nextAttemptAt: null, lastError: null })
    expect(endpoint.received.map((received) => received.event.id)).toEqual(Array(3).fill(row.eventId))
  })

  it('waits at most five minutes between attempts and gives up after three days', async () => {
    expect([1, 2, 3, 4, 9, 10, 30].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 256_000, 300_000, 300_000])
    await settleEarlierDeliveries()
    const session = await paidSession()
    const created = (await deliveryOf(session.id)).createdAt.getTime()
    const failing = receiver(Array(10).fill(500))
    const threeDaysLater = new Date(created + 3 * 24 * 60 * 60_000)
    await builtinProvider(t.app).deliverDueWebhooks({ fetch: failing.fetch, now: threeDaysLater })
    const row = await deliveryOf(session.id)
    expect(row.nextAttemptAt).toBeNull()
    expect(row.lastError).toMatch(/^Gave up after 1 attempts: HTTP 500/)
  })

  it('a network error counts as a failure and is retried', async () => {
    await settleEarlierDeliveries()
    const session = await paidSession()
    const unreachable = async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:3000')
    }
    await builtinProvider(t.app).deliverDueWebhooks({ fetch: unreachable })
    expect(await deliveryOf(session.id)).toMatchObject({ attempts: 1, deliveredAt: null, lastError: 'connect ECONNREFUSED 127.0.0.1:3000' })
  })

  it('survives a restart: a new provider on the same database delivers what the old one could not', async () => {
    await settleEarlierDeliveries()
    const session = await paidSession()
    await builtinProvider(t.app).deliverDueWebhooks({ fetch: receiver([500]).fetch })

    const restarted = createBuiltinProvider({
      db: t.database.db,
      publicUrl: t.config.publicUrl,
      authSecret: t.config.authSecret,
      webhookUrl: t.config.paymentsWebhookUrl,
    })
    const endpoint = receiver()
    const run = await restarted.deliverDueWebhooks({ fetch: endpoint.fetch, now: new Date(Date.now() + 1500) })
    expect(run).toMatchObject({ attempted: 1, delivered: 1 })
    expect(endpoint.received[0]!.event.session?.id).toBe(session.id)
    // Same AUTH_SECRET, same signing secret: every process of the store agrees.
    expect(restarted.webhookSecret).toBe(builtinProvider(t.app).webhookSecret)
  })
})

describe('two workers at once', () => {
  let second: DatabaseHandle | null = null
  afterAll(async () => second?.close())

  it('never send the same attempt twice', async () => {
    await settleEarlierDeliveries()
    const sessions = await Promise.all(Array.from({ length: 8 }, () => paidSession()))
    // On PostgreSQL the second worker has its own pool, as another process would.
    const databaseUrl = t.config.databaseUrl
    second = databaseUrl ? await openDatabase({ databaseUrl, maxConnections: 4 }) : null
    const deps = { publicUrl: t.config.publicUrl, authSecret: t.config.authSecret, webhookUrl: t.config.paymentsWebhookUrl }
    const workerA = builtinProvider(t.app)
    const workerB = createBuiltinProvider({ db: (second ?? t.database).db, ...deps })
    const endpoint = receiver([], { delayMs: 50 })

    const runs = await Promise.all([
      workerA.deliverDueWebhooks({ fetch: endpoint.fetch }),
      workerB.deliverDueWebhooks({ fetch: endpoint.fetch }),
      workerA.deliverDueWebhooks({ fetch: endpoint.fetch }),
      workerB.deliverDueWebhooks({ fetch: endpoint.fetch }),
    ])
    expect(runs.reduce((sum, run) => sum + run.attempted, 0)).toBe(8)
    const sent = endpoint.received.map((received) => received.event.session?.id).sort()
    expect(sent).toEqual(sessions.map((session) => session.id).sort())
    const rows = await t.database.db.select().from(paymentWebhookDeliveries).where(eq(paymentWebhookDeliveries.attempts, 1))
    expect(rows.filter((row) => sessions.some((session) => session.id === (row.payload as { data: { object: { id: string } } }).data.object.id))).toHaveLength(
      8,
    )
  })
})
