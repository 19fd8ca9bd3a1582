/**
 * Invoices of paid orders: one per order, issued in the paying transaction however often the
 * payment is reported, numbered `{year}-NNNNNN` without gaps (a payment rolled back gives its
 * number back), its lines summing to what was charged; the receipt links to it; the buyer opens
 * the PDF from their order (another user cannot), a guest through the private link.
 */
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createSession, deliverEvent, orderById, receiptsFor, useFakePayments } from '../../../tests/support/checkout-fixtures.ts'
import { productsWithFiles } from '../../../tests/support/downloads.ts'
import type { FakePaymentProvider } from '../../../tests/support/fake-payment-provider.ts'
import { openOrderLink, paidGuestOrder } from '../../../tests/support/order-links.ts'
import { createCompletedOrder } from '../../../tests/support/orders.ts'
import { pdfText } from '../../../tests/support/pdf-text.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import type { ProductRow } from '../db/schema.ts'
import { createTaxDocumentsService } from './tax-documents.service.ts'
import { taxDocumentCounters, taxDocuments } from './tax.schema.ts'

const YEAR = new Date().getUTCFullYear()
let t: TestApp
let fake: FakePaymentProvider
let packs: ProductRow[]
let address = 0
const nextAddress = () => `192.0.2.${(address = (address % 250) + 1)}`

beforeAll(async () => {
  t = await createTestApp()
  fake = useFakePayments(t)
  packs = await productsWithFiles(t, 2)
})
afterAll(async () => t?.close())

async function paidOrder(buyer: SignedInUser, products: ProductRow[] = packs) {
  const created = await createSession(
    t,
    { checkoutType: 'direct', userId: buyer.id, items: products.map((product) => ({ productId: product.id, quantity: 1 })) },
    { cookie: buyer.cookie, remoteAddress: nextAddress() },
  )
  const session = fake.pay(created.sessionId)
  expect((await deliverEvent(t, fake, 'checkout.session.completed', session)).statusCode).toBe(200)
  return { orderId: created.orderId, session }
}

const documentsOf = (orderId: string) =>
  t.database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId)).orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.sequence))

async function invoiceCounter(): Promise<number> {
  const [counter] = await t.database.db
    .select()
    .from(taxDocumentCounters)
    .where(eq(taxDocumentCounters.series, `invoice:${YEAR}`))
  return counter?.lastNumber ?? 0
}

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })

function expectPdf(response: Awaited<ReturnType<typeof get>>, fileName: string) {
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200)
  expect(response.headers['content-type']).toBe('application/pdf')
  expect(response.headers['content-disposition']).toContain(fileName)
  expect(response.headers['cache-control']).toBe('no-store')
  expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-')
}

describe('the invoice of a paid order', () => {
  it('is issued once, numbered {year}-NNNNNN, with lines naming the products and summing to what was charged', async () => {
    const buyer = await createSignedInUser(t)
    const { orderId, session } = await paidOrder(buyer)
    // The payment reported again, and the success page looking: still one invoice, and no number spent.
    const spent = await invoiceCounter()
    expect((await deliverEvent(t, fake, 'checkout.session.completed', session)).statusCode).toBe(200)
    expect((await get(`/api/orders/by-session/${session.id}`, buyer.cookie)).statusCode).toBe(200)
    expect(await invoiceCounter()).toBe(spent)

    const order = await orderById(t, orderId)
    const documents = await documentsOf(orderId)
    expect(documents).toHaveLength(1)
    const [invoice] = documents
    expect(invoice).toMatchObject({
      kind: 'invoice',
      year: YEAR,
      number: `${YEAR}-${String(invoice!.sequence).padStart(6, '0')}`,
      currency: 'usd',
      grossCents: order.totalAmountCents,
      taxCents: order.taxCents,
      netCents: order.totalAmountCents - order.taxCents,
      taxRateBasisPoints: 800,
      taxLabel: 'Estimated tax (8%)',
      reverseCharge: false,
      seller: { legalName: 'Audio Lab Store' },
      buyer: { email: buyer.email },
    })
    expect(order.taxCents).toBeGreaterThan(0)
    // In the order's item order, which one insert of the cart's lines does not fix.
    expect(invoice!.lines.map((line) => line.description).sort()).toEqual(packs.map((pack) => pack.name).sort())
    const sum = (key: 'netCents' | 'taxCents' | 'grossCents') => invoice!.lines.reduce((total, line) => total + line[key], 0)
    expect([sum('netCents'), sum('taxCents'), sum('grossCents')]).toEqual([invoice!.netCents, invoice!.taxCents, invoice!.grossCents])

    // Asked again by the service itself: the same invoice.
    const service = createTaxDocumentsService({ db: t.database.db, log: t.app.log })
    const again = await t.database.db.transaction((tx) => service.issueInvoice(tx, { order, lines: [] }))
    expect(again.id).toBe(invoice!.id)
  })

  it('takes the next number, and a payment rolled back gives its number back: no gap', async () => {
    const buyer = await createSignedInUser(t)
    const service = createTaxDocumentsService({ db: t.database.db, log: t.app.log })
    const first = await orderById(t, (await createCompletedOrder(t, { userId: buyer.id, productIds: [packs[0]!.id] })).orderId)
    const second = await orderById(t, (await createCompletedOrder(t, { userId: buyer.id, productIds: [packs[1]!.id] })).orderId)
    const before = await invoiceCounter()

    await expect(
      t.database.db.transaction(async (tx) => {
        await service.issueInvoice(tx, { order: first, lines: [] })
        throw new Error('the payment failed after the invoice')
      }),
    ).rejects.toThrow('the payment failed after the invoice')
    expect(await documentsOf(first.id)).toEqual([])
    expect(await invoiceCounter()).toBe(before)

    const issued = await t.database.db.transaction((tx) => service.issueInvoice(tx, { order: second, lines: [] }))
    expect(issued.number).toBe(`${YEAR}-${String(before + 1).padStart(6, '0')}`)
    const next = await t.database.db.transaction((tx) => service.issueInvoice(tx, { order: first, lines: [] }))
    expect(next.sequence).toBe(before + 2)
  })
})

