/**
 * Invoices and credit notes. A paid order gets its invoice in the transaction that marks it
 * paid, and a refund that succeeded its credit note in the transaction that settles it, each
 * numbered without gaps per series and year (`2026-000123`, `CN-2026-000007`): the series'
 * counter row is raised by one statement in that same transaction, so its row lock makes two
 * processes take turns (never one number twice), and a payment rolled back rolls its number
 * back (never a gap). Issuing is idempotent: one invoice per order, one credit note per refund.
 *
 * The orders capability hands over what a document needs (the order's amounts, billing details
 * and tax treatment, its lines, its refunds); this one never reads the orders' tables.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { FastifyBaseLogger } from 'fastify'
import { countryName } from '../../shared/address/countries.ts'
import { findRegion } from '../../shared/address/regions.ts'
import { orderNumberOf } from '../../shared/contract/checkout.ts'
import { TAX_DOCUMENT_MESSAGES, type TaxDocumentLink } from '../../shared/contract/tax-documents.ts'
import { isUuid } from '../../shared/ids.ts'
import { FLAT_TAX } from '../../shared/pricing.ts'
import type { OrderTaxDetails, TaxBuyer, TaxDocumentKind, TaxSeller } from '../../shared/tax/tax-types.ts'
import type { Database, Executor } from '../db/client.ts'
import { STORE_NAME } from '../email/mailer.ts'
import { notFound } from '../http/errors.ts'
import type { BillingDetails } from '../orders/orders.types.ts'
import { creditNoteAmountsOf, creditNoteLinesOf, invoiceAmountsOf, invoiceLinesOf, type InvoiceLineInput } from './tax-document-lines.ts'
import { taxDocumentPdf } from './tax-document-pdf.ts'
import { taxDocumentCounters, taxDocuments, taxSettings, type TaxDocumentRow } from './tax.schema.ts'

/** What an invoice needs of a paid order. */
export interface InvoiceOrder {
  id: string
  currency: string
  discountCents: number
  taxCents: number
  totalAmountCents: number
  /** How the order was taxed; null on orders from before tax modes (the flat 8 % estimate). */
  taxDetails: OrderTaxDetails | null
  billingDetails: BillingDetails | null
  customerEmail: string
}

/** A refund of the order as the provider reports it; only a succeeded one gets a credit note. */
export interface CreditedRefund {
  id: string
  amountCents: number
  status: string
  /** The items the refund covers, when it names them. */
  orderItemIds: string[] | null
  createdAt: Date
}

const SERIES_PREFIX: Readonly<Record<TaxDocumentKind, string>> = { invoice: '', credit_note: 'CN-' }

/** `2026-000123`, `CN-2026-000007`. */
export function taxDocumentNumber(kind: TaxDocumentKind, year: number, sequence: number): string {
  return `${SERIES_PREFIX[kind]}${year}-${String(sequence).padStart(6, '0')}`
}

/** The buyer as the invoice names them: the billing name (else the email), company, postal address, country and VAT number. */
function buyerOf(order: InvoiceOrder): TaxBuyer {
  const details = order.billingDetails ?? {}
  const text = (value: string | undefined) => value?.trim() || null
  const countryCode = text(details.countryCode) ?? order.taxDetails?.country ?? null
  const region = countryCode && details.state ? (findRegion(countryCode, details.state)?.name ?? text(details.state)) : text(details.state)
  const cityLine = [text(details.postalCode), text(details.city)].filter(Boolean).join(' ')
  const address = [text(details.address), text(details.apartment), cityLine, region].filter(Boolean).join('\n')
  return {
    name: [text(details.firstName), text(details.lastName)].filter(Boolean).join(' ') || order.customerEmail,
    email: order.customerEmail,
    company: text(details.company),
    address: address || null,
    country: (countryCode ? countryName(countryCode) : null) ?? text(details.country),
    vatNumber: order.taxDetails?.vatNumber ?? null,
  }
}

export interface TaxDocumentsServiceDeps {
  db: Database
  log: FastifyBaseLogger
}

