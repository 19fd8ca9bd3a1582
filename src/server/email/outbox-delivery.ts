/**
 * Delivery of the mail outbox: due rows are claimed with FOR UPDATE SKIP LOCKED in a short
 * transaction (their next attempt pushed past a lease), so several processes never send the
 * same row at once; each is handed to the transport and marked sent only once the transport
 * accepted it. A failure is retried with exponential back-off (1 s doubling, at most 10 minutes
 * apart) for up to three days; a process that dies mid-send leaves the row to be claimed again
 * when its lease ends. Each message carries a Message-ID made from its row, so a receiver can
 * tell a repeated delivery from a new email.
 */
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { emailOutbox, type EmailOutboxRow } from './email.schema.ts'

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
  sendMail: (message: { from: string; to: string; replyTo?: string; subject: string; text: string; html: string; messageId: string }) => Promise<unknown>
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

/** Milliseconds to wait after the given failed attempt (1-based): 1 s, 2 s, 4 s, … capped at 10 minutes. */
export function emailRetryDelayMs(attempt: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1), MAX_RETRY_MS)
}

export async function deliverDueEmails({ db, transport, now = new Date(), log }: DeliverDueEmailsOptions): Promise<EmailDeliveryRun> {
  const claimed = await claimDueEmails(db, now)
  let sent = 0
  for (const email of claimed) if (await attempt(db, transport, email, now, log)) sent++
  return { attempted: claimed.length, sent, failed: claimed.length - sent }
}

async function claimDueEmails(db: Database, now: Date): Promise<EmailOutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(isNull(emailOutbox.sentAt), lte(emailOutbox.nextAttemptAt, now)))
      .orderBy(asc(emailOutbox.nextAttemptAt))
      .limit(DELIVERY_BATCH_SIZE)
      .for('update', { skipLocked: true })
    if (due.length === 0) return []
    return tx
      .update(emailOutbox)
      .set({ attempts: sql`${emailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
      .where(inArray(emailOutbox.id, due.map((row) => row.id)))
      .returning()
  })
}

async function attempt(db: Database, transport: MailTransport, email: EmailOutboxRow, now: Date, log: DeliveryLog | undefined): Promise<boolean> {
  try {
    await withTimeout(transport.sendMail({
      from: email.fromAddress,
      to: email.toAddress,
      ...(email.replyTo ? { replyTo: email.replyTo } : {}),
      subject: email.subject,
      text: email.text,
      html: email.html,
      messageId: `<${email.id}@audiolab.store>`,
    }))
  } catch (error) {
    const failure = error instanceof Error ? error.message : String(error)
    const next = new Date(now.getTime() + emailRetryDelayMs(email.attempts))
    const givingUp = next.getTime() - email.createdAt.getTime() > GIVE_UP_AFTER_MS
    await db
      .update(emailOutbox)
      .set({ nextAttemptAt: givingUp ? null : next, lastError: (givingUp ? `Gave up after ${email.attempts} attempts: ${failure}` : failure).slice(0, 1000) })
      .where(and(eq(emailOutbox.id, email.id), isNull(emailOutbox.sentAt)))
    // The address and subject stay out of the log: they are the customer's.
    log?.warn({ emailId: email.id, attempt: email.attempts, givingUp }, `email delivery failed: ${failure}`)
    return false
  }
  await db.update(emailOutbox).set({ sentAt: new Date(), nextAttemptAt: null, lastError: null }).where(eq(emailOutbox.id, email.id))
  return true
}

/** A send that neither succeeds nor fails in time is a failure, retried after its lease like any other. */
function withTimeout<T>(sending: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the mail server within ${ATTEMPT_TIMEOUT_MS / 1000} s`)), ATTEMPT_TIMEOUT_MS)
  })
  return Promise.race([sending, timeout]).finally(() => clearTimeout(timer))
}