describe("a buyer's invoices", () => {
  it('are listed with the order, linked from the receipt, and open as a PDF naming the seller, the buyer and the products', async () => {
    const buyer = await createSignedInUser(t)
    const { orderId } = await paidOrder(buyer)
    const [invoice] = await documentsOf(orderId)
    const pdfPath = `/api/orders/${orderId}/documents/${invoice!.id}.pdf`

    const list = await get(`/api/orders/${orderId}/documents`, buyer.cookie)
    expect(list.statusCode).toBe(200)
    expect(list.json().data).toEqual([
      {
        id: invoice!.id,
        kind: 'invoice',
        number: invoice!.number,
        issuedAt: invoice!.issuedAt.toISOString(),
        grossCents: invoice!.grossCents,
        currency: 'usd',
        pdfPath,
      },
    ])
    const history = await get('/api/orders', buyer.cookie)
    expect(history.json().data[0]).toMatchObject({ id: orderId, documents: [{ number: invoice!.number, pdfPath }] })
    const [receipt] = await receiptsFor(t, orderId)
    expect(receipt!.text).toContain(`Your invoice ${invoice!.number} (PDF): ${t.config.publicUrl}${pdfPath}`)

    const pdf = await get(pdfPath, buyer.cookie)
    expectPdf(pdf, `invoice-${invoice!.number}.pdf`)
    const text = pdfText(pdf.rawPayload)
    for (const expected of ['Invoice', invoice!.number, 'Audio Lab Store', buyer.email, packs[0]!.name, 'Estimated tax (8%)', 'All amounts in USD.'])
      expect(text).toContain(expected)
  })

  it('answer 404 to another user and for a document of another order, 401 to a visitor', async () => {
    const buyer = await createSignedInUser(t)
    const stranger = await createSignedInUser(t)
    const { orderId } = await paidOrder(buyer)
    const { orderId: strangersOrder } = await paidOrder(stranger, [packs[0]!])
    const [invoice] = await documentsOf(orderId)
    const pdfPath = `/api/orders/${orderId}/documents/${invoice!.id}.pdf`

    expect((await get(pdfPath, stranger.cookie)).statusCode).toBe(404)
    expect((await get(`/api/orders/${orderId}/documents`, stranger.cookie)).statusCode).toBe(404)
    // The stranger's own order does not open the buyer's document either.
    expect((await get(`/api/orders/${strangersOrder}/documents/${invoice!.id}.pdf`, stranger.cookie)).json().error).toEqual({
      message: 'This invoice was not found',
      status: 404,
      code: 'NOT_FOUND',
    })
    expect((await get(`/api/orders/${orderId}/documents/${crypto.randomUUID()}.pdf`, buyer.cookie)).statusCode).toBe(404)
    expect((await get(pdfPath)).statusCode).toBe(401)
  })
})

describe("a guest's invoice", () => {
  it('is linked from the receipt and the private order page, and opens through the link only', async () => {
    const guest = await paidGuestOrder(t, fake, [packs[0]!.id])
    const [invoice] = await documentsOf(guest.orderId)
    const pdfPath = `/api/order-access/${guest.token}/documents/${invoice!.id}.pdf`
    expect(guest.receipt.text).toContain(`Your invoice ${invoice!.number} (PDF): ${t.config.publicUrl}${pdfPath}`)
    expect((await openOrderLink(t, guest.token)).json().data.documents).toEqual([
      expect.objectContaining({ kind: 'invoice', number: invoice!.number, pdfPath }),
    ])

    expectPdf(await get(pdfPath), `invoice-${invoice!.number}.pdf`)
    const altered = `${guest.token.slice(0, -1)}${guest.token.endsWith('A') ? 'B' : 'A'}`
    expect((await get(`/api/order-access/${altered}/documents/${invoice!.id}.pdf`)).statusCode).toBe(404)
    // Another order's link does not open this order's invoice.
    const other = await paidGuestOrder(t, fake, [packs[1]!.id])
    expect((await get(`/api/order-access/${other.token}/documents/${invoice!.id}.pdf`)).statusCode).toBe(404)
    const rows = await t.database.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, other.orderId), eq(taxDocuments.kind, 'invoice')))
    expect(rows).toHaveLength(1)
  })
})
