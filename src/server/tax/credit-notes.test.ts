/**
 * Credit notes: a refund that succeeds gets one, numbered `CN-{year}-NNNNNN`, referring to the
 * order's invoice, naming the refunded pack and taking back the refunded amount with its share
 * of tax; refunds of the whole order take back exactly the invoice. A pending refund waits, an
 * order paid before invoices gets none. The owner opens every document from the order's page;
 * a reverse-charged invoice carries the legal sentence and both parties' tax numbers.
 */
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createSession, deliverEvent, itemsOf, orderById, useFakePayments } from '../../../tests/support/checkout-fixtures.ts'
import { productsWithFiles } from '../../../tests/support/downloads.ts'
import type { FakePaymentProvider } from '../../../tests/support/fake-payment-provider.ts'
import { createCompletedOrder } from '../../../tests/support/orders.ts'
import { pdfText } from '../../../tests/support/pdf-text.ts'
import { paidThreePackOrder, refundAsOwner } from '../../../tests/support/refunds.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { orderRefunds, orders, type ProductRow } from '../db/schema.ts'
import { REVERSE_CHARGE_SENTENCE } from './tax-document-pdf.ts'
import { createTaxDocumentsService } from './tax-documents.service.ts'
import { taxDocuments, taxSettings } from './tax.schema.ts'

const YEAR = new Date().getUTCFullYear()
const OWNER = uniqueEmail('tax-owner')
let t: TestApp
let fake: FakePaymentProvider
let owner: SignedInUser
let packs: ProductRow[]

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  fake = useFakePayments(t)
  owner = await createSignedInUser(t, { email: OWNER })
  packs = await productsWithFiles(t, 2)
})
afterAll(async () => t?.close())

const documentsOf = (orderId: string) =>
  t.database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId)).orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.sequence))
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })

/** The provider's refunds of the payment succeed, and it says so (refund.updated): the order settles again. */
async function providerConfirmsRefunds(paymentIntentId: string) {
  for (const refund of fake.refunds.get(paymentIntentId) ?? []) {
    const done = fake.updateRefund(refund.id, 'succeeded')
    const { payload, headers } = fake.signedObjectEvent('refund.updated', {
      id: done.id,
      object: 'refund',
      amount: done.amountCents,
      payment_intent: paymentIntentId,
      status: 'succeeded',
      reason: null,
      metadata: done.metadata,
    })
    expect((await t.app.inject({ method: 'POST', url: '/api/webhooks/payments', headers, payload })).statusCode).toBe(200)
  }
}

describe('a refund', () => {
  it('gets a credit note referring to the invoice once it succeeds, and the whole order refunded takes back exactly the invoice', async () => {
    const buyer = await createSignedInUser(t)
    const created = await createSession(
      t,
      { checkoutType: 'direct', userId: buyer.id, items: packs.map((pack) => ({ productId: pack.id, quantity: 1 })) },
      { cookie: buyer.cookie, remoteAddress: '203.0.113.7' },
    )
    const session = fake.pay(created.sessionId)
    expect((await deliverEvent(t, fake, 'checkout.session.completed', session)).statusCode).toBe(200)
    const { orderId } = created
    const firstItem = (await itemsOf(t, orderId)).find((item) => item.productId === packs[0]!.id)!

    expect((await refundAsOwner(t, owner, orderId, [firstItem.id])).statusCode).toBe(200)
    // The provider has not confirmed it yet: no credit note for a pending refund.
    expect((await documentsOf(orderId)).map((document) => document.kind)).toEqual(['invoice'])

    await providerConfirmsRefunds(session.paymentIntentId!)
    const [invoice, note] = await documentsOf(orderId)
    const [refund] = await t.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId))
    expect(note).toMatchObject({
      kind: 'credit_note',
      number: `CN-${YEAR}-${String(note!.sequence).padStart(6, '0')}`,
      invoiceId: invoice!.id,
      refundId: refund!.id,
      grossCents: refund!.amountCents,
      taxRateBasisPoints: invoice!.taxRateBasisPoints,
      taxLabel: invoice!.taxLabel,
      buyer: invoice!.buyer,
    })
    expect(note!.netCents + note!.taxCents).toBe(note!.grossCents)
    expect(Math.abs(note!.taxCents - (note!.grossCents * invoice!.taxCents) / invoice!.grossCents)).toBeLessThanOrEqual(0.5)
    expect(note!.lines.map((line) => line.description)).toEqual([packs[0]!.name])

    // The rest of the order, refunded and confirmed; events repeated change nothing more.
    expect((await refundAsOwner(t, owner, orderId)).statusCode).toBe(200)
    await providerConfirmsRefunds(session.paymentIntentId!)
    await providerConfirmsRefunds(session.paymentIntentId!)
    expect((await orderById(t, orderId)).status).toBe('REFUNDED')
    const notes = (await documentsOf(orderId)).filter((document) => document.kind === 'credit_note')
    expect(notes).toHaveLength(2)
    expect(notes[1]!.lines.map((line) => line.description)).toEqual([packs[1]!.name])
    const credited = (key: 'grossCents' | 'taxCents' | 'netCents') => notes.reduce((sum, document) => sum + document[key], 0)
    expect([credited('netCents'), credited('taxCents'), credited('grossCents')]).toEqual([invoice!.netCents, invoice!.taxCents, invoice!.grossCents])

    // The owner's page lists all three, each opening as a PDF; the credit note names the invoice it corrects.
    const detail = await get(`/api/admin/orders/${orderId}`, owner.cookie)
    const listed = detail.json().data.documents as { kind: string; number: string; pdfPath: string }[]
    expect(listed.map((document) => [document.kind, document.number])).toEqual([
      ['invoice', invoice!.number],
      ['credit_note', notes[0]!.number],
      ['credit_note', notes[1]!.number],
    ])
    expect(listed[1]!.pdfPath).toBe(`/api/admin/orders/${orderId}/documents/${notes[0]!.id}.pdf`)
    const pdf = await get(listed[1]!.pdfPath, owner.cookie)
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.headers['content-disposition']).toContain(`credit-note-${notes[0]!.number}.pdf`)
    const text = pdfText(pdf.rawPayload)
    for (const expected of ['Credit note', notes[0]!.number, `This credit note corrects invoice ${invoice!.number}`, packs[0]!.name, 'Total credited'])
      expect(text).toContain(expected)
    // A shopper cannot use the owner's address, even for their own order's document.
    expect((await get(listed[0]!.pdfPath, buyer.cookie)).statusCode).toBe(403)
  })

  it('of an order paid before invoices existed gets no credit note, and the refund goes through', async () => {
    const buyer = await createSignedInUser(t)
    const order = await paidThreePackOrder(t, fake, buyer.id, [...packs, packs[0]!].slice(0, 3))
    expect((await refundAsOwner(t, owner, order.orderId, [order.itemIds[0]])).statusCode).toBe(200)
    await providerConfirmsRefunds(order.paymentIntentId)
    expect((await orderById(t, order.orderId)).status).toBe('PARTIALLY_REFUNDED')
    expect(await documentsOf(order.orderId)).toEqual([])
  })
})

