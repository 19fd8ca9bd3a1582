/** The "update available" email a buyer gets when the owner publishes a new version of a product they bought. */
import { fileVersionLabel, type LiveFileVersion } from '../../shared/contract/product-file-versions.ts'
import { formatDate } from '../../shared/dates.ts'
import type { OutgoingEmail } from '../email/mailer.ts'
import { renderEmail } from '../email/templates.ts'

export interface FileUpdateEmailInput {
  to: string
  productName: string
  version: LiveFileVersion
  /** Whether each of the buyer's items of the product was given one more download with it. */
  extraDownload: boolean
  publicUrl: string
}

export function fileUpdateEmail({ to, productName, version, extraDownload, publicUrl }: FileUpdateEmailInput): OutgoingEmail {
  const label = fileVersionLabel(version)
  return {
    to,
    subject: `Update available: ${productName} ${label.toLowerCase()}`,
    ...renderEmail({
      heading: `${productName}: ${label} is out`,
      paragraphs: [
        `A new version of ${productName}, which you bought, was published on ${formatDate(version.publishedAt)}. Your Download Hub now serves ${label}.`,
        ...(version.changelog ? [`What changed: ${version.changelog}`] : []),
        extraDownload
          ? 'We added one more download to your purchase, so getting this version does not use up the downloads you had left.'
          : 'Downloading it uses one of the downloads left on your purchase.',
      ],
      action: { label: 'Open your Download Hub', url: `${publicUrl}/download-hub` },
      footnote: `You get this email because you bought ${productName}. To stop emails about new versions, turn them off on your profile: ${publicUrl}/profile`,
    }),
  }
}
