/**
 * Work a fleet does once per period (expiring stale sessions): every process runs the timer,
 * and each period's work goes to the process whose claim (a row in job_runs, keyed by job and
 * period on the database's clock) is written first. A process that dies mid-run leaves the
 * period claimed; the next period does the work instead, which suits clean-up jobs.
 */
import { hostname } from 'node:os'
import { and, eq, lt, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/client.ts'
import { jobRuns } from './jobs.schema.ts'

/** Claims older than this are removed by each claimed run. */
const KEEP_CLAIMS_MS = 7 * 24 * 60 * 60 * 1000
/** How often a process looks whether a new period began (at most). */
const MAX_CHECK_MS = 5 * 60 * 1000

const PROCESS_NAME = `${hostname()}:${process.pid}`

export interface PeriodicJob {
  name: string
  periodMs: number
  /** The period's work; answers what it did, for the log and the claim row. */
  run: () => Promise<string>
}

/** Claims the current period of the job for this process: its start when this call wrote the claim, else null. */
export async function claimPeriod(db: Database, job: string, periodMs: number): Promise<Date | null> {
  const seconds = periodMs / 1000
  const claimed = await db
    .insert(jobRuns)
    .values({ job, periodStart: sql`to_timestamp(floor(extract(epoch from now()) / ${seconds}) * ${seconds})`, claimedBy: PROCESS_NAME })
    .onConflictDoNothing()
    .returning({ periodStart: jobRuns.periodStart })
  return claimed[0]?.periodStart ?? null
}

/** Runs the job when this process wins the current period; answers whether it ran. */
export async function runIfClaimed(db: Database, job: PeriodicJob, log: FastifyBaseLogger): Promise<boolean> {
  const periodStart = await claimPeriod(db, job.name, job.periodMs)
  if (!periodStart) return false
  let outcome: string
  try {
    outcome = await job.run()
    log.info({ job: job.name }, outcome)
  } catch (error) {
    outcome = `failed: ${error instanceof Error ? error.message : String(error)}`
    log.error({ err: error, job: job.name }, 'Periodic job failed')
  }
  await db
    .update(jobRuns)
    .set({ outcome })
    .where(and(eq(jobRuns.job, job.name), eq(jobRuns.periodStart, periodStart)))
  await db.delete(jobRuns).where(and(eq(jobRuns.job, job.name), lt(jobRuns.periodStart, new Date(Date.now() - KEEP_CLAIMS_MS))))
  return true
}

/** Tries at once and then every few minutes; answers a function that stops it, awaiting a run in flight. */
export function startPeriodicJob(db: Database, job: PeriodicJob, log: FastifyBaseLogger): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve()
  const tick = () => {
    running = running
      .then(() => runIfClaimed(db, job, log))
      .catch((error: unknown) => log.error({ err: error, job: job.name }, 'Periodic job could not claim its period'))
  }
  tick()
  const timer = setInterval(tick, Math.min(job.periodMs, MAX_CHECK_MS))
  timer.unref()
  return async () => {
    clearInterval(timer)
    await running
  }
}

export interface JobLastRun {
  job: string
  claimedAt: Date
  outcome: string | null
}

/** Each periodic job's latest run (its claim and what it did), in one query. */
export async function lastJobRuns(db: Database): Promise<JobLastRun[]> {
  const rows = await db
    .selectDistinctOn([jobRuns.job], { job: jobRuns.job, claimedAt: jobRuns.claimedAt, outcome: jobRuns.outcome })
    .from(jobRuns)
    .orderBy(jobRuns.job, sql`${jobRuns.periodStart} desc`)
  return rows
}