describe('a reverse-charged invoice', () => {
  it('names the seller and buyer with their tax numbers, 0 % on every line, and the legal sentence', async () => {
    const seller = {
      sellerLegalName: 'Lumen Audio SARL',
      sellerAddress: '12 Rue de la Paix, 75002 Paris',
      sellerCountry: 'FR',
      sellerTaxNumber: 'FR40303265045',
    }
    await t.database.db.insert(taxSettings).values({ id: 1, mode: 'by-country', pricesIncludeTax: true, ...seller })
    try {
      const buyer = await createSignedInUser(t)
      const { orderId, items } = await createCompletedOrder(t, { userId: buyer.id, productIds: [packs[0]!.id] })
      const price = items[0]!.priceCents
      const [order] = await t.database.db
        .update(orders)
        .set({
          taxCents: 0,
          totalAmountCents: price,
          billingDetails: {
            firstName: 'Anna',
            lastName: 'Schmidt',
            company: 'Tonstudio Nord GmbH',
            address: 'Hauptstr. 1',
            city: 'Berlin',
            postalCode: '10115',
            countryCode: 'DE',
          },
          taxDetails: {
            mode: 'by-country',
            rateBasisPoints: 0,
            pricesIncludeTax: true,
            label: 'VAT reverse charge',
            reverseCharge: true,
            country: 'DE',
            region: null,
            vatNumber: 'DE136695976',
            vatCheck: 'format',
            evidence: { billingCountry: 'DE', ipCountry: null, cardCountry: null, conflict: false },
          },
        })
        .where(eq(orders.id, orderId))
        .returning()
      const service = createTaxDocumentsService({ db: t.database.db, log: t.app.log })
      const invoice = await t.database.db.transaction((tx) =>
        service.issueInvoice(tx, { order: order!, lines: [{ orderItemId: items[0]!.id, name: packs[0]!.name, quantity: 1, priceCents: price }] }),
      )
      expect(invoice).toMatchObject({
        reverseCharge: true,
        taxCents: 0,
        netCents: price,
        grossCents: price,
        taxCountry: 'DE',
        seller: { legalName: 'Lumen Audio SARL' },
      })

      const pdf = await get(`/api/admin/orders/${orderId}/documents/${invoice.id}.pdf`, owner.cookie)
      expect(pdf.statusCode).toBe(200)
      const text = pdfText(pdf.rawPayload)
      for (const expected of [
        'Lumen Audio SARL',
        'Tax number: FR40303265045',
        'France',
        'Anna Schmidt',
        'Tonstudio Nord GmbH',
        '10115 Berlin',
        'Germany',
        'VAT number: DE136695976',
        '0%',
        REVERSE_CHARGE_SENTENCE,
      ])
        expect(text).toContain(expected)
    } finally {
      await t.database.db.delete(taxSettings)
    }
  })
})
