/**
 * The mail outbox: a keyed email is queued once, delivery marks it sent only once the transport
 * took it, a failing transport is retried with back-off until it works, and on PostgreSQL two
 * workers delivering at the same time never send one email twice.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { emailOutbox } from '../db/schema.ts'
import { createMailer, type OutgoingEmail } from './mailer.ts'
import { CLAIM_LEASE_MS, type MailTransport } from './outbox-delivery.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

const email = (to: string): OutgoingEmail => ({ to, subject: `Hello ${to}`, text: 'Plain body', html: '<p>HTML body</p>' })
const uniqueAddress = () => `outbox-${crypto.randomUUID()}@example.com`

/** A transport that records what it was given, failing the first `failures` sends. */
function recordingTransport(failures = 0) {
  const sent: Parameters<MailTransport['sendMail']>[0][] = []
  let left = failures
  const transport: MailTransport = {
    async sendMail(message) {
      if (left > 0) {
        left--
        throw new Error('SMTP connection refused')
      }
      sent.push(message)
    },
  }
  return { transport, sent }
}

async function rowsTo(address: string) {
  return t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address))
}

describe('queuing', () => {
  it('queues an email with a dedupe key once, however often it is asked', async () => {
    const address = uniqueAddress()
    const mailer = createMailer({ db: t.database.db, smtpUrl: undefined })
    expect(await mailer.send(email(address), { dedupeKey: `test:${address}` })).toBe(true)
    expect(await mailer.send(email(address), { dedupeKey: `test:${address}` })).toBe(false)
    expect(await mailer.send(email(address))).toBe(true)
    expect(await rowsTo(address)).toHaveLength(2)
  })

  it('queues nothing when the transaction that queued it rolls back', async () => {
    const address = uniqueAddress()
    const mailer = createMailer({ db: t.database.db, smtpUrl: undefined })
    await expect(
      t.database.db.transaction(async (tx) => {
        await mailer.enqueue(tx, email(address))
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    expect(await rowsTo(address)).toEqual([])
  })
})

describe('delivery', () => {
  it('hands the email to the transport with a Message-ID of its own and marks it sent', async () => {
    const address = uniqueAddress()
    const { transport, sent } = recordingTransport()
    const mailer = createMailer({ db: t.database.db, smtpUrl: undefined, transport })
    await mailer.send({ ...email(address), replyTo: 'sender@example.com' })
    await mailer.deliverDue()

    const mine = sent.filter((message) => message.to === address)
    expect(mine).toHaveLength(1)
    const [row] = await rowsTo(address)
    expect(mine[0]).toMatchObject({
      subject: `Hello ${address}`,
      text: 'Plain body',
      html: '<p>HTML body</p>',
      replyTo: 'sender@example.com',
      messageId: `<${row!.id}@audiolab.store>`,
    })
    expect(row!.sentAt).not.toBeNull()
    expect(row!.nextAttemptAt).toBeNull()
    // Sent once: another run finds nothing to do for it.
    await mailer.deliverDue()
    expect(sent.filter((message) => message.to === address)).toHaveLength(1)
  })

  it('retries a failed send after 1 s, then 2 s, and sends once the transport works', async () => {
    const address = uniqueAddress()
    const { transport, sent } = recordingTransport(2)
    const mailer = createMailer({ db: t.database.db, smtpUrl: undefined, transport })
    await t.database.db.delete(emailOutbox)
    await mailer.send(email(address))
    const start = Date.now()

    await mailer.deliverDue({ now: new Date(start) })
    let [row] = await rowsTo(address)
    expect(row).toMatchObject({ attempts: 1, sentAt: null, lastError: 'SMTP connection refused' })
    expect(row!.nextAttemptAt!.getTime()).toBe(start + 1000)

    // Not yet due half a second later.
    expect((await mailer.deliverDue({ now: new Date(start + 500) })).attempted).toBe(0)
    await mailer.deliverDue({ now: new Date(start + 1000) })
    ;[row] = await rowsTo(address)
    expect(row).toMatchObject({ attempts: 2, sentAt: null })
    expect(row!.nextAttemptAt!.getTime()).toBe(start + 1000 + 2000)

    await mailer.deliverDue({ now: new Date(start + 3000) })
    ;[row] = await rowsTo(address)
    expect(row).toMatchObject({ attempts: 3, lastError: null })
    expect(row!.sentAt).not.toBeNull()
    expect(sent.filter((message) => message.to === address)).toHaveLength(1)
  })

  it('takes back an email whose sender died mid-send once its lease ends', async () => {
    const address = uniqueAddress()
    // The dying sender's send never settles until the test ends it, as a dead process's would not.
    let endDyingSend = () => {}
    const hanging: MailTransport = { sendMail: () => new Promise((_, reject) => (endDyingSend = () => reject(new Error('the sender died')))) }
    const dying = createMailer({ db: t.database.db, smtpUrl: undefined, transport: hanging })
    await dying.send(email(address))
    const start = Date.now()
    const dyingRun = dying.deliverDue({ now: new Date(start) })
    await expect.poll(async () => (await rowsTo(address))[0]?.attempts).toBe(1)

    const { transport, sent } = recordingTransport()
    const next = createMailer({ db: t.database.db, smtpUrl: undefined, transport })
    expect((await next.deliverDue({ now: new Date(start + 1000) })).attempted).toBe(0)
    await next.deliverDue({ now: new Date(start + CLAIM_LEASE_MS + 1) })
    expect(sent.filter((message) => message.to === address)).toHaveLength(1)
    // Settled before the database closes: a run left hanging would write to it afterwards.
    endDyingSend()
    await dyingRun
  })
})

describe.runIf(process.env.DATABASE_URL)('two workers on PostgreSQL', () => {
  it('deliver forty emails between them, each exactly once', async () => {
    const addresses = Array.from({ length: 40 }, uniqueAddress)
    const queueing = createMailer({ db: t.database.db, smtpUrl: undefined })
    for (const address of addresses) await queueing.send(email(address))
    const slow = (sent: string[]): MailTransport => ({
      async sendMail(message) {
        await new Promise((resolve) => setTimeout(resolve, 5))
        sent.push(message.to)
      },
    })
    const first: string[] = []
    const second: string[] = []
    const workers = [
      createMailer({ db: t.database.db, smtpUrl: undefined, transport: slow(first) }),
      createMailer({ db: t.database.db, smtpUrl: undefined, transport: slow(second) }),
    ]
    for (let round = 0; round < 5; round++) await Promise.all(workers.map((worker) => worker.deliverDue()))

    const delivered = [...first, ...second].filter((to) => addresses.includes(to))
    expect(delivered.sort()).toEqual([...addresses].sort())
    expect(first.length).toBeGreaterThan(0)
    expect(second.length).toBeGreaterThan(0)
  })
})
