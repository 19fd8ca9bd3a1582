/**
 * Email: the SMTP server the outbox delivers through (required in production; without it the
 * outbox lands in the developer mailbox), and the support inbox.
 */
import { z } from 'zod'
import { optionalUrl } from './env-values.ts'

export const EMAIL_ENV = z.object({
  /** Real email; unset delivers the outbox into the developer mailbox. */
  SMTP_URL: optionalUrl,
  /** The store's support inbox: contact-form messages are emailed here. */
  SUPPORT_EMAIL: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.email('SUPPORT_EMAIL must be an email address').default('support@audiolab.store'),
  ),
})

export interface EmailPart {
  smtpUrl: string | undefined
  /** Where support-form messages are emailed. */
  supportEmail: string
}

/** In production the outbox is delivered by SMTP: there is no developer mailbox. */
export function requireSmtpInProduction(env: { SMTP_URL?: string | undefined }, ctx: z.RefinementCtx): void {
  if (!env.SMTP_URL) ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'SMTP_URL is required when NODE_ENV=production' })
}

export function emailPartOf(values: z.output<typeof EMAIL_ENV>): EmailPart {
  return { smtpUrl: values.SMTP_URL, supportEmail: values.SUPPORT_EMAIL }
}
