/**
 * Delivery of the mail outbox, a claim-with-lease queue (jobs/lease-queue.ts): due rows are
 * claimed with FOR UPDATE SKIP LOCKED in a short transaction (their next attempt pushed past a
 * lease), so several processes never send the same row at once; each is handed to the
 * transport and marked sent only once the transport accepted it. A failure is retried with
 * exponential back-off (1 s doubling, at most 10 minutes apart) for up to three days; a process
 * that dies mid-send leaves the row to be claimed again when its lease ends. Each message
 * carries a Message-ID made from its row, so a receiver can tell a repeated delivery from a new
 * email.
 */
import type { Database } from '../db/client.ts'
import { createLeaseQueue } from '../jobs/lease-queue.ts'
import { emailOutbox, type EmailOutboxRow } from './email.schema.ts'
import { listUnsubscribeHeaders } from './list-unsubscribe.ts'

export const FIRST_RETRY_MS = 1000
export const MAX_RETRY_MS = 10 * 60_000
export const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60_000
/** One attempt may take this long before it counts as failed. */
export const ATTEMPT_TIMEOUT_MS = 45_000
/** How long a claimed row stays with the process that claimed it (which may have died) before another may try. */
export const CLAIM_LEASE_MS = ATTEMPT_TIMEOUT_MS + 15_000
export const DELIVERY_BATCH_SIZE = 20

/** What nodemailer's transports offer: SMTP in production, the developer mailbox otherwise. */
export interface MailTransport {
  sendMail: (message: {
    from: string
    to: string
    replyTo?: string
    subject: string
    text: string
    html: string
    messageId: string
    /** List-Unsubscribe and List-Unsubscribe-Post, for a news email (list-unsubscribe.ts). */
    headers?: Record<string, string>
  }) => Promise<unknown>
}

export interface DeliveryLog {
  warn: (object: object, message: string) => void
}

export interface DeliverDueEmailsOptions {
  db: Database
  transport: MailTransport
  /** The clock deciding what is due; tests move it forward. */
  now?: Date
  log?: DeliveryLog
}

export interface EmailDeliveryRun {
  attempted: number
  sent: number
  failed: number
}

/** The outbox as a claim-with-lease queue: one email at a time, the failure text kept to 1000 characters. */
const outboxQueue = createLeaseQueue({
  table: emailOutbox,
  columns: {
    id: emailOutbox.id,
    attempts: emailOutbox.attempts,
    nextAttemptAt: emailOutbox.nextAttemptAt,
    doneAt: emailOutbox.sentAt,
    lastError: emailOutbox.lastError,
    createdAt: emailOutbox.createdAt,
  },
  batchSize: DELIVERY_BATCH_SIZE,
  leaseMs: CLAIM_LEASE_MS,
  firstRetryMs: FIRST_RETRY_MS,
  maxRetryMs: MAX_RETRY_MS,
  giveUpAfterMs: GIVE_UP_AFTER_MS,
  handling: 'one-at-a-time',
  retryWhenMarkingDoneFails: false,
  maxErrorLength: 1000,
})

export async function deliverDueEmails({ db, transport, now = new Date(), log }: DeliverDueEmailsOptions): Promise<EmailDeliveryRun> {
  const run = await outboxQueue.runDue({
    db,
    now,
    handle: (email) => send(transport, email),
    // The address and subject stay out of the log: they are the customer's.
    onFailure: ({ row, attempt, message, givingUp }) => log?.warn({ emailId: row.id, attempt, givingUp }, `email delivery failed: ${message}`),
  })
  return { attempted: run.attempted, sent: run.done, failed: run.failed }
}

async function send(transport: MailTransport, email: EmailOutboxRow): Promise<void> {
  const headers = listUnsubscribeHeaders(email.html)
  await withTimeout(
    transport.sendMail({
      from: email.fromAddress,
      to: email.toAddress,
      ...(email.replyTo ? { replyTo: email.replyTo } : {}),
      subject: email.subject,
      text: email.text,
      html: email.html,
      messageId: `<${email.id}@audiolab.store>`,
      ...(headers ? { headers } : {}),
    }),
  )
}

/** A send that neither succeeds nor fails in time is a failure, retried after its lease like any other. */
function withTimeout<T>(sending: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the mail server within ${ATTEMPT_TIMEOUT_MS / 1000} s`)), ATTEMPT_TIMEOUT_MS)
  })
  return Promise.race([sending, timeout]).finally(() => clearTimeout(timer))
}
