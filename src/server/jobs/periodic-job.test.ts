/**
 * Periodic jobs run once per period across processes: the claim is a row in job_runs keyed by
 * job and period, so only the process whose insert wrote it runs the work. On PostgreSQL two
 * connection pools (two processes' worth) race for one period.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { openDatabase, type DatabaseHandle } from '../db/client.ts'
import { jobRuns } from '../db/schema.ts'
import { claimPeriod, runIfClaimed, type PeriodicJob } from './periodic-job.ts'

const HOUR_MS = 60 * 60 * 1000
let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

function countingJob(name: string): PeriodicJob & { runs: number } {
  const job = {
    name,
    periodMs: HOUR_MS,
    runs: 0,
    run: async () => {
      job.runs++
      return `run ${job.runs}`
    },
  }
  return job
}

describe('periodic jobs', () => {
  it('claims a period once: the first claim answers its start, the second nothing', async () => {
    const first = await claimPeriod(t.database.db, 'claim-once', HOUR_MS)
    expect(first).toBeInstanceOf(Date)
    expect(first!.getTime() % HOUR_MS).toBe(0)
    expect(await claimPeriod(t.database.db, 'claim-once', HOUR_MS)).toBeNull()
    expect(await claimPeriod(t.database.db, 'claim-once-other', HOUR_MS)).toEqual(first)
  })

  it('runs the work of a period once and records what it did', async () => {
    const job = countingJob('record-outcome')
    expect(await runIfClaimed(t.database.db, job, t.app.log)).toBe(true)
    expect(await runIfClaimed(t.database.db, job, t.app.log)).toBe(false)
    expect(job.runs).toBe(1)
    const rows = await t.database.db.select().from(jobRuns).where(eq(jobRuns.job, 'record-outcome'))
    expect(rows.map((row) => row.outcome)).toEqual(['run 1'])
  })

  it('records a failed run, which does not run again within the period', async () => {
    const job: PeriodicJob = { name: 'failing', periodMs: HOUR_MS, run: async () => Promise.reject(new Error('disk full')) }
    expect(await runIfClaimed(t.database.db, job, t.app.log)).toBe(true)
    expect(await runIfClaimed(t.database.db, job, t.app.log)).toBe(false)
    const [row] = await t.database.db.select().from(jobRuns).where(eq(jobRuns.job, 'failing'))
    expect(row!.outcome).toBe('failed: disk full')
  })
})

describe.runIf(process.env.DATABASE_URL)('periodic jobs on two connection pools (PostgreSQL)', () => {
  let other: DatabaseHandle
  beforeAll(async () => {
    other = await openDatabase({ databaseUrl: t.config.databaseUrl })
  })
  afterAll(async () => other?.close())

  it('twenty claims at once from two pools: the work runs once', async () => {
    const job = countingJob('race')
    const ran = await Promise.all(Array.from({ length: 20 }, (_, index) => runIfClaimed(index % 2 ? other.db : t.database.db, job, t.app.log)))
    expect(ran.filter(Boolean)).toHaveLength(1)
    expect(job.runs).toBe(1)
  })
})
