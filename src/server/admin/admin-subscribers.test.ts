/**
 * The owner's list: subscribers and free product requests, newest first, searchable by email,
 * with their consent and state; each as a CSV file where a cell a spreadsheet would run as a
 * formula is kept as text; a long list streams whole; only an admin may read any of it.
 */
import { parse } from 'csv-parse/sync'
import { eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserRequest, createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { emailSignups, freeProductClaims, products } from '../db/schema.ts'

const OWNER = uniqueEmail('owner')
let t: TestApp
let owner: SignedInUser
let shopper: SignedInUser
let productId: string

const get = (url: string, user: SignedInUser | null = owner) => browserRequest(t, { method: 'GET', url, ...(user ? { cookie: user.cookie } : {}) })

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  owner = await createSignedInUser(t, { email: OWNER })
  shopper = await createSignedInUser(t)
  const [product] = await t.database.db.select({ id: products.id }).from(products).limit(1)
  productId = product!.id
  // A product whose name a spreadsheet would take for a formula.
  await t.database.db.update(products).set({ name: '=HYPERLINK("http://evil.example","Free Pack")' }).where(eq(products.id, productId))
  const db = t.database.db
  await db.insert(emailSignups).values([
    { email: 'early@list.example', subscriptionType: 'coming_soon', source: 'coming_soon_page', createdAt: new Date('2026-10-01T10:00:00Z') },
    {
      email: 'reader@list.example',
      subscriptionType: 'newsletter',
      source: 'free_product',
      consentText: 'Also send me news and new releases',
      createdAt: new Date('2026-11-01T10:00:00Z'),
      unsubscribedAt: new Date('2026-11-20T08:00:00Z'),
    },
    {
      email: '+sum@list.example',
      subscriptionType: 'newsletter',
      source: 'learn_page',
      consentText: '@SUM(A1:A9)',
      createdAt: new Date('2026-11-05T10:00:00Z'),
    },
  ])
  await db.insert(freeProductClaims).values([
    {
      productId,
      email: 'reader@list.example',
      consentText: "We'll email you the download link for the pack.",
      newsConsent: true,
      newsConsentText: 'Also send me news and new releases',
      confirmedAt: new Date('2026-11-01T10:05:00Z'),
      createdAt: new Date('2026-11-01T10:00:00Z'),
    },
    { productId, email: '-minus@list.example', consentText: "We'll email you the download link for the pack.", createdAt: new Date('2026-11-02T10:00:00Z') },
  ])
})
afterAll(async () => t?.close())

describe('GET /api/admin/subscribers', () => {
  it('lists subscribers newest first, with their source, consent, date and whether they unsubscribed; searchable by email', async () => {
    const response = await get('/api/admin/subscribers?search=list.example')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      data: [
        {
          email: '+sum@list.example',
          source: 'learn_page',
          subscriptionType: 'newsletter',
          consentText: '@SUM(A1:A9)',
          subscribedAt: '2026-11-05T10:00:00.000Z',
          unsubscribedAt: null,
        },
        {
          email: 'reader@list.example',
          source: 'free_product',
          subscriptionType: 'newsletter',
          consentText: 'Also send me news and new releases',
          subscribedAt: '2026-11-01T10:00:00.000Z',
          unsubscribedAt: '2026-11-20T08:00:00.000Z',
        },
        {
          email: 'early@list.example',
          source: 'coming_soon_page',
          subscriptionType: 'coming_soon',
          consentText: null,
          subscribedAt: '2026-10-01T10:00:00.000Z',
          unsubscribedAt: null,
        },
      ],
      total: 3,
      hasMore: false,
    })
    const paged = (await get('/api/admin/subscribers?search=list.example&limit=2&offset=2')).json()
    expect(paged).toMatchObject({ total: 3, hasMore: false, data: [{ email: 'early@list.example' }] })
    expect((await get('/api/admin/subscribers?search=READER')).json().data.map((row: { email: string }) => row.email)).toEqual(['reader@list.example'])
  })

  it('lists free product requests with the product, the consent, whether confirmed and whether news was wanted', async () => {
    const response = await get('/api/admin/free-product-claims?search=list.example')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      data: [
        {
          email: '-minus@list.example',
          productId,
          productName: '=HYPERLINK("http://evil.example","Free Pack")',
          consentText: "We'll email you the download link for the pack.",
          newsConsent: false,
          requestedAt: '2026-11-02T10:00:00.000Z',
          confirmedAt: null,
        },
        {
          email: 'reader@list.example',
          productId,
          productName: '=HYPERLINK("http://evil.example","Free Pack")',
          consentText: "We'll email you the download link for the pack.",
          newsConsent: true,
          requestedAt: '2026-11-01T10:00:00.000Z',
          confirmedAt: '2026-11-01T10:05:00.000Z',
        },
      ],
      total: 2,
      hasMore: false,
    })
  })

  it('refuses a page size out of range, naming the field', async () => {
    const response = await get('/api/admin/subscribers?limit=500')
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toMatchObject({ message: 'limit must be a whole number from 1 to 100' })
  })

  it('answers a guest 401 and a shopper 403, for the lists and the files', async () => {
    for (const url of ['/api/admin/subscribers', '/api/admin/subscribers.csv', '/api/admin/free-product-claims', '/api/admin/free-product-claims.csv']) {
      expect((await get(url, null)).statusCode).toBe(401)
      const refused = await get(url, shopper)
      expect(refused.statusCode).toBe(403)
      expect(refused.json()).toEqual({ error: { message: 'Admin access required', status: 403, code: 'FORBIDDEN' } })
    }
  })
})

