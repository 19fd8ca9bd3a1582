/** The email a buyer gets when the serial they paid for ("sent later") arrives with the owner's next import. */
import { orderNumberOf } from '../../shared/contract/checkout.ts'
import type { DownloadLink } from '../../shared/contract/order-access.ts'
import type { OutgoingEmail } from '../email/mailer.ts'
import { renderEmail } from '../email/templates.ts'

export interface SerialDeliveredInput {
  to: string
  orderId: string
  productName: string
  serial: string
  /** Where the order's files and keys are shown: an account's Download Hub, a guest order's private page. */
  downloadLink: DownloadLink
  publicUrl: string
}

export function serialDeliveredEmail({ to, orderId, productName, serial, downloadLink, publicUrl }: SerialDeliveredInput): OutgoingEmail {
  const orderNumber = orderNumberOf(orderId)
  return {
    to,
    subject: `Your licence key for ${productName} (order ${orderNumber})`,
    ...renderEmail({
      heading: `Your licence key for ${productName}`,
      paragraphs: [
        `The licence key you were waiting for has arrived. Licence key for ${productName}: ${serial}`,
        downloadLink.kind === 'hub'
          ? 'It is also shown with your purchase in your Download Hub.'
          : "It is also shown on your private order page. Its link is private: anyone who has it can download your files, so please don't share it.",
      ],
      action: { label: downloadLink.kind === 'hub' ? 'Open your Download Hub' : 'Open your order page', url: downloadLink.url },
      footnote: `Order ${orderNumber} · ${publicUrl}/support`,
    }),
  }
}
