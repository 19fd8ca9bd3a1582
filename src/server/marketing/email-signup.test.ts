import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { emailSignups } from '../db/schema.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

// Each request from its own address, so the per-IP limit only trips where a test means it to.
let lastIp = 0
const nextIp = () => `10.1.${Math.floor(++lastIp / 250)}.${lastIp % 250}`

async function signup(payload: unknown, remoteAddress = nextIp()) {
  const response = await t.app.inject({ method: 'POST', url: '/api/email-signup', payload: payload as object, remoteAddress })
  return { status: response.statusCode, body: response.json() }
}

const rowsFor = (email: string) => t.database.db.select().from(emailSignups).where(eq(emailSignups.email, email))

describe('POST /api/email-signup', () => {
  it('subscribes a new email from the coming-soon page and stores one lower-cased row', async () => {
    const { status, body } = await signup({ email: '  Producer.One@Example.COM ', subscriptionType: 'coming_soon', source: 'coming_soon_page' })
    expect(status).toBe(200)
    expect(body).toEqual({ success: true, message: "Thanks! We'll let you know when we launch." })
    const rows = await rowsFor('producer.one@example.com')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ subscriptionType: 'coming_soon', source: 'coming_soon_page' })
  })

  it('answers a repeated email (any case) with a friendly success and keeps one row', async () => {
    await signup({ email: 'again@example.com', subscriptionType: 'coming_soon', source: 'coming_soon_page' })
    const { status, body } = await signup({ email: 'AGAIN@example.com', subscriptionType: 'newsletter', source: 'learn_page' })
    expect(status).toBe(200)
    expect(body).toEqual({ success: true, message: "You're already on the list — we'll be in touch." })
    const rows = await rowsFor('again@example.com')
    expect(rows).toHaveLength(1)
    expect(rows[0]!.subscriptionType).toBe('coming_soon')
  })

  it('subscribes to the newsletter from the learn page with its own thank-you', async () => {
    const { status, body } = await signup({ email: 'reader@example.com', subscriptionType: 'newsletter', source: 'learn_page' })
    expect(status).toBe(200)
    expect(body.message).toBe('Thanks for subscribing! New tutorials and free packs will land in your inbox.')
    expect((await rowsFor('reader@example.com'))[0]).toMatchObject({ subscriptionType: 'newsletter', source: 'learn_page' })
  })

  it('defaults the subscription type and source when only an email is sent', async () => {
    const { status } = await signup({ email: 'bare@example.com' })
    expect(status).toBe(200)
    expect((await rowsFor('bare@example.com'))[0]).toMatchObject({ subscriptionType: 'coming_soon', source: 'coming_soon_page' })
  })

  it.each([
    ['an address without a domain', { email: 'producer@nowhere' }],
    ['an address with a space', { email: 'pro ducer@example.com' }],
    ['an empty address', { email: '' }],
    ['no address at all', {}],
    ['an address that is not text', { email: 42 }],
    ['an address over 254 characters', { email: `${'a'.repeat(250)}@example.com` }],
  ])('refuses %s with "Please enter a valid email address" and stores nothing', async (_case, payload) => {
    const before = await t.database.db.select().from(emailSignups)
    const { status, body } = await signup(payload)
    expect(status).toBe(400)
    expect(body).toEqual({ error: { message: 'Please enter a valid email address', status: 400, code: 'VALIDATION_ERROR' } })
    expect(await t.database.db.select().from(emailSignups)).toHaveLength(before.length)
  })

  it('refuses an unknown subscription type or source', async () => {
    expect((await signup({ email: 'x1@example.com', subscriptionType: 'everything' })).status).toBe(400)
    expect((await signup({ email: 'x2@example.com', source: 'somewhere' })).status).toBe(400)
    expect(await rowsFor('x1@example.com')).toHaveLength(0)
    expect(await rowsFor('x2@example.com')).toHaveLength(0)
  })

  it('accepts 10 signups from one address in 15 minutes, then answers 429 without storing', async () => {
    const ip = '192.0.2.20'
    for (let index = 0; index < 10; index++) expect((await signup({ email: `house-${index}@example.com` }, ip)).status).toBe(200)
    const refused = await signup({ email: 'house-11@example.com' }, ip)
    expect(refused).toEqual({
      status: 429,
      body: { error: { message: 'Too many signup attempts. Please try again later.', status: 429, code: 'RATE_LIMITED' } },
    })
    expect(await rowsFor('house-11@example.com')).toHaveLength(0)
  })
})
