/**
 * A receipt survives the death of the process that took the payment. Two store processes on
 * one PostgreSQL send mail to an SMTP server that refuses every connection at first. A paid
 * order completes on the first process (its receipt is queued with the payment), which is
 * killed with SIGKILL before the receipt could go out. Once the SMTP server accepts mail, the
 * surviving process delivers that receipt, exactly once.
 *
 * Black-box: real processes (tests/support/store-processes.ts), a real SMTP server
 * (smtp-server), SQL only to watch the order and the outbox row. PostgreSQL only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { payHostedSession, until } from '../../../tests/support/fleet-purchases.ts'
import { startSmtpSink, type SmtpSink } from '../../../tests/support/smtp-sink.ts'
import { signedInShopper, startStoreFleet, type StoreFleet } from '../../../tests/support/store-processes.ts'
import { CLAIM_LEASE_MS } from './outbox-delivery.ts'

describe.runIf(process.env.DATABASE_URL)('a receipt across a process crash', () => {
  let fleet: StoreFleet
  let smtp: SmtpSink

  beforeAll(async () => {
    smtp = await startSmtpSink({ accepting: false })
    fleet = await startStoreFleet(2, { env: { SMTP_URL: smtp.url } })
  }, 120_000)
  afterAll(async () => {
    await fleet?.stop()
    await smtp?.close()
  }, 30_000)

  it(
    'is delivered exactly once by the surviving process after the one that took the payment is killed',
    async () => {
      const shopper = await signedInShopper(fleet)
      const products = await fleet.call<{ data: { id: string; priceCents: number }[] }>(0, '/api/products?limit=20')
      const product = products.body.data.find((candidate) => candidate.priceCents > 0)!

      const checkout = await fleet.call<{ sessionId: string; orderId: string }>(0, '/api/checkout/sessions', {
        cookie: shopper.cookie,
        clientAddress: shopper.clientAddress,
        body: { checkoutType: 'direct', userId: shopper.userId, uiMode: 'hosted', items: [{ productId: product.id, quantity: 1 }] },
      })
      expect(checkout.status).toBe(200)
      const { sessionId, orderId } = checkout.body
      const paid = await payHostedSession(fleet, 0, sessionId, shopper.clientAddress)
      expect(paid.status).toBe(200)

      // The first process completes the order (its webhook receiver), then dies before any mail could leave.
      await until(
        'the order to complete',
        async () => (await fleet.db.query(`select status from orders where id = $1`, [orderId])).rows[0]?.status === 'COMPLETED',
      )
      fleet.stores[0]!.process.kill('SIGKILL')
      const queued = await fleet.db.query<{ id: string; sent_at: Date | null }>(`select id, sent_at from email_outbox where dedupe_key = $1`, [
        `receipt:${orderId}`,
      ])
      expect(queued.rows).toHaveLength(1)
      expect(queued.rows[0]!.sent_at).toBeNull()
      expect(smtp.received).toEqual([])

      smtp.accept()
      const orderNumber = orderId.slice(-8).toUpperCase()
      const receiptOf = () => smtp.received.filter((mail) => mail.subject.includes(orderNumber))
      // The dead process had most likely claimed the receipt already: it waits out that claim's lease first.
      await until('the receipt to reach the SMTP server', async () => receiptOf().length > 0, CLAIM_LEASE_MS + 40_000)
      // Give a second delivery every chance to happen (retries are at most seconds apart here).
      await new Promise((resolve) => setTimeout(resolve, 4000))

      expect(receiptOf()).toHaveLength(1)
      expect(receiptOf()[0]).toMatchObject({ to: shopper.email, messageId: `<${queued.rows[0]!.id}@audiolab.store>` })
      const sent = await fleet.db.query<{ sent_at: Date | null; attempts: number }>(`select sent_at, attempts from email_outbox where dedupe_key = $1`, [
        `receipt:${orderId}`,
      ])
      expect(sent.rows[0]!.sent_at).not.toBeNull()
      expect(fleet.stores[1]!.process.exitCode).toBeNull()
    },
    CLAIM_LEASE_MS + 90_000,
  )
})
