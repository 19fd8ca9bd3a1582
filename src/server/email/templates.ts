/** Plain-text and HTML bodies of the store's emails, from one description of the message. */
import { unsubscribeAnchor } from './list-unsubscribe.ts'
import { STORE_NAME } from './mailer.ts'

export interface EmailContent {
  heading: string
  paragraphs: string[]
  action?: { label: string; url: string }
  footnote?: string
  /** The store's name as its owner set it (the header and the sign-off); the default name when absent. */
  storeName?: string
  /** A news email's unsubscribe link: shown last, and read back into its List-Unsubscribe header (list-unsubscribe.ts). */
  unsubscribeUrl?: string
}

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

export function renderEmail(content: EmailContent): { text: string; html: string } {
  const storeName = content.storeName ?? STORE_NAME
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footnote ? [content.footnote, ''] : []),
    ...(content.unsubscribeUrl ? [`Unsubscribe: ${content.unsubscribeUrl}`, ''] : []),
    `— ${storeName}`,
  ].join('\n')

  const html = `<!doctype html><html><body style="margin:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td style="font-size:14px;font-weight:bold;color:#7c3aed;letter-spacing:.04em">${escapeHtml(storeName)}</td></tr>
<tr><td style="padding-top:16px;font-size:22px;font-weight:bold">${escapeHtml(content.heading)}</td></tr>
${content.paragraphs.map((paragraph) => `<tr><td style="padding-top:12px;font-size:15px;line-height:1.5">${escapeHtml(paragraph)}</td></tr>`).join('\n')}
${
  content.action
    ? `<tr><td style="padding-top:24px"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#7c3aed;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(content.action.label)}</a></td></tr>
<tr><td style="padding-top:12px;font-size:12px;color:#71717a;word-break:break-all">${escapeHtml(content.action.url)}</td></tr>`
    : ''
}
${content.footnote ? `<tr><td style="padding-top:24px;font-size:12px;color:#71717a">${escapeHtml(content.footnote)}</td></tr>` : ''}
${content.unsubscribeUrl ? `<tr><td style="padding-top:16px;font-size:12px;color:#71717a">${unsubscribeAnchor(escapeHtml(content.unsubscribeUrl))} from these emails.</td></tr>` : ''}
</table></td></tr></table></body></html>`
  return { text, html }
}
