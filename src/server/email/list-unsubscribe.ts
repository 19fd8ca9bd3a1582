/**
 * The unsubscribe link of a news email. renderEmail writes it at the end of the text and as a
 * marked link in the HTML; delivery reads the marked link back into the List-Unsubscribe headers
 * (RFC 2369, and RFC 8058's one-click POST), so a mail client's own "Unsubscribe" button reaches
 * the same link without the outbox keeping headers of its own. The mark is read from the HTML,
 * where everything a customer wrote is escaped: their words can never become the header.
 */

/** The attribute marking the unsubscribe link in a rendered email's HTML. */
const MARK = 'data-list-unsubscribe'

/** The HTML of the marked link (`url` already escaped for an attribute). */
export const unsubscribeAnchor = (escapedUrl: string) => `<a ${MARK} href="${escapedUrl}" style="color:#71717a">Unsubscribe</a>`

const MARKED_LINK = new RegExp(`<a ${MARK} href="(https?://[^"\\s<>]+)"`)

const unescapeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

/** The unsubscribe link a rendered email carries, or null when it has none. */
export function unsubscribeUrlOf(html: string): string | null {
  const match = MARKED_LINK.exec(html)
  return match ? unescapeAttribute(match[1]!) : null
}

/** The headers that let a mail client unsubscribe with one click; none for an email without the link. */
export function listUnsubscribeHeaders(html: string): Record<string, string> | undefined {
  const url = unsubscribeUrlOf(html)
  if (!url) return undefined
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
}
