/**
 * The store's news emails. Today there is one: the welcome a new subscriber gets (from the
 * coming-soon page, the learn page's box, or a free product's "Also send me news"). Every news
 * email carries the subscriber's own unsubscribe link, in its text, its HTML and its
 * List-Unsubscribe header (email/list-unsubscribe.ts).
 */
import type { SubscriptionType } from '../../shared/contract/email-signup.ts'
import { unsubscribePagePath } from '../../shared/contract/subscribers.ts'
import type { OutgoingEmail } from '../email/mailer.ts'
import { renderEmail } from '../email/templates.ts'

export interface WelcomeEmailInput {
  to: string
  subscriptionType: SubscriptionType
  /** The subscriber's unsubscribe token (http/signed-tokens.ts). */
  unsubscribeToken: string
  publicUrl: string
  storeName: string
}

/** Sent once to a new (or returning) subscriber: what they will get, and how to stop it. */
export function welcomeEmail({ to, subscriptionType, unsubscribeToken, publicUrl, storeName }: WelcomeEmailInput): OutgoingEmail {
  const launch = subscriptionType === 'coming_soon'
  const { text, html } = renderEmail({
    heading: launch ? "You're on the list" : 'Welcome to the news',
    paragraphs: launch
      ? [`Thanks for signing up. We'll email you once when ${storeName} opens, and now and then with news and new releases.`]
      : [`Thanks for subscribing. We'll email you about new releases, tutorials and free packs from ${storeName}, a few times a month at most.`],
    action: { label: 'Browse the store', url: `${publicUrl}/products` },
    footnote: "You get this email because this address was signed up for our news. If that wasn't you, unsubscribe below and we won't write again.",
    storeName,
    unsubscribeUrl: `${publicUrl}${unsubscribePagePath(unsubscribeToken)}`,
  })
  return { to, subject: launch ? `You're on the ${storeName} list` : `Welcome to ${storeName} news`, text, html }
}
