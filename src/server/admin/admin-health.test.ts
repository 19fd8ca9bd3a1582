/** The dashboard's health panel: what the owner sees of the outbox, payment webhooks and periodic jobs, and when each turns amber or red. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import type { HealthReport } from '../../shared/contract/admin-health.ts'
import { emailOutbox } from '../email/email.schema.ts'
import { jobRuns } from '../jobs/jobs.schema.ts'
import { paymentWebhookDeliveries } from '../payments/payments.schema.ts'

const OWNER = uniqueEmail('owner')
let t: TestApp
let owner: SignedInUser

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OWNER })
  owner = await createSignedInUser(t, { email: OWNER })
  await t.database.db.delete(emailOutbox)
  await t.database.db.delete(paymentWebhookDeliveries)
  await t.database.db.delete(jobRuns)
})
afterAll(async () => t?.close())

async function health(): Promise<HealthReport> {
  const response = await t.app.inject({ method: 'GET', url: '/api/admin/health', headers: { cookie: owner.cookie } })
  expect(response.statusCode).toBe(200)
  return (response.json() as { data: HealthReport }).data
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000)
const email = (values: Partial<typeof emailOutbox.$inferInsert>) => ({
  fromAddress: 'store@example.com',
  toAddress: uniqueEmail('buyer'),
  subject: 'Your receipt',
  text: 'Thanks',
  html: '<p>Thanks</p>',
  ...values,
})

describe('GET /api/admin/health', () => {
  it('is green when every email and payment event went out and no job failed', async () => {
    await t.database.db.insert(emailOutbox).values(email({ sentAt: new Date(), nextAttemptAt: null, attempts: 1 }))
    const report = await health()
    expect(report.outbox).toMatchObject({ level: 'green', summary: 'Every email has been sent', action: '', queued: 0, failed: 0 })
    expect(report.webhooks).toMatchObject({ level: 'green', summary: 'Every payment event was delivered' })
    expect(report.jobs).toEqual([])
  })

  it('turns the outbox amber when an email has waited more than 15 minutes, and red once one is given up', async () => {
    await t.database.db
      .insert(emailOutbox)
      .values(email({ createdAt: minutesAgo(40), nextAttemptAt: minutesAgo(-5), attempts: 3, lastError: 'connection refused' }))
    let report = await health()
    expect(report.outbox).toMatchObject({ level: 'amber', queued: 1, failed: 0, summary: '1 email is waiting, the oldest for 40 minutes' })
    expect(report.outbox.action).toMatch(/check SMTP_URL/)

    await t.database.db
      .insert(emailOutbox)
      .values(email({ createdAt: minutesAgo(60 * 24 * 3), nextAttemptAt: null, attempts: 9, lastError: 'Gave up after 9 attempts' }))
    report = await health()
    expect(report.outbox).toMatchObject({ level: 'red', failed: 1, summary: '1 email was given up in the last 7 days; 1 waiting' })
    expect(report.outbox.action).toMatch(/send each receipt again/)
  })

  it('turns webhooks red for a payment event given up, and names a failed job with what to do', async () => {
    await t.database.db
      .insert(paymentWebhookDeliveries)
      .values({ id: 'whd_1', eventId: 'evt_1', type: 'checkout.session.completed', payload: {}, attempts: 8, nextAttemptAt: null })
    await t.database.db.insert(jobRuns).values([
      { job: 'expire-sessions', periodStart: minutesAgo(120), claimedAt: minutesAgo(120), claimedBy: 'vm:1', outcome: 'Removed 3 expired sessions' },
      { job: 'expire-sessions', periodStart: minutesAgo(60), claimedAt: minutesAgo(60), claimedBy: 'vm:1', outcome: 'failed: database went away' },
      { job: 'cart-reminders', periodStart: minutesAgo(10), claimedAt: minutesAgo(10), claimedBy: 'vm:2', outcome: 'Sent 2 cart reminders' },
    ])
    const report = await health()
    expect(report.webhooks).toMatchObject({ level: 'red', failed: 1, summary: '1 payment event was given up in the last 7 days' })
    expect(report.jobs.map(({ job, level, outcome }) => ({ job, level, outcome }))).toEqual([
      { job: 'cart-reminders', level: 'green', outcome: 'Sent 2 cart reminders' },
      { job: 'expire-sessions', level: 'red', outcome: 'failed: database went away' },
    ])
    expect(report.jobs.map((job) => job.summary)).toEqual(['Ran 10 minutes ago', 'The last run failed (60 minutes ago)'])
    expect(report.jobs[1]!.action).toMatch(/log/)
  })
})
