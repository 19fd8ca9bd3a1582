import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import { storeSettings, supportMessages } from '../db/schema.ts'
import type { StoredEmail } from '../email/mailer.ts'
import { browserRequest, createSignedInUser } from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: 'help-desk@example.org' })
})
afterAll(async () => t?.close())

const validMessage = {
  name: 'Dana Beats',
  email: 'dana@example.com',
  category: 'licensing',
  subject: 'Can I use the drum loops in a sync placement?',
  message: 'Hi team,\n\nI bought Dusty Breaks last week. Is a TV sync placement covered by the licence?\n\nThanks, Dana',
}

// Each request from its own address, so the per-IP limit only trips where a test means it to.
let lastIp = 0
const nextIp = () => `10.0.${Math.floor(++lastIp / 250)}.${lastIp % 250}`

async function send(payload: unknown, remoteAddress = nextIp()) {
  const response = await t.app.inject({ method: 'POST', url: '/api/support-messages', payload: payload as object, remoteAddress })
  return { status: response.statusCode, body: response.json() }
}

const mailTo = async (address: string): Promise<StoredEmail[]> => (await t.app.mailer.listOutbox()).filter((email) => email.to === address)

describe('POST /api/support-messages', () => {
  it('stores the message, answers 201 with its id and emails it to the support inbox with reply-to the sender', async () => {
    const { status, body } = await send(validMessage)
    expect(status).toBe(201)
    const id = body.data.id as string
    const [row] = await t.database.db.select().from(supportMessages).where(eq(supportMessages.id, id))
    expect(row).toMatchObject({ ...validMessage, userId: null })

    const inbox = (await mailTo('help-desk@example.org')).find((email) => email.text.includes(id))
    expect(inbox).toBeDefined()
    expect(inbox!.replyTo).toBe('dana@example.com')
    expect(inbox!.subject).toBe('[Support · Licensing] Can I use the drum loops in a sync placement?')
    expect(inbox!.text).toContain('Is a TV sync placement covered by the licence?')
    expect(inbox!.text).toContain('Dana Beats <dana@example.com>')
  })

  it('sends the sender an acknowledgement promising a reply within 24-48 hours', async () => {
    await send({ ...validMessage, email: 'ack@example.com' })
    const [ack] = await mailTo('ack@example.com')
    expect(ack).toBeDefined()
    expect(ack!.subject).toBe('We received your message')
    expect(ack!.text).toContain('Hi Dana Beats,')
    expect(ack!.text).toContain('reply within 24-48 hours')
    expect(ack!.html).toContain('We received your message')
  })

  it("promises the owner's reply time under the owner's store name, and sends the message to the owner's support address", async () => {
    const owned = { storeName: 'Night Shift Sounds', supportReplyTime: 'one working day', supportEmail: 'studio@nightshift.example' }
    await t.database.db.insert(storeSettings).values({ id: 1, values: owned })
    try {
      const { body } = await send({ ...validMessage, email: 'owned-ack@example.com' })
      const [ack] = await mailTo('owned-ack@example.com')
      expect(ack!.text).toContain('Thanks for contacting Night Shift Sounds support.')
      expect(ack!.text).toContain('reply within one working day')
      expect((await mailTo('studio@nightshift.example')).some((email) => email.text.includes(body.data.id as string))).toBe(true)
    } finally {
      await t.database.db.delete(storeSettings)
    }
  })

  it('defaults the category to general', async () => {
    const { category: _omitted, ...withoutCategory } = validMessage
    const { status, body } = await send({ ...withoutCategory, email: 'no-category@example.com' })
    expect(status).toBe(201)
    const [row] = await t.database.db.select().from(supportMessages).where(eq(supportMessages.id, body.data.id))
    expect(row!.category).toBe('general')
  })

  it('keeps line breaks out of the email subject', async () => {
    await send({ ...validMessage, email: 'crlf@example.com', subject: 'Hello\r\nBcc: victim@example.com' })
    const inbox = (await mailTo('help-desk@example.org')).find((email) => email.replyTo === 'crlf@example.com')
    expect(inbox!.subject).toBe('[Support · Licensing] Hello Bcc: victim@example.com')
  })

  it.each([
    ['name', 'Name is required'],
    ['email', 'Email is required'],
    ['subject', 'Subject is required'],
    ['message', 'Message is required'],
  ])('refuses a message without %s with "%s" and stores nothing', async (field, text) => {
    const before = await t.database.db.select().from(supportMessages)
    const missing = await send({ ...validMessage, [field]: undefined })
    expect(missing).toEqual({ status: 400, body: { error: { message: text, status: 400, code: 'VALIDATION_ERROR' } } })
    const blank = await send({ ...validMessage, [field]: '   ' })
    expect(blank.status).toBe(400)
    expect(blank.body.error.message).toBe(text)
    expect(await t.database.db.select().from(supportMessages)).toHaveLength(before.length)
  })

  it.each([
    ['name', 100, 'Name must be 100 characters or fewer'],
    ['subject', 200, 'Subject must be 200 characters or fewer'],
    ['message', 5000, 'Message must be 5000 characters or fewer'],
  ])('accepts a %s of exactly %i characters and refuses one more', async (field, limit, text) => {
    expect((await send({ ...validMessage, email: `limit-${field}@example.com`, [field]: 'x'.repeat(limit) })).status).toBe(201)
    const over = await send({ ...validMessage, [field]: 'x'.repeat(limit + 1) })
    expect(over.status).toBe(400)
    expect(over.body.error.message).toBe(text)
  })

  it('refuses an invalid email and an unknown category', async () => {
    expect((await send({ ...validMessage, email: 'dana@nowhere' })).body.error.message).toBe('Please enter a valid email address')
    const category = await send({ ...validMessage, category: 'refund-now' })
    expect(category.status).toBe(400)
    expect(category.body.error.message).toBe('Please choose a category')
  })

  it('still stores the message and answers 201 when the mail cannot be sent', async () => {
    const sendSpy = vi.spyOn(t.app.mailer, 'send').mockRejectedValue(new Error('SMTP down'))
    try {
      const { status, body } = await send({ ...validMessage, email: 'offline@example.com' })
      expect(status).toBe(201)
      const [row] = await t.database.db.select().from(supportMessages).where(eq(supportMessages.id, body.data.id))
      expect(row!.email).toBe('offline@example.com')
    } finally {
      sendSpy.mockRestore()
    }
  })

  it('links the message to the signed-in sender', async () => {
    const user = await createSignedInUser(t, { name: 'Signed In' })
    const response = await browserRequest(t, {
      method: 'POST',
      url: '/api/support-messages',
      cookie: user.cookie,
      payload: { ...validMessage, email: user.email },
    })
    expect(response.statusCode).toBe(201)
    const [row] = await t.database.db.select().from(supportMessages).where(eq(supportMessages.id, response.json().data.id))
    expect(row!.userId).toBe(user.id)
    const inbox = (await mailTo('help-desk@example.org')).find((email) => email.replyTo === user.email)
    expect(inbox!.text).toContain(`signed in, user ${user.id}`)
  })

  it('refuses a message posted from another site', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/support-messages', payload: validMessage, headers: { origin: 'https://evil.example' } })
    expect(response.statusCode).toBe(403)
  })

  it('accepts 5 messages an hour from one address, then answers 429 and stores and mails nothing more', async () => {
    const ip = '192.0.2.10'
    for (let index = 0; index < 5; index++) {
      expect((await send({ ...validMessage, email: `burst-${index}@example.com` }, ip)).status).toBe(201)
    }
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/support-messages',
      payload: { ...validMessage, email: 'burst-6@example.com' },
      remoteAddress: ip,
    })
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({ error: { message: 'Too many messages sent. Please try again later.', status: 429, code: 'RATE_LIMITED' } })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(await t.database.db.select().from(supportMessages).where(eq(supportMessages.email, 'burst-6@example.com'))).toHaveLength(0)
    expect(await mailTo('burst-6@example.com')).toHaveLength(0)
    // Another address is not affected.
    expect((await send({ ...validMessage, email: 'burst-other@example.com' })).status).toBe(201)
  })

  it('limits acknowledgements to one inbox to 5 an hour, whatever address the messages come from', async () => {
    for (let index = 0; index < 5; index++) expect((await send({ ...validMessage, email: 'Victim@example.com' })).status).toBe(201)
    const refused = await send({ ...validMessage, email: 'victim@example.com' })
    expect(refused.status).toBe(429)
    expect(await mailTo('victim@example.com')).toHaveLength(0)
    expect(await mailTo('Victim@example.com')).toHaveLength(5)
  })
})
