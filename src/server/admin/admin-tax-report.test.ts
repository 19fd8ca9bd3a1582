/**
 * The owner's tax report: per country, region, rate and tax name, invoices less the credit
 * notes issued in the quarter, matching the documents to the cent; reverse-charge sales are a
 * row of their own; the CSV carries the same figures; a quarter must be written like 2026-Q4;
 * only an admin may read it.
 */
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createCompletedOrder } from '../../../tests/support/orders.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { products, taxDocuments } from '../db/schema.ts'
import { TAX_REPORT_MESSAGES } from '../../shared/contract/tax-report.ts'

const OWNER = uniqueEmail('owner')
let t: TestApp
let owner: SignedInUser
let buyer: SignedInUser
let productId: string

interface SeededDocument {
  kind: 'invoice' | 'credit_note'
  issuedAt: string
  country: string | null
  region?: string | null
  rate: number
  label: string
  reverseCharge?: boolean
  net: number
  tax: number
  /** The invoice a credit note takes back (its index among the seeded documents). */
  of?: number
}

const seeded: SeededDocument[] = [
  /* 0 */ { kind: 'invoice', issuedAt: '2026-10-05T10:00:00Z', country: 'DE', region: null, rate: 1900, label: 'VAT', net: 1000, tax: 190 },
  /* 1 */ { kind: 'invoice', issuedAt: '2026-11-02T10:00:00Z', country: 'DE', region: '', rate: 1900, label: 'VAT', net: 2500, tax: 475 },
  /* 2 */ { kind: 'credit_note', issuedAt: '2026-11-20T10:00:00Z', country: 'DE', region: null, rate: 1900, label: 'VAT', net: 500, tax: 95, of: 1 },
  /* 3 */ { kind: 'invoice', issuedAt: '2026-12-01T09:00:00Z', country: 'DE', rate: 0, label: 'VAT', reverseCharge: true, net: 4999, tax: 0 },
  /* 4 */ { kind: 'invoice', issuedAt: '2026-12-03T09:00:00Z', country: 'CA', region: 'QC', rate: 1498, label: 'GST 5% + QST 9.975%', net: 2000, tax: 300 },
  /* 5 */ { kind: 'invoice', issuedAt: '2026-12-04T09:00:00Z', country: 'CA', region: 'ON', rate: 1300, label: 'HST', net: 1000, tax: 130 },
  /* 6 */ { kind: 'invoice', issuedAt: '2026-12-31T23:59:59Z', country: null, rate: 800, label: 'Estimated tax (8%)', net: 1999, tax: 160 },
  // Q3: its invoice is not in Q4, but its refund's credit note is.
  /* 7 */ { kind: 'invoice', issuedAt: '2026-09-30T23:59:59Z', country: 'FR', rate: 2000, label: 'TVA', net: 800, tax: 160 },
  /* 8 */ { kind: 'credit_note', issuedAt: '2026-10-01T00:00:00Z', country: 'FR', rate: 2000, label: 'TVA', net: 800, tax: 160, of: 7 },
  // 2027: a refund of a Q4 invoice made after the quarter lowers 2027-Q1, not 2026-Q4.
  /* 9 */ { kind: 'credit_note', issuedAt: '2027-01-01T00:00:00Z', country: 'DE', rate: 1900, label: 'VAT', net: 1000, tax: 190, of: 0 },
]

const inQ4 = (document: SeededDocument) => document.issuedAt >= '2026-10-01' && document.issuedAt < '2027-01-01'

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  owner = await createSignedInUser(t, { email: OWNER })
  buyer = await createSignedInUser(t)
  const [product] = await t.database.db.select({ id: products.id }).from(products).limit(1)
  productId = product!.id
  const ids: string[] = []
  const orderOf: string[] = []
  let sequence = 0
  for (const document of seeded) {
    const orderId = document.of === undefined ? (await createCompletedOrder(t, { userId: buyer.id, productIds: [productId] })).orderId : orderOf[document.of]!
    const year = Number(document.issuedAt.slice(0, 4))
    sequence += 1
    const [row] = await t.database.db
      .insert(taxDocuments)
      .values({
        kind: document.kind,
        number: `${document.kind === 'credit_note' ? 'CN-' : ''}${year}-${String(sequence).padStart(6, '0')}`,
        year,
        sequence,
        orderId,
        refundId: document.kind === 'credit_note' ? `re_report_${sequence}` : null,
        invoiceId: document.of === undefined ? null : ids[document.of]!,
        issuedAt: new Date(document.issuedAt),
        currency: 'usd',
        netCents: document.net,
        taxCents: document.tax,
        grossCents: document.net + document.tax,
        taxCountry: document.country,
        taxRegion: document.region ?? null,
        taxRateBasisPoints: document.rate,
        taxLabel: document.label,
        reverseCharge: document.reverseCharge ?? false,
        seller: { legalName: 'Audio Lab Store Ltd', address: '1 Main St', country: 'US', taxNumber: 'US-1' },
        buyer: { name: 'Buyer', email: 'buyer@example.com', company: null, address: null, country: document.country, vatNumber: null },
        lines: [{ description: 'Beat', quantity: 1, netCents: document.net, taxCents: document.tax, grossCents: document.net + document.tax }],
      })
      .returning({ id: taxDocuments.id })
    ids.push(row!.id)
    orderOf.push(orderId)
  }
})
afterAll(async () => t?.close())

