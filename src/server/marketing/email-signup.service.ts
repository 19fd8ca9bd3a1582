/**
 * Subscribes an email address to launch news or the newsletter: one row per address
 * (lower-cased), so a repeated signup, even two at the same instant, is a friendly no-op.
 */
import { EMAIL_SIGNUP_MESSAGES, type SignupSource, type SubscriptionType } from '../../shared/contract/email-signup.ts'
import type { Database } from '../db/client.ts'
import { emailSignups } from './marketing.schema.ts'

export interface EmailSignupInput {
  email: string
  subscriptionType: SubscriptionType
  source: SignupSource
}

export interface EmailSignupResult {
  created: boolean
  message: string
}

export type EmailSignupService = ReturnType<typeof createEmailSignupService>

export function createEmailSignupService(db: Database) {
  return {
    async subscribe(input: EmailSignupInput): Promise<EmailSignupResult> {
      // The unique constraint decides, not a read-then-write, so concurrent signups cannot double a row.
      const inserted = await db
        .insert(emailSignups)
        .values({ email: input.email.trim().toLowerCase(), subscriptionType: input.subscriptionType, source: input.source })
        .onConflictDoNothing({ target: emailSignups.email })
        .returning({ id: emailSignups.id })
      if (inserted.length === 0) return { created: false, message: EMAIL_SIGNUP_MESSAGES.alreadySubscribed }
      const message = input.subscriptionType === 'newsletter' ? EMAIL_SIGNUP_MESSAGES.newsletter : EMAIL_SIGNUP_MESSAGES.launch
      return { created: true, message }
    },
  }
}
