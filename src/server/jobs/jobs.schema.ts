/**
 * Periodic jobs' claims: one row per job and period. The process whose insert makes the row
 * runs that period's work; every other process finds it there and does nothing, so a fleet
 * does each period's work once.
 */
import { sql } from 'drizzle-orm'
import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    /** The start of the period the run is for, on the database's clock. */
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    /** host:pid of the process that ran it, for the operator. */
    claimedBy: text('claimed_by').notNull(),
    /** What the run did, or why it failed. */
    outcome: text('outcome'),
  },
  (table) => [primaryKey({ columns: [table.job, table.periodStart] })],
)
