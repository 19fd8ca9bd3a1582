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
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInShopper, startStoreFleet, type StoreFleet } from '../../../tests/support/store-processes.ts'
import { CLAIM_LEASE_MS } from './outbox-delivery.ts'

interface ReceivedMail {
  to: string
  subject: string
  messageId: string
}

const TEST_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', name: 'Crash Test' }

/** An SMTP server that refuses connections (421) until told to accept, and keeps what it accepted. */
async function startSmtpSink() {
  let accepting = false
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      if (accepting) return callback()
      const refusal = Object.assign(new Error('Try again later'), { responseCode: 421 })
      return callback(refusal)
    },
    onData(stream, _session, callback) {
      let raw = ''
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')))
      stream.on('end', () => {
        const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(raw)?.[1]?.trim() ?? ''
        received.push({ to: header('To'), subject: header('Subject'), messageId: header('Message-ID') })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    accept: () => (accepting = true),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe.runIf(process.env.DATABASE_URL)('a receipt across a process crash', () => {
  let fleet: StoreFleet
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>

  beforeAll(async () => {
    smtp = await startSmtpSink()
    fleet = await startStoreFleet(2, { env: { SMTP_URL: smtp.url } })
  }, 120_000)
  afterAll(async () => {
    await fleet?.stop()
    await smtp?.close()
  }, 30_000)

  it('is delivered exactly once by the surviving process after the one that took the payment is killed', async () => {
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
    const paid = await fleet.call(0, `/api/builtin-pay/sessions/${sessionId}/confirm`, { body: TEST_CARD, clientAddress: shopper.clientAddress })
    expect(paid.status).toBe(200)

    // The first process completes the order (its webhook receiver), then dies before any mail could leave.
    await until('the order to complete', async () => (await fleet.db.query(`select status from orders where id = $1`, [orderId])).rows[0]?.status === 'COMPLETED')
    fleet.stores[0]!.process.kill('SIGKILL')
    const queued = await fleet.db.query<{ id: string; sent_at: Date | null }>(`select id, sent_at from email_outbox where dedupe_key = $1`, [`receipt:${orderId}`])
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
    const sent = await fleet.db.query<{ sent_at: Date | null; attempts: number }>(`select sent_at, attempts from email_outbox where dedupe_key = $1`, [`receipt:${orderId}`])
    expect(sent.rows[0]!.sent_at).not.toBeNull()
    expect(fleet.stores[1]!.process.exitCode).toBeNull()
  }, CLAIM_LEASE_MS + 90_000)
})