describe('the CSV exports', () => {
  it('writes the subscribers with formulas kept as text', async () => {
    const response = await get('/api/admin/subscribers.csv?search=list.example')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toBe('attachment; filename="subscribers.csv"')
    expect(parse(response.body, { bom: true })).toEqual([
      ['Email', 'Source', 'List', 'Consent', 'Subscribed at', 'Unsubscribed at'],
      ["'+sum@list.example", 'Learn page', 'Newsletter', "'@SUM(A1:A9)", '2026-11-05T10:00:00.000Z', ''],
      ['reader@list.example', 'Free product', 'Newsletter', 'Also send me news and new releases', '2026-11-01T10:00:00.000Z', '2026-11-20T08:00:00.000Z'],
      ['early@list.example', 'Coming-soon page', 'Launch news', '', '2026-10-01T10:00:00.000Z', ''],
    ])
  })

  it('writes the free product requests with formulas kept as text', async () => {
    const response = await get('/api/admin/free-product-claims.csv?search=list.example')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-disposition']).toBe('attachment; filename="free-product-requests.csv"')
    expect(parse(response.body, { bom: true })).toEqual([
      ['Email', 'Product', 'Consent', 'News', 'Requested at', 'Confirmed at'],
      [
        "'-minus@list.example",
        `'=HYPERLINK("http://evil.example","Free Pack")`,
        "We'll email you the download link for the pack.",
        'no',
        '2026-11-02T10:00:00.000Z',
        '',
      ],
      [
        'reader@list.example',
        `'=HYPERLINK("http://evil.example","Free Pack")`,
        "We'll email you the download link for the pack.",
        'yes',
        '2026-11-01T10:00:00.000Z',
        '2026-11-01T10:05:00.000Z',
      ],
    ])
  })

  it('streams a list longer than one batch whole, each row once, newest first', async () => {
    // 1 201 rows within one second: many share a millisecond, so the batches must not lose or repeat any.
    const base = Date.parse('2025-01-01T00:00:00Z')
    const rows = Array.from({ length: 1201 }, (_, index) => ({
      email: `bulk-${String(index).padStart(4, '0')}@bulk.example`,
      subscriptionType: 'coming_soon' as const,
      source: 'footer' as const,
      createdAt: new Date(base + Math.floor(index / 3)),
    }))
    await t.database.db.insert(emailSignups).values(rows)
    const response = await get('/api/admin/subscribers.csv?search=bulk.example')
    const records: string[][] = parse(response.body, { bom: true })
    const emails = records.slice(1).map((record) => record[0])
    expect(emails).toHaveLength(1201)
    expect(new Set(emails).size).toBe(1201)
    expect(emails[0]).toMatch(/^bulk-(1200|1199|1198)@/)
    await t.database.db.delete(emailSignups).where(like(emailSignups.email, '%@bulk.example'))
  })
})
