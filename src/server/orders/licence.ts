/**
 * Licence certificates: each paid order's licence has a code that carries the order id and
 * an HMAC of it under AUTH_SECRET, so the code proves itself (no table, nothing to guess) and
 * every process of the store reads it the same. The certificate is a PDF drawn with pdfkit.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Licence } from '../../shared/contract/licences.ts'
import { formatDate } from '../../shared/dates.ts'

const MAC_BYTES = 9

function mac(orderIdBytes: Buffer, secret: string): Buffer {
  return createHmac('sha256', secret).update('als licence').update(orderIdBytes).digest().subarray(0, MAC_BYTES)
}

/** The licence code of an order: 25 bytes, base64url (the order id, then its MAC). */
export function licenceCodeOf(orderId: string, secret: string): string {
  const id = Buffer.from(orderId.replaceAll('-', ''), 'hex')
  return Buffer.concat([id, mac(id, secret)]).toString('base64url')
}

/** The order id a licence code names, or null for a code this store did not issue. */
export function orderIdOfLicenceCode(code: string, secret: string): string | null {
  if (!/^[A-Za-z0-9_-]{34}$/.test(code)) return null
  const bytes = Buffer.from(code, 'base64url')
  if (bytes.length !== 16 + MAC_BYTES) return null
  const id = bytes.subarray(0, 16)
  if (!timingSafeEqual(bytes.subarray(16), mac(id, secret))) return null
  const hex = id.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** The certificate as a PDF stream: the licensee, the order, each product and the terms, and the verification code. */
/** Loaded on the first licence asked for, not at start-up: pdfkit takes about half a second to import. */
export async function licencePdf(licence: Licence, verifyUrl: string): Promise<NodeJS.ReadableStream> {
  const { default: PDFDocument } = await import('pdfkit')
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Licence certificate, order ${licence.orderNumber}`, Author: 'Audio Lab Store' } })
  const ink = '#111827'
  const muted = '#4b5563'
  doc.rect(0, 0, doc.page.width, 10).fill('#7c3aed')
  doc.moveDown(1.5).fillColor('#7c3aed').font('Helvetica-Bold').fontSize(11).text('AUDIO LAB STORE', { characterSpacing: 2 })
  doc.moveDown(0.4).fillColor(ink).fontSize(26).text('Licence certificate')
  doc.moveDown(1).font('Helvetica').fontSize(11).fillColor(muted).text('This certifies that')
  doc.moveDown(0.2).font('Helvetica-Bold').fontSize(18).fillColor(ink).text(licence.licensee)
  doc
    .moveDown(0.2)
    .font('Helvetica')
    .fontSize(11)
    .fillColor(muted)
    .text(`holds a licence to the products of order ${licence.orderNumber}, issued on ${formatDate(licence.issuedAt)}:`)
  doc.moveDown(0.8)
  for (const product of licence.products) {
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .fillColor(ink)
      .text(`•  ${product.name}${product.quantity > 1 ? `  × ${product.quantity}` : ''}`, { indent: 8 })
    doc.moveDown(0.3)
  }
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor(ink).text('Licence terms')
  doc.moveDown(0.4)
  for (const term of licence.terms) {
    doc.font('Helvetica').fontSize(10.5).fillColor(ink).text(`–  ${term}`, { indent: 8 })
    doc.moveDown(0.4)
  }
  doc.moveDown(1.2).font('Helvetica').fontSize(10).fillColor(muted).text('Verification code')
  doc.font('Courier-Bold').fontSize(12).fillColor(ink).text(licence.code)
  doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor(muted).text(`Anyone can check this licence at ${verifyUrl}`, { link: verifyUrl, underline: false })
  doc.end()
  return doc
}
