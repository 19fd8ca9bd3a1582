/** The "update available" email a buyer gets when the owner publishes a new version of a product they bought. */
import { fileVersionLabel, type LiveFileVersion } from '../../shared/contract/product-file-versions.ts'
import type { DownloadLink } from '../../shared/contract/order-access.ts'
import { formatDate } from '../../shared/dates.ts'
import type { OutgoingEmail } from '../email/mailer.ts'
import { renderEmail } from '../email/templates.ts'

export interface FileUpdateEmailInput {
  to: string
  productName: string
  version: LiveFileVersion
  /** Whether each of the buyer's items of the product was given one more download with it. */
  extraDownload: boolean
  /** Where the buyer downloads it: an account's Download Hub, or a guest order's private page. */
  downloadLink: DownloadLink
  /** Turns these emails off for the address, without an account (product-update-emails.service.ts). */
  unsubscribeUrl: string
}

export function fileUpdateEmail({ to, productName, version, extraDownload, downloadLink, unsubscribeUrl }: FileUpdateEmailInput): OutgoingEmail {
  const label = fileVersionLabel(version)
  const where = downloadLink.kind === 'hub' ? 'Your Download Hub' : 'Your private order page'
  return {
    to,
    subject: `Update available: ${productName} ${label.toLowerCase()}`,
    ...renderEmail({
      heading: `${productName}: ${label} is out`,
      paragraphs: [
        `A new version of ${productName}, which you bought, was published on ${formatDate(version.publishedAt)}. ${where} now serves ${label}.`,
        ...(version.changelog ? [`What changed: ${version.changelog}`] : []),
        extraDownload
          ? 'We added one more download to your purchase, so getting this version does not use up the downloads you had left.'
          : 'Downloading it uses one of the downloads left on your purchase.',
      ],
      action: { label: downloadLink.kind === 'hub' ? 'Open your Download Hub' : 'Open your order page', url: downloadLink.url },
      footnote: `You get this email because you bought ${productName}. To stop emails about new versions of what you bought, use the unsubscribe link below.`,
      unsubscribeUrl,
    }),
  }
}
