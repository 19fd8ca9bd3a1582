/** The receipt a buyer gets once an order is paid: order number, lines, totals and the Download Hub link. */
import { orderNumberOf } from '../../shared/contract/checkout.ts'
import { licencePagePath, licencePdfPath } from '../../shared/contract/licences.ts'
import { formatPrice } from '../../shared/money.ts'
import { STORE_NAME, type OutgoingEmail } from '../email/mailer.ts'
import { renderEmail } from '../email/templates.ts'
import type { OrderRow } from './orders.schema.ts'

export interface ReceiptLine {
  name: string
  quantity: number
  priceCents: number
}

export function receiptEmail(order: OrderRow, lines: ReceiptLine[], publicUrl: string, licenceCode: string): OutgoingEmail {
  const orderNumber = orderNumberOf(order.id)
  const paragraphs = [
    `Thank you for your purchase. Your payment was received and your order ${orderNumber} is complete.`,
    ...lines.map((line) => `${line.name} × ${line.quantity}: ${formatPrice(line.priceCents * line.quantity)}`),
    `Subtotal: ${formatPrice(order.subtotalCents)}`,
    ...(order.discountCents > 0 ? [`Discount${order.promoCode ? ` (${order.promoCode})` : ''}: -${formatPrice(order.discountCents)}`] : []),
    `Tax: ${formatPrice(order.taxCents)}`,
    `Total paid: ${formatPrice(order.totalAmountCents)}${order.cardLast4 ? ` (card ending ${order.cardLast4})` : ''}`,
    'Your files are ready in your Download Hub. Download links are valid for 30 days.',
    `Your licence certificate (PDF): ${publicUrl}${licencePdfPath(licenceCode)}`,
    `Anyone can check your licence at ${publicUrl}${licencePagePath(licenceCode)}`,
  ]
  const { text, html } = renderEmail({
    heading: `Order ${orderNumber} confirmed`,
    paragraphs,
    action: { label: 'Open your Download Hub', url: `${publicUrl}/download-hub` },
    footnote: `Questions about this order? Reply to this email or visit ${publicUrl}/support and quote order ${orderNumber}.`,
  })
  return { to: order.customerEmail, subject: `Your ${STORE_NAME} receipt for order ${orderNumber}`, text, html }
}