export function createTaxDocumentsService({ db, log }: TaxDocumentsServiceDeps) {
  /** The next number of a series, in the caller's transaction: the counter's row lock holds others until it commits or rolls back. */
  async function nextSequence(tx: Executor, series: string): Promise<number> {
    const [counter] = await tx
      .insert(taxDocumentCounters)
      .values({ series, lastNumber: 1 })
      .onConflictDoUpdate({ target: taxDocumentCounters.series, set: { lastNumber: sql`${taxDocumentCounters.lastNumber} + 1` } })
      .returning({ lastNumber: taxDocumentCounters.lastNumber })
    return counter!.lastNumber
  }

  /** The seller as the owner's tax settings name them now; the store's name until the owner enters a legal name. */
  async function sellerNow(tx: Executor): Promise<TaxSeller> {
    const [settings] = await tx.select().from(taxSettings).where(eq(taxSettings.id, 1))
    return {
      legalName: settings?.sellerLegalName?.trim() || STORE_NAME,
      address: settings?.sellerAddress?.trim() ?? '',
      country: settings?.sellerCountry ?? '',
      taxNumber: settings?.sellerTaxNumber?.trim() ?? '',
    }
  }

  /** Numbers and stores a document dated now, in the caller's transaction. */
  async function issue(
    tx: Executor,
    kind: TaxDocumentKind,
    values: Omit<typeof taxDocuments.$inferInsert, 'kind' | 'number' | 'year' | 'sequence' | 'issuedAt'>,
  ): Promise<TaxDocumentRow> {
    const issuedAt = new Date()
    const year = issuedAt.getUTCFullYear()
    const sequence = await nextSequence(tx, `${kind}:${year}`)
    const [row] = await tx
      .insert(taxDocuments)
      .values({ ...values, kind, year, sequence, number: taxDocumentNumber(kind, year, sequence), issuedAt })
      .returning()
    return row!
  }

  const invoiceLink = alias(taxDocuments, 'invoice')

  return {
    /**
     * The order's invoice, issued in the paying transaction (call it with the order's row locked):
     * the order's amounts as charged, each line's share of them, the seller as the settings name
     * them now and the buyer as the order does. A second call answers the invoice already issued.
     */
    async issueInvoice(tx: Executor, { order, lines }: { order: InvoiceOrder; lines: readonly InvoiceLineInput[] }): Promise<TaxDocumentRow> {
      const [existing] = await tx
        .select()
        .from(taxDocuments)
        .where(and(eq(taxDocuments.orderId, order.id), eq(taxDocuments.kind, 'invoice')))
      if (existing) return existing
      const tax = order.taxDetails ?? FLAT_TAX
      const charged = { ...order, pricesIncludeTax: tax.pricesIncludeTax }
      return issue(tx, 'invoice', {
        orderId: order.id,
        currency: order.currency,
        ...invoiceAmountsOf(charged),
        taxCountry: tax.country,
        taxRegion: tax.region,
        taxRateBasisPoints: tax.rateBasisPoints,
        taxLabel: tax.label,
        reverseCharge: tax.reverseCharge,
        seller: await sellerNow(tx),
        buyer: buyerOf(order),
        lines: invoiceLinesOf(charged, lines, `Order ${orderNumberOf(order.id)}`),
      })
    },

    /**
     * A credit note for each succeeded refund of the order that has none yet, oldest refund
     * first, in the settling transaction (the order's row locked). Each refers to the order's
     * invoice and is taxed as it was; an order paid before invoices existed gets none (logged).
     */
    async issueCreditNotes(tx: Executor, { orderId, refunds }: { orderId: string; refunds: readonly CreditedRefund[] }): Promise<TaxDocumentRow[]> {
      const succeeded = refunds.filter((refund) => refund.status === 'succeeded')
      if (succeeded.length === 0) return []
      const documents = await tx
        .select()
        .from(taxDocuments)
        .where(eq(taxDocuments.orderId, orderId))
        .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.sequence))
      const invoice = documents.find((document) => document.kind === 'invoice')
      const noted = new Set(documents.map((document) => document.refundId))
      const waiting = succeeded
        .filter((refund) => !noted.has(refund.id))
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
      if (waiting.length === 0) return []
      if (!invoice) {
        log.info({ orderId, refunds: waiting.map((refund) => refund.id) }, 'refund of an order without an invoice: no credit note')
        return []
      }
      const credited = { grossCents: 0, taxCents: 0 }
      for (const note of documents.filter((document) => document.kind === 'credit_note')) {
        credited.grossCents += note.grossCents
        credited.taxCents += note.taxCents
      }
      const issued: TaxDocumentRow[] = []
      for (const refund of waiting) {
        const amounts = creditNoteAmountsOf(invoice, credited, refund.amountCents)
        if (amounts.grossCents !== refund.amountCents)
          log.warn(
            { orderId, refundId: refund.id, refundCents: refund.amountCents, creditedCents: amounts.grossCents },
            'refund exceeds what its invoice has left',
          )
        if (amounts.grossCents === 0) continue
        const lines = creditNoteLinesOf(amounts, invoice.lines, refund.orderItemIds, `Refund of order ${orderNumberOf(orderId)}`)
        const { id: invoiceId, currency, taxCountry, taxRegion, taxRateBasisPoints, taxLabel, reverseCharge, seller, buyer } = invoice
        issued.push(
          await issue(tx, 'credit_note', {
            orderId,
            refundId: refund.id,
            invoiceId,
            currency,
            ...amounts,
            taxCountry,
            taxRegion,
            taxRateBasisPoints,
            taxLabel,
            reverseCharge,
            seller,
            buyer,
            lines,
          }),
        )
        credited.grossCents += amounts.grossCents
        credited.taxCents += amounts.taxCents
      }
      return issued
    },

    /** The order's invoice (its id and number), or null: the receipt links to it. */
    async invoiceOf(tx: Executor, orderId: string): Promise<{ id: string; number: string } | null> {
      const [invoice] = await tx
        .select({ id: taxDocuments.id, number: taxDocuments.number })
        .from(taxDocuments)
        .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'invoice')))
      return invoice ?? null
    },

    /**
     * The documents of these orders in one query, each order's invoice first, then its credit
     * notes as issued; `pdfPathOf` names the PDF address the reader may open (buyer, guest, owner).
     */
    async documentsOfOrders(orderIds: readonly string[], pdfPathOf: (orderId: string, documentId: string) => string): Promise<Map<string, TaxDocumentLink[]>> {
      const byOrder = new Map<string, TaxDocumentLink[]>()
      if (orderIds.length === 0) return byOrder
      const rows = await db
        .select({
          id: taxDocuments.id,
          orderId: taxDocuments.orderId,
          kind: taxDocuments.kind,
          number: taxDocuments.number,
          issuedAt: taxDocuments.issuedAt,
          grossCents: taxDocuments.grossCents,
          currency: taxDocuments.currency,
        })
        .from(taxDocuments)
        .where(inArray(taxDocuments.orderId, [...new Set(orderIds)]))
        .orderBy(desc(taxDocuments.kind), asc(taxDocuments.issuedAt), asc(taxDocuments.sequence))
      for (const { orderId, ...row } of rows) {
        const list = byOrder.get(orderId) ?? []
        list.push({ ...row, issuedAt: row.issuedAt.toISOString(), pdfPath: pdfPathOf(orderId, row.id) })
        byOrder.set(orderId, list)
      }
      return byOrder
    },

    /** One document of the order as a PDF, with the number of the invoice a credit note corrects; 404 for any other pair of ids. */
    async documentPdf(orderId: string, documentId: string): Promise<{ fileName: string; pdf: NodeJS.ReadableStream }> {
      if (!isUuid(orderId) || !isUuid(documentId)) throw notFound(TAX_DOCUMENT_MESSAGES.notFound)
      const [found] = await db
        .select({ document: taxDocuments, invoiceNumber: invoiceLink.number })
        .from(taxDocuments)
        .leftJoin(invoiceLink, eq(invoiceLink.id, taxDocuments.invoiceId))
        .where(and(eq(taxDocuments.id, documentId), eq(taxDocuments.orderId, orderId)))
      if (!found) throw notFound(TAX_DOCUMENT_MESSAGES.notFound)
      const { document, invoiceNumber } = found
      return {
        fileName: `${document.kind === 'invoice' ? 'invoice' : 'credit-note'}-${document.number}.pdf`,
        pdf: await taxDocumentPdf(document, { orderNumber: orderNumberOf(orderId), invoiceNumber }),
      }
    },
  }
}

export type TaxDocumentsService = ReturnType<typeof createTaxDocumentsService>
