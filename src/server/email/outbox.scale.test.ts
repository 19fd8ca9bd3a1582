/**
 * The mail outbox across two store processes on one PostgreSQL: both run the delivery worker
 * against one SMTP server, and sixteen sign-ups spread over both processes at once send sixteen
 * confirmation emails, each exactly once (a worker claims due rows with SKIP LOCKED, so the
 * other never takes the same one). Black-box: real processes, a real SMTP server, SQL only to
 * read the outbox rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { until } from '../../../tests/support/fleet-purchases.ts'
import { startSmtpSink, type SmtpSink } from '../../../tests/support/smtp-sink.ts'
import { startStoreFleet, uniqueClientAddress, type StoreFleet } from '../../../tests/support/store-processes.ts'

const SIGN_UPS = 16

describe.runIf(process.env.DATABASE_URL)('the mail outbox across two store processes', () => {
  let fleet: StoreFleet
  let smtp: SmtpSink

  beforeAll(async () => {
    smtp = await startSmtpSink()
    fleet = await startStoreFleet(2, { env: { SMTP_URL: smtp.url } })
  }, 180_000)
  afterAll(async () => {
    await fleet?.stop()
    await smtp?.close()
  }, 30_000)

  it(`sends each of ${SIGN_UPS} confirmation emails once while both processes deliver`, async () => {
    const run = Date.now().toString(36)
    const emails = Array.from({ length: SIGN_UPS }, (_, index) => `outbox-${run}-${index}@example.com`)
    const answers = await Promise.all(
      emails.map((email, index) =>
        fleet.call(index % 2, '/api/auth/sign-up/email', {
          body: { email, password: 'outbox-password-123', name: 'Outbox Reader' },
          clientAddress: uniqueClientAddress(),
        }),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(SIGN_UPS).fill(200))

    const received = () => smtp.received.filter((mail) => emails.some((email) => mail.to.includes(email)))
    await until(`${SIGN_UPS} confirmation emails`, async () => new Set(received().map((mail) => mail.to)).size === SIGN_UPS)
    await until('every outbox row marked sent', async () => {
      const { rows } = await fleet.db.query<{ unsent: number }>(
        `select count(*)::int as unsent from email_outbox where sent_at is null and to_address = any($1)`,
        [emails],
      )
      return rows[0]!.unsent === 0
    })
    // A second delivery of any of them would arrive within the workers' next polls.
    await new Promise((resolve) => setTimeout(resolve, 2000))

    expect(received()).toHaveLength(SIGN_UPS)
    expect(new Set(received().map((mail) => mail.messageId)).size).toBe(SIGN_UPS)
    for (const mail of received()) expect(mail.subject).toMatch(/confirm/i)
  })
})
