/**
 * The claim-with-lease queue on a table of its own, made by this test: a claim takes due rows
 * and leases them, a leased row waits out its lease, a failed attempt is retried with back-off
 * and counted, a row past the give-up age is failed for good, and the callers' differences
 * (handling one at a time or all at once, a failure to mark done, the stored failure's length)
 * hold. On PostgreSQL two connection pools (two processes' worth) claim at once and never get
 * the same row.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, type DatabaseHandle } from '../db/client.ts'
import { createLeaseQueue, type LeaseFailure, type LeaseQueueOptions } from './lease-queue.ts'

const TABLE = `lease_queue_test_${Date.now().toString(36)}_${process.pid}`
const jobs = pgTable(TABLE, {
  id: text('id').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
type Job = typeof jobs.$inferSelect

const LEASE_MS = 60_000
const GIVE_UP_AFTER_MS = 24 * 60 * 60_000

function queueOf(options: Partial<LeaseQueueOptions<typeof jobs>> = {}) {
  return createLeaseQueue({
    table: jobs,
    columns: {
      id: jobs.id,
      attempts: jobs.attempts,
      nextAttemptAt: jobs.nextAttemptAt,
      doneAt: jobs.finishedAt,
      lastError: jobs.lastError,
      createdAt: jobs.createdAt,
    },
    batchSize: 3,
    leaseMs: LEASE_MS,
    firstRetryMs: 1000,
    maxRetryMs: 5000,
    giveUpAfterMs: GIVE_UP_AFTER_MS,
    handling: 'one-at-a-time',
    retryWhenMarkingDoneFails: false,
    ...options,
  })
}

let database: DatabaseHandle
let pgliteDir: string | null = null
beforeAll(async () => {
  const databaseUrl = process.env.DATABASE_URL
  if (!databaseUrl) pgliteDir = mkdtempSync(join(tmpdir(), 'als-lease-queue-'))
  database = await openDatabase(databaseUrl ? { databaseUrl, maxConnections: 4 } : { pgliteDir: pgliteDir! })
  await database.db.execute(
    sql.raw(
      `create table "${TABLE}" (id text primary key, attempts integer not null default 0, next_attempt_at timestamptz, finished_at timestamptz, last_error text, created_at timestamptz not null default now())`,
    ),
  )
})
afterAll(async () => {
  await database?.db.execute(sql.raw(`drop table if exists "${TABLE}"`))
  await database?.close()
  if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true })
})
beforeEach(async () => {
  await database.db.delete(jobs)
})

const now = new Date('2030-01-01T12:00:00Z')
const at = (ms: number) => new Date(now.getTime() + ms)

async function queue(id: string, nextAttemptAt: Date | null, fields: Partial<Job> = {}) {
  await database.db.insert(jobs).values({ id, nextAttemptAt, createdAt: now, ...fields })
}
async function job(id: string): Promise<Job> {
  const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id))
  return row!
}

describe('claiming', () => {
  it('takes due rows, the longest waiting first and at most a batch, and leases them', async () => {
    await queue('due-late', at(-1000))
    await queue('due-early', at(-5000))
    await queue('due-now', now)
    await queue('due-last', at(-10))
    await queue('not-yet', at(1))
    await queue('done', at(-9000), { finishedAt: at(-8000) })
    await queue('given-up', null)

    const claimed = await queueOf().claimDue(database.db, now)
    expect(claimed.map((row) => row.id)).toEqual(expect.arrayContaining(['due-early', 'due-late', 'due-last']))
    expect(claimed).toHaveLength(3)
    for (const row of claimed) expect(row).toMatchObject({ attempts: 1, nextAttemptAt: at(LEASE_MS) })
    const rows = await database.db.select().from(jobs)
    expect(Object.fromEntries(rows.map((row) => [row.id, row.attempts]))).toEqual({
      'due-early': 1,
      'due-late': 1,
      'due-last': 1,
      'due-now': 0,
      'not-yet': 0,
      done: 0,
      'given-up': 0,
    })
    expect((await job('due-late')).nextAttemptAt).toEqual(at(LEASE_MS))
  })

  it('leaves a leased row alone until its lease ends, then takes it again and counts the attempt', async () => {
    await queue('leased', now)
    const queueing = queueOf()
    expect(await queueing.claimDue(database.db, now)).toHaveLength(1)
    expect(await queueing.claimDue(database.db, at(LEASE_MS - 1))).toEqual([])

    // The process that claimed it died: its lease has ended.
    await database.db.execute(sql.raw(`update "${TABLE}" set next_attempt_at = now() - interval '1 second' where id = 'leased'`))
    const [again] = await queueing.claimDue(database.db, new Date())
    expect(again).toMatchObject({ id: 'leased', attempts: 2 })
  })
})

describe('a run', () => {
  it('marks a handled row done, and retries a failed one with back-off, counting each attempt', async () => {
    await queue('flaky', now)
    const failures: LeaseFailure<Job>[] = []
    let failuresLeft = 2
    const run = (clock: Date) =>
      queueOf().runDue({
        db: database.db,
        now: clock,
        handle: async () => {
          if (failuresLeft-- > 0) throw new Error('the far end is down')
        },
        onFailure: (failure) => failures.push(failure),
      })

    expect(await run(now)).toEqual({ attempted: 1, done: 0, failed: 1 })
    expect(await job('flaky')).toMatchObject({ attempts: 1, finishedAt: null, nextAttemptAt: at(1000), lastError: 'the far end is down' })
    expect(failures.map(({ attempt, givingUp, retryInMs, message }) => ({ attempt, givingUp, retryInMs, message }))).toEqual([
      { attempt: 1, givingUp: false, retryInMs: 1000, message: 'the far end is down' },
    ])

    expect((await run(at(999))).attempted).toBe(0)
    expect(await run(at(1000))).toEqual({ attempted: 1, done: 0, failed: 1 })
    expect(await job('flaky')).toMatchObject({ attempts: 2, nextAttemptAt: at(1000 + 2000) })

    expect(await run(at(3000))).toEqual({ attempted: 1, done: 1, failed: 0 })
    const done = await job('flaky')
    expect(done).toMatchObject({ attempts: 3, nextAttemptAt: null, lastError: null })
    expect(done.finishedAt).toBeInstanceOf(Date)
    expect((await run(at(60 * 60_000))).attempted).toBe(0)
  })

  it('waits at most the longest back-off between attempts', () => {
    expect([1, 2, 3, 4, 10].map(queueOf().retryDelayMs)).toEqual([1000, 2000, 4000, 5000, 5000])
  })

  it('fails a row for good once its next attempt would fall past the give-up age', async () => {
    // The seventh attempt's back-off is 5 s: the old row's next attempt would come 1 ms past the give-up age.
    await queue('old', now, { attempts: 6, createdAt: at(-GIVE_UP_AFTER_MS + 4999) })
    await queue('young', now, { attempts: 6, createdAt: at(-GIVE_UP_AFTER_MS + 5000) })
    const failures: LeaseFailure<Job>[] = []
    const failing = queueOf()
    await failing.runDue({ db: database.db, now, handle: async () => Promise.reject(new Error('refused')), onFailure: (failure) => failures.push(failure) })

    expect(await job('old')).toMatchObject({ attempts: 7, nextAttemptAt: null, finishedAt: null, lastError: 'Gave up after 7 attempts: refused' })
    expect(await job('young')).toMatchObject({ attempts: 7, nextAttemptAt: at(5000), lastError: 'refused' })
    expect(Object.fromEntries(failures.map((failure) => [failure.row.id, failure.givingUp]))).toEqual({ old: true, young: false })
    // Nothing claims a row failed for good: a later run takes only the young one.
    const handled: string[] = []
    await failing.runDue({ db: database.db, now: at(GIVE_UP_AFTER_MS), handle: async (row) => void handled.push(row.id) })
    expect(handled).toEqual(['young'])
    expect(await job('old')).toMatchObject({ attempts: 7, nextAttemptAt: null, finishedAt: null })
  })

  it('keeps the stored failure to the longest length asked for, and the whole text otherwise', async () => {
    const failure = 'x'.repeat(50)
    await queue('cut', now)
    await queueOf({ maxErrorLength: 10 }).runDue({ db: database.db, now, handle: async () => Promise.reject(new Error(failure)) })
    expect((await job('cut')).lastError).toBe('x'.repeat(10))
    await queue('whole', now)
    await queueOf().runDue({ db: database.db, now, handle: async () => Promise.reject(new Error(failure)) })
    expect((await job('whole')).lastError).toBe(failure)
  })

  it('hands rows over one at a time, or all at once', async () => {
    const inFlightMost = async (handling: 'one-at-a-time' | 'all-at-once', clock: Date) => {
      let inFlight = 0
      let most = 0
      await queueOf({ handling }).runDue({
        db: database.db,
        now: clock,
        handle: async () => {
          most = Math.max(most, ++inFlight)
          await new Promise((resolve) => setTimeout(resolve, 20))
          inFlight--
          throw new Error('try again')
        },
      })
      return most
    }
    for (const id of ['a', 'b', 'c']) await queue(id, now)
    expect(await inFlightMost('one-at-a-time', now)).toBe(1)
    expect(await inFlightMost('all-at-once', at(LEASE_MS))).toBe(3)
  })

  it('counts a failure to mark a handled row done as a failed attempt, or fails the run, as asked', async () => {
    await database.db.execute(sql.raw(`alter table "${TABLE}" add constraint never_finished check (finished_at is null)`))
    try {
      await queue('unmarkable', now)
      const failures: LeaseFailure<Job>[] = []
      const retried = await queueOf({ retryWhenMarkingDoneFails: true }).runDue({
        db: database.db,
        now,
        handle: async () => {},
        onFailure: (failure) => failures.push(failure),
      })
      expect(retried).toEqual({ attempted: 1, done: 0, failed: 1 })
      expect(await job('unmarkable')).toMatchObject({ attempts: 1, nextAttemptAt: at(1000), finishedAt: null })
      expect((await job('unmarkable')).lastError).toMatch(/finished/)
      expect(failures).toHaveLength(1)

      await expect(queueOf({ retryWhenMarkingDoneFails: false }).runDue({ db: database.db, now: at(1000), handle: async () => {} })).rejects.toThrow()
      // The row keeps its lease: it is tried again when the lease ends.
      expect(await job('unmarkable')).toMatchObject({ attempts: 2, nextAttemptAt: at(1000 + LEASE_MS), finishedAt: null })
    } finally {
      await database.db.execute(sql.raw(`alter table "${TABLE}" drop constraint never_finished`))
    }
  })
})

describe.runIf(process.env.DATABASE_URL)('two claimers on PostgreSQL', () => {
  let second: DatabaseHandle | undefined
  afterAll(async () => second?.close())

  it('never get the same row, and between them take every due row', async () => {
    second = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, maxConnections: 4 })
    const ids = Array.from({ length: 30 }, (_, index) => `concurrent-${String(index).padStart(2, '0')}`)
    await database.db.insert(jobs).values(ids.map((id) => ({ id, nextAttemptAt: now, createdAt: now })))
    const queueing = queueOf({ batchSize: 4 })

    const pools = [database.db, second.db]
    const claimedBy: string[][] = [[], []]
    // Rounds of five claims from each pool at once, until nothing is due.
    for (let round = 0; round < 10 && claimedBy.flat().length < ids.length; round++) {
      const claims = await Promise.all(Array.from({ length: 10 }, (_, index) => queueing.claimDue(pools[index % 2]!, at(1))))
      claims.forEach((rows, index) => claimedBy[index % 2]!.push(...rows.map((row) => row.id)))
    }
    expect(claimedBy.flat().sort()).toEqual(ids)
    expect(claimedBy[0]!.length).toBeGreaterThan(0)
    expect(claimedBy[1]!.length).toBeGreaterThan(0)
    const rows = await database.db.select().from(jobs)
    expect(rows.map((row) => row.attempts)).toEqual(Array(ids.length).fill(1))
  })
})
