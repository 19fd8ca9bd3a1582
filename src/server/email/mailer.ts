/**
 * The store's mail. Every email is first a row of the outbox (`email_outbox`), queued in the
 * same transaction as the change that causes it when there is one, then delivered by the
 * outbox worker (outbox-delivery.ts) with retries: through SMTP when SMTP_URL is set, otherwise
 * into the developer mailbox (/dev/mailbox), which reads the same rows. A process that dies
 * between the change and the delivery loses nothing: the row waits for the next worker.
 */
import { desc, sql } from 'drizzle-orm'
import { createRequire } from 'node:module'
import type { Database, Executor } from '../db/client.ts'
import { emailOutbox, type EmailOutboxRow } from './email.schema.ts'
import { listUnsubscribeHeaders } from './list-unsubscribe.ts'
import { outboxStatusOf } from './outbox-history.ts'
import { deliverDueEmails, type DeliverDueEmailsOptions, type EmailDeliveryRun, type MailTransport } from './outbox-delivery.ts'

export const STORE_NAME = 'Audio Lab Store'
const MAILBOX_LIMIT = 500

export interface OutgoingEmail {
  to: string
  subject: string
  text: string
  html: string
  replyTo?: string
}

/** An outbox row as the developer mailbox shows it. */
export interface StoredEmail extends OutgoingEmail {
  id: string
  from: string
  /** When it was queued. */
  sentAt: string
  /** `queued` until the transport accepted it, then `sent`; `failed` once retries gave up. */
  status: 'queued' | 'sent' | 'failed'
  attempts: number
  /** The List-Unsubscribe header delivery gives a news email. */
  listUnsubscribe?: string
}

export interface EnqueueOptions {
  /** Names an email that must go out once (`receipt:{orderId}`): queuing it again does nothing. */
  dedupeKey?: string
  /** The outbox row's id, when the caller records which email carries its message (a cart reminder does). */
  id?: string
}

export interface Mailer {
  /** Where mail goes: `smtp`, or the developer `mailbox`. */
  kind: 'smtp' | 'mailbox'
  /** Queues an email in the caller's transaction; answers false when its dedupe key was queued before. */
  enqueue: (tx: Executor, email: OutgoingEmail, options?: EnqueueOptions) => Promise<boolean>
  /** Queues an email on its own (no change to commit with it) and wakes the worker. */
  send: (email: OutgoingEmail, options?: EnqueueOptions) => Promise<boolean>
  /** Tells this process's worker that mail was queued (after the transaction that queued it committed). */
  nudge: () => void
  /** The outbox, newest first (the developer mailbox). */
  listOutbox: () => Promise<StoredEmail[]>
  /** Delivers every due email once; safe to run from several processes at once. */
  deliverDue: (options?: Pick<DeliverDueEmailsOptions, 'now' | 'log'>) => Promise<EmailDeliveryRun>
  /** Called when mail was queued in this process; the worker listens. */
  onQueued: (listener: () => void) => () => void
}

export interface MailerOptions {
  db: Database
  smtpUrl: string | undefined
  from?: string
  /** Tests pass a transport that fails, records or hangs. */
  transport?: MailTransport
}

/** Delivery into the developer mailbox: the row itself is the message, so accepting it is all there is. */
const MAILBOX_TRANSPORT: MailTransport = { sendMail: async () => undefined }

function toStoredEmail(row: EmailOutboxRow): StoredEmail {
  const listUnsubscribe = listUnsubscribeHeaders(row.html)?.['List-Unsubscribe']
  return {
    id: row.id,
    from: row.fromAddress,
    to: row.toAddress,
    subject: row.subject,
    text: row.text,
    html: row.html,
    ...(row.replyTo ? { replyTo: row.replyTo } : {}),
    sentAt: row.createdAt.toISOString(),
    status: outboxStatusOf(row),
    attempts: row.attempts,
    ...(listUnsubscribe ? { listUnsubscribe } : {}),
  }
}

/** SMTP through nodemailer, loaded only when SMTP_URL is set (not by every start-up). */
function smtpTransport(url: string): MailTransport {
  const nodemailer = createRequire(import.meta.url)('nodemailer') as typeof import('nodemailer')
  // Timeouts well inside the attempt's own limit, so a silent server fails the attempt instead of holding it.
  return nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 })
}

export function createMailer({ db, smtpUrl, from = `${STORE_NAME} <no-reply@audiolab.store>`, transport }: MailerOptions): Mailer {
  const listeners = new Set<() => void>()
  const nudge = () => listeners.forEach((listener) => listener())
  const deliveryTransport = transport ?? (smtpUrl ? smtpTransport(smtpUrl) : MAILBOX_TRANSPORT)

  async function enqueue(tx: Executor, email: OutgoingEmail, { dedupeKey, id }: EnqueueOptions = {}): Promise<boolean> {
    const queued = await tx
      .insert(emailOutbox)
      .values({
        ...(id ? { id } : {}),
        dedupeKey: dedupeKey ?? null,
        fromAddress: from,
        toAddress: email.to,
        replyTo: email.replyTo ?? null,
        subject: email.subject,
        text: email.text,
        html: email.html,
        // To the millisecond, as the worker's `now` (a JavaScript Date) is: an email queued within
        // the worker's millisecond is due to it, not left for the next run.
        nextAttemptAt: sql`date_trunc('milliseconds', now())`,
      })
      .onConflictDoNothing({ target: emailOutbox.dedupeKey })
      .returning({ id: emailOutbox.id })
    return queued.length > 0
  }

  return {
    kind: smtpUrl ? 'smtp' : 'mailbox',
    enqueue,
    async send(email, options) {
      const queued = await enqueue(db, email, options)
      if (queued) nudge()
      return queued
    },
    nudge,
    async listOutbox() {
      const rows = await db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id)).limit(MAILBOX_LIMIT)
      return rows.map(toStoredEmail)
    },
    deliverDue: (options = {}) => deliverDueEmails({ db, transport: deliveryTransport, ...options }),
    onQueued(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
