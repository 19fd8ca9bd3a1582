/** The email a buyer gets when the serial they paid for ("sent later") arrives with the owner's next import. */
import { orderNumberOf } from '../../shared/contract/checkout.ts'
import type { OutgoingEmail } from '../email/mailer.ts'
import { renderEmail } from '../email/templates.ts'

export interface SerialDeliveredInput {
  to: string
  orderId: string
  productName: string
  serial: string
  /** An account's order links to its Download Hub; a guest's receipt already holds their private order link. */
  hasAccount: boolean
  publicUrl: string
}

export function serialDeliveredEmail({ to, orderId, productName, serial, hasAccount, publicUrl }: SerialDeliveredInput): OutgoingEmail {
  const orderNumber = orderNumberOf(orderId)
  return {
    to,
    subject: `Your licence key for ${productName} (order ${orderNumber})`,
    ...renderEmail({
      heading: `Your licence key for ${productName}`,
      paragraphs: [
        `The licence key you were waiting for has arrived. Licence key for ${productName}: ${serial}`,
        hasAccount ? 'It is also shown with your purchase in your Download Hub.' : 'It is also shown on your private order page, linked from your receipt.',
      ],
      ...(hasAccount ? { action: { label: 'Open your Download Hub', url: `${publicUrl}/download-hub` } } : {}),
      footnote: `Order ${orderNumber} · ${publicUrl}/support`,
    }),
  }
}
