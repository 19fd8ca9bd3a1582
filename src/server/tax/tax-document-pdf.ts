/**
 * An invoice or credit note as a PDF drawn with pdfkit, as the licence certificate is: the
 * seller (legal name, address, tax number) and the buyer (name, company, address, VAT number),
 * the number, date and order, each line's net, rate, tax and gross, the totals and the
 * currency; the legal sentence under reverse charge; a credit note names the invoice it
 * corrects and shows what it takes back as negative amounts.
 */
import { countryName } from '../../shared/address/countries.ts'
import { TAX_DOCUMENT_KIND_LABELS } from '../../shared/contract/tax-documents.ts'
import { formatTaxRate } from '../../shared/contract/tax-report.ts'
import { formatMoney } from '../../shared/money.ts'
import { formatDate } from '../../shared/dates.ts'
import type { TaxDocumentRow } from './tax.schema.ts'

/** What EU law asks a reverse-charged invoice to say. */
export const REVERSE_CHARGE_SENTENCE = 'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC)'

const INK = '#111827'
const MUTED = '#4b5563'
const RULE = '#d1d5db'
const BRAND = '#7c3aed'

export interface TaxDocumentPdfContext {
  orderNumber: string
  /** The invoice a credit note corrects. */
  invoiceNumber: string | null
}

/** Loaded on the first document asked for, not at start-up: pdfkit takes about half a second to import. */
export async function taxDocumentPdf(document: TaxDocumentRow, { orderNumber, invoiceNumber }: TaxDocumentPdfContext): Promise<NodeJS.ReadableStream> {
  const { default: PDFDocument } = await import('pdfkit')
  const title = `${TAX_DOCUMENT_KIND_LABELS[document.kind]} ${document.number}`
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title, Author: document.seller.legalName } })
  const credit = document.kind === 'credit_note'
  const money = (cents: number) => formatMoney(cents, document.currency)
  const amount = (cents: number) => money(credit ? -cents : cents)
  const left = doc.page.margins.left
  const width = doc.page.width - left - doc.page.margins.right

  doc.rect(0, 0, doc.page.width, 10).fill(BRAND)
  doc.moveDown(1.5).fillColor(BRAND).font('Helvetica-Bold').fontSize(11).text(document.seller.legalName.toUpperCase(), { characterSpacing: 2 })
  doc.moveDown(0.4).fillColor(INK).fontSize(24).text(TAX_DOCUMENT_KIND_LABELS[document.kind])
  doc.moveDown(0.3).font('Helvetica').fontSize(10.5).fillColor(MUTED)
  const facts: [string, string][] = [
    [`${TAX_DOCUMENT_KIND_LABELS[document.kind]} number`, document.number],
    ['Date of issue', formatDate(document.issuedAt)],
    ['Order', `#${orderNumber}`],
    ...(credit && invoiceNumber ? ([['Corrects invoice', invoiceNumber]] as [string, string][]) : []),
    ['Currency', document.currency.toUpperCase()],
  ]
  for (const [label, value] of facts) {
    doc.font('Helvetica').fillColor(MUTED).text(`${label}: `, { continued: true }).font('Helvetica-Bold').fillColor(INK).text(value)
  }

  // The seller and the buyer side by side.
  const partiesTop = doc.y + 18
  const column = (width - 24) / 2
  const party = (x: number, heading: string, lines: string[]) => {
    doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text(heading.toUpperCase(), x, partiesTop, { width: column, characterSpacing: 1 })
    doc.moveDown(0.3)
    lines.forEach((line, index) =>
      doc
        .font(index === 0 ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(index === 0 ? 11.5 : 10)
        .fillColor(INK)
        .text(line, x, doc.y, { width: column }),
    )
    return doc.y
  }
  const { seller, buyer } = document
  const sellerBottom = party(left, 'From', [
    seller.legalName,
    ...seller.address.split(/\r?\n|,\s*/).filter(Boolean),
    ...(seller.country ? [countryName(seller.country) ?? seller.country] : []),
    ...(seller.taxNumber ? [`Tax number: ${seller.taxNumber}`] : []),
  ])
  const buyerBottom = party(left + column + 24, credit ? 'Credited to' : 'Billed to', [
    buyer.name,
    ...(buyer.company ? [buyer.company] : []),
    ...(buyer.address?.split('\n') ?? []),
    ...(buyer.country ? [buyer.country] : []),
    ...(buyer.vatNumber ? [`VAT number: ${buyer.vatNumber}`] : []),
    // A buyer who gave no billing name is named by their email already.
    ...(buyer.email !== buyer.name ? [buyer.email] : []),
  ])

  // The lines: description, quantity, net, rate, tax, gross.
  const columns = [
    { label: 'Description', width: width - 292, align: 'left' as const },
    { label: 'Qty', width: 34, align: 'right' as const },
    { label: 'Net', width: 70, align: 'right' as const },
    { label: 'Rate', width: 52, align: 'right' as const },
    { label: 'Tax', width: 62, align: 'right' as const },
    { label: 'Gross', width: 74, align: 'right' as const },
  ]
  const row = (cells: string[], y: number, font: string) => {
    let x = left
    let height = 0
    doc.font(font).fontSize(10).fillColor(INK)
    cells.forEach((cell, index) => {
      const spec = columns[index]!
      doc.text(cell, x, y, { width: spec.width - (index === 0 ? 8 : 0), align: spec.align })
      height = Math.max(height, doc.y - y)
      x += spec.width
    })
    return y + height
  }
  let y = Math.max(sellerBottom, buyerBottom) + 26
  doc.fillColor(MUTED)
  y = row(
    columns.map((spec) => spec.label),
    y,
    'Helvetica-Bold',
  )
  doc
    .moveTo(left, y + 4)
    .lineTo(left + width, y + 4)
    .strokeColor(RULE)
    .stroke()
  y += 10
  const rate = formatTaxRate(document.taxRateBasisPoints)
  for (const line of document.lines) {
    if (y > doc.page.height - doc.page.margins.bottom - 160) {
      doc.addPage()
      y = doc.page.margins.top
    }
    y = row([line.description, String(line.quantity), amount(line.netCents), rate, amount(line.taxCents), amount(line.grossCents)], y, 'Helvetica') + 6
  }
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor(RULE)
    .stroke()

  // The totals, right-aligned under the amounts.
  y += 10
  const labelX = left + width - 300
  const total = (label: string, value: string, bold = false) => {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 12 : 10.5)
      .fillColor(bold ? INK : MUTED)
    doc.text(label, labelX, y, { width: 190 })
    doc.fillColor(INK).text(value, labelX + 190, y, { width: 110, align: 'right' })
    y = doc.y + 4
  }
  total('Net', amount(document.netCents))
  total(
    document.reverseCharge ? 'VAT (reverse charge, 0%)' : `${document.taxLabel}${document.taxLabel.includes('%') ? '' : ` (${rate})`}`,
    amount(document.taxCents),
  )
  total(credit ? 'Total credited' : 'Total', amount(document.grossCents), true)

  doc.x = left
  doc.y = y + 16
  const notes = [
    ...(document.reverseCharge ? [REVERSE_CHARGE_SENTENCE] : []),
    ...(credit && invoiceNumber ? [`This credit note corrects invoice ${invoiceNumber}: the amounts above are refunded to the buyer.`] : []),
    `All amounts in ${document.currency.toUpperCase()}.`,
  ]
  for (const note of notes) {
    doc
      .font(note === REVERSE_CHARGE_SENTENCE ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor(INK)
      .text(note, left, doc.y, { width })
    doc.moveDown(0.5)
  }
  doc.end()
  return doc
}