const get = (url: string, who: SignedInUser | null = owner) => t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} })

const row = (fields: Record<string, unknown>) => ({ region: null, reverseCharge: false, currency: 'usd', invoices: 1, creditNotes: 0, ...fields })

describe('GET /api/admin/tax-report', () => {
  it("lists the quarter's tax per country, region, rate and tax name, invoices less credit notes, reverse charge on its own row", async () => {
    const response = await get('/api/admin/tax-report?quarter=2026-Q4')
    expect(response.statusCode).toBe(200)
    const { data } = response.json()
    expect(data.period).toEqual({ label: '2026-Q4', firstDay: '2026-10-01', lastDay: '2026-12-31' })
    expect(data.rows).toEqual([
      row({ country: 'CA', region: 'ON', rateBasisPoints: 1300, taxLabel: 'HST', netCents: 1000, taxCents: 130, grossCents: 1130 }),
      row({ country: 'CA', region: 'QC', rateBasisPoints: 1498, taxLabel: 'GST 5% + QST 9.975%', netCents: 2000, taxCents: 300, grossCents: 2300 }),
      row({ country: 'DE', rateBasisPoints: 1900, taxLabel: 'VAT', netCents: 3000, taxCents: 570, grossCents: 3570, invoices: 2, creditNotes: 1 }),
      row({ country: 'DE', rateBasisPoints: 0, taxLabel: 'VAT', reverseCharge: true, netCents: 4999, taxCents: 0, grossCents: 4999 }),
      row({ country: 'FR', rateBasisPoints: 2000, taxLabel: 'TVA', netCents: -800, taxCents: -160, grossCents: -960, invoices: 0, creditNotes: 1 }),
      row({ country: null, rateBasisPoints: 800, taxLabel: 'Estimated tax (8%)', netCents: 1999, taxCents: 160, grossCents: 2159 }),
    ])
  })

  it("totals match the quarter's invoices and credit notes to the cent", async () => {
    const documents = await t.database.db.select().from(taxDocuments)
    const quarter = documents.filter(
      (document) => document.issuedAt >= new Date('2026-10-01T00:00:00Z') && document.issuedAt < new Date('2027-01-01T00:00:00Z'),
    )
    expect(quarter).toHaveLength(seeded.filter(inQ4).length)
    const sum = (pick: (document: (typeof documents)[number]) => number) =>
      quarter.reduce((total, document) => total + (document.kind === 'credit_note' ? -pick(document) : pick(document)), 0)
    const { data } = (await get('/api/admin/tax-report?quarter=2026-Q4')).json()
    expect(data.totals).toEqual([
      {
        currency: 'usd',
        netCents: sum((document) => document.netCents),
        taxCents: sum((document) => document.taxCents),
        grossCents: sum((document) => document.grossCents),
        invoices: quarter.filter((document) => document.kind === 'invoice').length,
        creditNotes: quarter.filter((document) => document.kind === 'credit_note').length,
      },
    ])
    expect(data.totals[0].taxCents).toBe(190 + 475 - 95 + 300 + 130 + 160 - 160)
  })

  it('a refund made after the quarter lowers the quarter it is dated in; a run of days counts its first and last day', async () => {
    const next = (await get('/api/admin/tax-report?quarter=2027-Q1')).json().data
    expect(next.rows).toEqual([
      row({ country: 'DE', rateBasisPoints: 1900, taxLabel: 'VAT', netCents: -1000, taxCents: -190, grossCents: -1190, invoices: 0, creditNotes: 1 }),
    ])
    const december = (await get('/api/admin/tax-report?from=2026-12-03&to=2026-12-31')).json().data
    expect(december.period).toEqual({ label: '2026-12-03-to-2026-12-31', firstDay: '2026-12-03', lastDay: '2026-12-31' })
    expect(december.rows.map((line: { country: string | null; region: string | null }) => [line.country, line.region])).toEqual([
      ['CA', 'ON'],
      ['CA', 'QC'],
      [null, null],
    ])
  })

  it('an empty quarter has no rows and no totals', async () => {
    const { data } = (await get('/api/admin/tax-report?quarter=2025-Q1')).json()
    expect(data).toEqual({ period: { label: '2025-Q1', firstDay: '2025-01-01', lastDay: '2025-03-31' }, rows: [], totals: [] })
  })

  it.each([
    ['?quarter=2026-Q5', TAX_REPORT_MESSAGES.quarter],
    ['?quarter=2026Q4', TAX_REPORT_MESSAGES.quarter],
    ['?quarter=Q4-2026', TAX_REPORT_MESSAGES.quarter],
    ['?quarter=1999-Q1', TAX_REPORT_MESSAGES.quarter],
    ['', TAX_REPORT_MESSAGES.period],
    ['?from=2026-10-01', TAX_REPORT_MESSAGES.period],
    ['?quarter=2026-Q4&from=2026-10-01&to=2026-10-31', TAX_REPORT_MESSAGES.both],
    ['?from=2026-10-31&to=2026-10-01', TAX_REPORT_MESSAGES.order],
    ['?from=2026-02-30&to=2026-03-01', 'from must be a real date (YYYY-MM-DD)'],
  ])('refuses the query "%s" with a sentence', async (query, message) => {
    for (const path of ['/api/admin/tax-report', '/api/admin/tax-report.csv']) {
      const response = await get(`${path}${query}`)
      expect(response.statusCode).toBe(400)
      expect(response.json().error).toMatchObject({ status: 400, message })
    }
  })

  it('answers a guest 401 and a shopper 403, for the figures and the file', async () => {
    for (const url of ['/api/admin/tax-report?quarter=2026-Q4', '/api/admin/tax-report.csv?quarter=2026-Q4']) {
      expect((await get(url, null)).statusCode).toBe(401)
      const refused = await get(url, buyer)
      expect(refused.statusCode).toBe(403)
      expect(refused.json()).toEqual({ error: { message: 'Admin access required', status: 403, code: 'FORBIDDEN' } })
    }
  })
})

