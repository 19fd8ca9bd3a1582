/**
 * Subscribes an email address to launch news or the newsletter: one row per address
 * (lower-cased), so a repeated signup, even two at the same instant, is a friendly no-op. A new
 * subscriber (or one who unsubscribed and signs up again) gets the welcome email, queued in the
 * same transaction as the row, with their unsubscribe link; that link stamps the row unsubscribed.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm'
import { EMAIL_SIGNUP_MESSAGES, type SignupSource, type SubscriptionType } from '../../shared/contract/email-signup.ts'
import type { Database, Executor } from '../db/client.ts'
import type { Mailer } from '../email/mailer.ts'
import type { SettingsService } from '../settings/settings.service.ts'
import { emailSignups } from './marketing.schema.ts'
import { welcomeEmail } from './news-emails.ts'
import { createSignedIdTokens } from '../http/signed-tokens.ts'

export interface EmailSignupInput {
  email: string
  subscriptionType: SubscriptionType
  source: SignupSource
  /** The sentence the subscriber agreed to, as the form showed it. */
  consentText?: string | null
}

export interface EmailSignupResult {
  created: boolean
  message: string
}

export interface EmailSignupServiceDeps {
  db: Database
  mailer: Mailer
  /** Signs the unsubscribe links (AUTH_SECRET): every process of the store must share it. */
  authSecret: string
  publicUrl: string
  /** The store's name as its owner set it, for the welcome email. */
  settings: Pick<SettingsService, 'settings'>
}

export type EmailSignupService = ReturnType<typeof createEmailSignupService>

export function createEmailSignupService({ db, mailer, authSecret, publicUrl, settings }: EmailSignupServiceDeps) {
  const tokens = createSignedIdTokens(authSecret, 'news-unsubscribe')

  /**
   * The address's row, written in the caller's transaction: a new row, or a row that had
   * unsubscribed subscribed again with this consent; either is welcomed (queued, the caller nudges
   * the mailer after committing). An address already subscribed is left exactly as it is.
   */
  async function subscribeIn(tx: Executor, input: EmailSignupInput): Promise<{ welcomed: boolean }> {
    const email = input.email.trim().toLowerCase()
    const consentText = input.consentText ?? null
    // The unique constraint decides, not a read-then-write, so concurrent signups cannot double a row.
    const [inserted] = await tx
      .insert(emailSignups)
      .values({ email, subscriptionType: input.subscriptionType, source: input.source, consentText })
      .onConflictDoNothing({ target: emailSignups.email })
      .returning({ id: emailSignups.id })
    // Signing up again after unsubscribing is a new consent: its wording and time replace the old ones (once, however many arrive together).
    const [returning] = inserted
      ? []
      : await tx
          .update(emailSignups)
          .set({ unsubscribedAt: null, subscriptionType: input.subscriptionType, source: input.source, consentText, createdAt: sql`now()` })
          .where(and(eq(emailSignups.email, email), isNotNull(emailSignups.unsubscribedAt)))
          .returning({ id: emailSignups.id })
    const row = inserted ?? returning
    if (!row) return { welcomed: false }
    const { storeName } = await settings.settings(tx)
    await mailer.enqueue(
      tx,
      welcomeEmail({ to: email, subscriptionType: input.subscriptionType, unsubscribeToken: tokens.tokenOf(row.id), publicUrl, storeName }),
    )
    return { welcomed: true }
  }

  return {
    subscribeIn,

    async subscribe(input: EmailSignupInput): Promise<EmailSignupResult> {
      const { welcomed } = await db.transaction((tx) => subscribeIn(tx, input))
      if (!welcomed) return { created: false, message: EMAIL_SIGNUP_MESSAGES.alreadySubscribed }
      mailer.nudge()
      const message = input.subscriptionType === 'newsletter' ? EMAIL_SIGNUP_MESSAGES.newsletter : EMAIL_SIGNUP_MESSAGES.launch
      return { created: true, message }
    },

    /**
     * The unsubscribe link, opened (or a mail client's one-click POST): the row is stamped
     * unsubscribed once; opening it again changes nothing. Answers the address, or null for a
     * token this store did not issue or a row that is gone.
     */
    async unsubscribe(token: string): Promise<{ email: string } | null> {
      const id = tokens.idOf(token)
      if (!id) return null
      const [row] = await db
        .update(emailSignups)
        .set({ unsubscribedAt: sql`coalesce(${emailSignups.unsubscribedAt}, now())` })
        .where(eq(emailSignups.id, id))
        .returning({ email: emailSignups.email })
      return row ?? null
    },
  }
}
