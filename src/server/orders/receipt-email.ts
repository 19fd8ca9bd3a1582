/**
 * The receipt a buyer gets once an order is paid: order number, lines, totals, and where the
 * files are: the Download Hub for an account's order, the order's private link for a guest's.
 */
import { orderNumberOf } from '../../shared/contract/checkout.ts'
import { licencePagePath, licencePdfPath } from '../../shared/contract/licences.ts'
import { FIND_ORDER_PATH, type DownloadLink } from '../../shared/contract/order-access.ts'
import { buyerTaxDocumentPdfPath, guestTaxDocumentPdfPath } from '../../shared/contract/tax-documents.ts'
import { formatPrice } from '../../shared/money.ts'
import type { StoreSettings } from '../../shared/contract/store-settings.ts'
import type { OutgoingEmail } from '../email/mailer.ts'
import { renderEmail } from '../email/templates.ts'
import type { OrderRow } from './orders.schema.ts'

export interface ReceiptLine {
  name: string
  quantity: number
  priceCents: number
  /** The bundle an item came with: it is listed as included, its money being on the bundle's line. */
  includedIn?: string | undefined
  /** The item's licence keys, one per unit; null for a serial the store sends once the vendor's next ones arrive. */
  licenceKeys?: readonly (string | null)[] | undefined
}

/** "Drum Pack × 1: $24.00", or for an item a bundle granted "Drum Pack: included in Producer Bundle". */
function receiptLineOf(line: ReceiptLine): string {
  if (line.includedIn !== undefined) return `${line.name}: included in ${line.includedIn}`
  return `${line.name} × ${line.quantity}: ${formatPrice(line.priceCents * line.quantity)}`
}

/** "Licence key for Space Synth: ALS-…", under the line it unlocks. */
function licenceKeyLinesOf(line: ReceiptLine): string[] {
  return (line.licenceKeys ?? []).map((key) =>
    key === null ? `Licence key for ${line.name}: we will email it to you as soon as it is available.` : `Licence key for ${line.name}: ${key}`,
  )
}

/** The owner's words in the receipt (store settings): the name, the opening line and the closing note. */
export type ReceiptTexts = Pick<StoreSettings, 'storeName' | 'receiptThankYou' | 'receiptFootnote'>

export interface ReceiptOptions {
  publicUrl: string
  licenceCode: string
  /** Where the files are: an account's Download Hub, or a guest order's private page (order-links.service.ts). */
  downloadLink: DownloadLink
  texts: ReceiptTexts
  /** The order's invoice (a guest opens it through the private link, an account's buyer signed in); null before it has one. */
  invoice: { id: string; number: string } | null
}

export function receiptEmail(order: OrderRow, lines: ReceiptLine[], { publicUrl, licenceCode, downloadLink, texts, invoice }: ReceiptOptions): OutgoingEmail {
  const accessToken = downloadLink.kind === 'private' ? downloadLink.token : null
  const orderNumber = orderNumberOf(order.id)
  const paragraphs = [
    ...(texts.receiptThankYou ? [texts.receiptThankYou] : []),
    `Your payment was received and your order ${orderNumber} is complete.`,
    ...lines.flatMap((line) => [receiptLineOf(line), ...licenceKeyLinesOf(line)]),
    `Subtotal: ${formatPrice(order.subtotalCents)}`,
    ...(order.discountCents > 0 ? [`Discount${order.promoCode ? ` (${order.promoCode})` : ''}: -${formatPrice(order.discountCents)}`] : []),
    `Tax: ${formatPrice(order.taxCents)}`,
    `Total paid: ${formatPrice(order.totalAmountCents)}${order.cardLast4 ? ` (card ending ${order.cardLast4})` : ''}`,
    ...(accessToken
      ? [
          'Your files are ready on your private order page: use the button below to download them.',
          `This link is private: anyone who has it can download your files, so please don't share it. Lost it? Ask for a new one at ${publicUrl}${FIND_ORDER_PATH}.`,
        ]
      : ['Your files are ready in your Download Hub. Download links are valid for 30 days.']),
    ...(invoice
      ? [
          `Your invoice ${invoice.number} (PDF): ${publicUrl}${accessToken ? guestTaxDocumentPdfPath(accessToken, invoice.id) : buyerTaxDocumentPdfPath(order.id, invoice.id)}`,
        ]
      : []),
    `Your licence certificate (PDF): ${publicUrl}${licencePdfPath(licenceCode)}`,
    `Anyone can check your licence at ${publicUrl}${licencePagePath(licenceCode)}`,
  ]
  const { text, html } = renderEmail({
    heading: `Order ${orderNumber} confirmed`,
    paragraphs,
    action: { label: downloadLink.kind === 'private' ? 'Download your files' : 'Open your Download Hub', url: downloadLink.url },
    // The order number and support address follow the owner's note, so a buyer can always quote and reach them.
    footnote: [texts.receiptFootnote, `Order ${orderNumber} · ${publicUrl}/support`].filter(Boolean).join(' '),
    storeName: texts.storeName,
  })
  return { to: order.customerEmail, subject: `Your ${texts.storeName} receipt for order ${orderNumber}`, text, html }
}
