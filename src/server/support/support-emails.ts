/**
 * The two emails a support message sends: the message itself to the store's support inbox
 * (reply-to the sender, so answering it reaches them) and a short acknowledgement to the sender.
 */
import type { StoreSettings } from '../../shared/contract/store-settings.ts'
import { SUPPORT_CATEGORY_LABELS, type SupportMessageInput } from '../../shared/contract/support.ts'
import type { OutgoingEmail } from '../email/mailer.ts'
import { renderEmail } from '../email/templates.ts'

export interface StoredSupportMessage extends SupportMessageInput {
  id: string
  userId: string | null
}

/** Header values come from a form: no line breaks may reach a header. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim()

export function supportInboxEmail(message: StoredSupportMessage, supportAddress: string): OutgoingEmail {
  const category = SUPPORT_CATEGORY_LABELS[message.category]
  const content = renderEmail({
    heading: `${category}: ${oneLine(message.subject)}`,
    paragraphs: [
      `From: ${oneLine(message.name)} <${message.email}>${message.userId ? ` (signed in, user ${message.userId})` : ' (not signed in)'}`,
      `Category: ${category}`,
      ...message.message.split(/\n{2,}/),
    ],
    footnote: `Support message ${message.id}. Reply to this email to answer the sender.`,
  })
  return {
    to: supportAddress,
    replyTo: message.email,
    subject: `[Support · ${category}] ${oneLine(message.subject)}`,
    ...content,
  }
}

export function acknowledgementEmail(message: StoredSupportMessage, store: Pick<StoreSettings, 'storeName' | 'supportReplyTime'>): OutgoingEmail {
  const content = renderEmail({
    heading: 'We received your message',
    paragraphs: [
      `Hi ${oneLine(message.name)},`,
      `Thanks for contacting ${store.storeName} support. We received your message "${oneLine(message.subject)}" and a member of the team will reply within ${store.supportReplyTime}.`,
      'If you have more details to add, such as an order number, your DAW and operating system, or a screenshot of an error, just reply to this email.',
    ],
    footnote: `Reference: ${message.id}`,
    storeName: store.storeName,
  })
  return { to: message.email, subject: 'We received your message', ...content }
}
