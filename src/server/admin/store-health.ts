/**
 * Reads the store's background work as the owner needs it: each part green, amber (slow, but it
 * will catch up by itself) or red (something was given up, or failed, and needs the owner).
 */
import type { HealthReport } from '../../shared/contract/admin-health.ts'

/** An email waiting longer than this is late: delivery normally takes seconds. */
const LATE_EMAIL_MS = 15 * 60_000
/** A run claimed this long ago with no outcome did not finish (its process stopped mid-run). */
const UNFINISHED_RUN_MS = 60 * 60_000

/** What each capability reports of its own table (email's outbox-health, payments' webhook-health, jobs' lastJobRuns). */
export interface StoreHealthStates {
  outbox: { queued: number; failed: number; oldestUnsentAt: Date | null }
  webhooks: { retrying: number; failed: number }
  jobs: { job: string; claimedAt: Date; outcome: string | null }[]
}

const minutesSince = (at: Date, now: Date) => Math.max(0, Math.round((now.getTime() - at.getTime()) / 60_000))
/** "just now", "1 minute ago", "40 minutes ago", "3 hours ago", "2 days ago". */
function ago(at: Date, now: Date): string {
  const minutes = minutesSince(at, now)
  if (minutes < 1) return 'just now'
  if (minutes < 120) return `${plural(minutes, 'minute', 'minutes')} ago`
  const hours = Math.round(minutes / 60)
  return hours < 48 ? `${hours} hours ago` : `${Math.round(hours / 24)} days ago`
}
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

export function assessHealth({ outbox, webhooks, jobs }: StoreHealthStates, now = new Date()): HealthReport {
  const late = outbox.oldestUnsentAt !== null && now.getTime() - outbox.oldestUnsentAt.getTime() > LATE_EMAIL_MS
  const outboxCheck =
    outbox.failed > 0
      ? {
          level: 'red' as const,
          summary: `${plural(outbox.failed, 'email was', 'emails were')} given up in the last 7 days${outbox.queued > 0 ? `; ${outbox.queued} waiting` : ''}`,
          action:
            "The mail server refused them or never answered: check SMTP_URL and the mail server's log, then send each receipt again from its order's page.",
        }
      : late
        ? {
            level: 'amber' as const,
            summary: `${plural(outbox.queued, 'email is', 'emails are')} waiting, the oldest for ${plural(minutesSince(outbox.oldestUnsentAt!, now), 'minute', 'minutes')}`,
            action: 'The mail server is slow or refusing: check SMTP_URL and its log. Waiting emails go out by themselves once it answers.',
          }
        : {
            level: 'green' as const,
            summary: outbox.queued > 0 ? `${plural(outbox.queued, 'email', 'emails')} on the way` : 'Every email has been sent',
            action: '',
          }

  const webhookCheck =
    webhooks.failed > 0
      ? {
          level: 'red' as const,
          summary: `${plural(webhooks.failed, 'payment event was', 'payment events were')} given up in the last 7 days`,
          action: 'An order may show unpaid though it was paid: open Orders, check the pending ones, and check that PUBLIC_URL reaches this store.',
        }
      : webhooks.retrying > 0
        ? {
            level: 'amber' as const,
            summary: `${plural(webhooks.retrying, 'payment event is', 'payment events are')} being retried`,
            action: 'The store did not accept them at first; they are retried with growing waits. Check the store is reachable at PUBLIC_URL.',
          }
        : { level: 'green' as const, summary: 'Every payment event was delivered', action: '' }

  return {
    outbox: { ...outboxCheck, queued: outbox.queued, failed: outbox.failed, oldestUnsentAt: outbox.oldestUnsentAt?.toISOString() ?? null },
    webhooks: { ...webhookCheck, ...webhooks },
    jobs: jobs.map((run) => {
      const common = { job: run.job, lastRunAt: run.claimedAt.toISOString(), outcome: run.outcome }
      if (run.outcome?.startsWith('failed:')) {
        return {
          ...common,
          level: 'red' as const,
          summary: `The last run failed (${ago(run.claimedAt, now)})`,
          action: "Read the store's log for this job's error; it runs again next period.",
        }
      }
      if (run.outcome === null && now.getTime() - run.claimedAt.getTime() > UNFINISHED_RUN_MS) {
        return {
          ...common,
          level: 'amber' as const,
          summary: 'The last run did not finish',
          action: 'Its process stopped mid-run (a restart or a crash); the next period runs it again.',
        }
      }
      return { ...common, level: 'green' as const, summary: `Ran ${ago(run.claimedAt, now)}`, action: '' }
    }),
  }
}