describe('GET /api/admin/tax-report.csv', () => {
  it('downloads the same rows with a header, amounts in dollars with two decimals, and the totals', async () => {
    const response = await get('/api/admin/tax-report.csv?quarter=2026-Q4')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toBe('attachment; filename="tax-report-2026-Q4.csv"')
    expect(response.headers['cache-control']).toBe('no-store')
    const records: string[][] = parse(response.body, { bom: true })
    expect(records[0]).toEqual(['Country', 'Region', 'Rate (%)', 'Tax', 'Reverse charge', 'Currency', 'Net', 'Tax amount', 'Gross', 'Invoices', 'Credit notes'])
    expect(records.slice(1)).toEqual([
      ['CA', 'ON', '13', 'HST', 'no', 'USD', '10.00', '1.30', '11.30', '1', '0'],
      ['CA', 'QC', '14.98', 'GST 5% + QST 9.975%', 'no', 'USD', '20.00', '3.00', '23.00', '1', '0'],
      ['DE', '', '19', 'VAT', 'no', 'USD', '30.00', '5.70', '35.70', '2', '1'],
      ['DE', '', '0', 'VAT', 'yes', 'USD', '49.99', '0.00', '49.99', '1', '0'],
      ['FR', '', '20', 'TVA', 'no', 'USD', '-8.00', '-1.60', '-9.60', '0', '1'],
      ['', '', '8', 'Estimated tax (8%)', 'no', 'USD', '19.99', '1.60', '21.59', '1', '0'],
      ['Total', '', '', '', '', 'USD', '121.98', '10.00', '131.98', '6', '2'],
    ])
  })

  it('keeps a tax name with a comma, quotes or a leading = as text in one cell', async () => {
    const { orderId } = await createCompletedOrder(t, { userId: buyer.id, productIds: [productId] })
    await t.database.db.insert(taxDocuments).values({
      kind: 'invoice',
      number: '2024-000001',
      year: 2024,
      sequence: 1,
      orderId,
      issuedAt: new Date('2024-05-01T00:00:00Z'),
      currency: 'usd',
      netCents: 100,
      taxCents: 10,
      grossCents: 110,
      taxCountry: 'NZ',
      taxRateBasisPoints: 1000,
      taxLabel: '=GST, "goods"',
      seller: { legalName: 'Audio Lab Store Ltd', address: '1 Main St', country: 'US', taxNumber: 'US-1' },
      buyer: { name: 'Buyer', email: 'buyer@example.com', company: null, address: null, country: 'NZ', vatNumber: null },
      lines: [],
    })
    const response = await get('/api/admin/tax-report.csv?quarter=2024-Q2')
    expect(response.body).toContain(`NZ,,10,"'=GST, ""goods""",no,USD,1.00,0.10,1.10,1,0\r\n`)
  })
})
