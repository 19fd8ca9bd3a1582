/**
 * A queue of work kept as rows of a capability's own table (the mail outbox, the built-in
 * provider's webhook deliveries). A run claims due rows with FOR UPDATE SKIP LOCKED and, in the
 * same short transaction, leases them: their next attempt is pushed past the lease and their
 * attempt counted. So several processes never work on one row at once, and a row whose process
 * died mid-attempt is claimed again when its lease ends. Each claimed row goes to the caller's
 * handler, then is marked done, or retried with exponential back-off, or failed for good once
 * its next attempt would come too long after it was queued.
 *
 * The table stays the capability's: it hands its table and columns in, and this module names
 * none of them.
 */
import { and, asc, eq, getTableColumns, inArray, isNull, lte, sql } from 'drizzle-orm'
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { Database } from '../db/client.ts'

/** The columns a queue reads and writes, whatever the capability named them. */
export interface LeaseQueueColumns {
  id: AnyPgColumn
  /** Attempts so far; a claim counts one. */
  attempts: AnyPgColumn<{ data: number }>
  /** When the row is due: the end of the lease while claimed, null once done or failed for good. */
  nextAttemptAt: AnyPgColumn<{ data: Date }>
  /** When the work succeeded; null until then. */
  doneAt: AnyPgColumn<{ data: Date }>
  /** Why the last attempt failed; null once done. */
  lastError: AnyPgColumn<{ data: string }>
  /** When the row was queued: the give-up age counts from it. */
  createdAt: AnyPgColumn<{ data: Date }>
}

export interface LeaseQueueOptions<TTable extends PgTable> {
  table: TTable
  columns: LeaseQueueColumns
  /** Rows claimed per run. */
  batchSize: number
  /** How long a claimed row stays with the process that claimed it (which may have died) before another may try. */
  leaseMs: number
  /** The wait after the first failed attempt, doubling with each further one. */
  firstRetryMs: number
  /** The longest wait between two attempts. */
  maxRetryMs: number
  /** A row whose next attempt would come later than this after it was queued is failed for good. */
  giveUpAfterMs: number
  /** Claimed rows are handled one after another, or all at once. */
  handling: 'one-at-a-time' | 'all-at-once'
  /** A failure to mark a handled row done counts as a failed attempt (true) or fails the run (false). */
  retryWhenMarkingDoneFails: boolean
  /** The longest failure text stored; the whole text when unset. */
  maxErrorLength?: number
}

/** A failed attempt, once stored. */
export interface LeaseFailure<Row> {
  row: Row
  /** The attempt that failed (1-based). */
  attempt: number
  message: string
  /** No further attempt: the row is failed for good. */
  givingUp: boolean
  /** The wait before the next attempt (the back-off of this attempt, also when giving up). */
  retryInMs: number
}

export interface LeaseQueueRun<Row> {
  db: Database
  /** The clock deciding what is due and when the next attempt is. */
  now: Date
  /** Does the work of one row; throws when it failed. */
  handle: (row: Row) => Promise<void>
  /** Called once a failure is stored (to log it). */
  onFailure?: (failure: LeaseFailure<Row>) => void
}

export interface LeaseQueueRunResult {
  attempted: number
  done: number
  failed: number
}

export interface LeaseQueue<Row> {
  /** Claims every due row once, hands each to the handler and stores the outcome. Safe to run from several processes at once. */
  runDue: (run: LeaseQueueRun<Row>) => Promise<LeaseQueueRunResult>
  /** Takes up to a batch of due rows no other process holds and leases them, in one short transaction. */
  claimDue: (db: Database, now: Date) => Promise<Row[]>
  /** Milliseconds to wait after the given failed attempt (1-based). */
  retryDelayMs: (attempt: number) => number
}

export function createLeaseQueue<TTable extends PgTable>(options: LeaseQueueOptions<TTable>): LeaseQueue<TTable['$inferSelect']> {
  type Row = TTable['$inferSelect']
  const { table, columns } = options
  // Rows and Drizzle's set() use the table's property names: each column's is looked up once.
  const key = columnKeys(table, columns)
  const read = <T>(row: Row, column: keyof LeaseQueueColumns) => (row as Record<string, unknown>)[key[column]] as T
  const changes = (values: Partial<Record<keyof LeaseQueueColumns, unknown>>) =>
    Object.fromEntries(Object.entries(values).map(([column, value]) => [key[column as keyof LeaseQueueColumns], value])) as PgUpdateSetSource<TTable>

  const retryDelayMs = (attempt: number) => Math.min(options.firstRetryMs * 2 ** Math.max(0, attempt - 1), options.maxRetryMs)

  async function claimDue(db: Database, now: Date): Promise<Row[]> {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: columns.id })
        .from(table as PgTable)
        .where(and(isNull(columns.doneAt), lte(columns.nextAttemptAt, now)))
        .orderBy(asc(columns.nextAttemptAt))
        .limit(options.batchSize)
        .for('update', { skipLocked: true })
      if (due.length === 0) return []
      // Drizzle cannot resolve the returned row type of a table known only as generic.
      const claimed = await tx
        .update(table)
        .set(changes({ attempts: sql`${columns.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + options.leaseMs) }))
        .where(
          inArray(
            columns.id,
            due.map((row) => row.id),
          ),
        )
        .returning()
      return claimed as Row[]
    })
  }

  const markDone = async (db: Database, row: Row) => {
    await db
      .update(table)
      .set(changes({ doneAt: new Date(), nextAttemptAt: null, lastError: null }))
      .where(eq(columns.id, read(row, 'id')))
  }

  async function recordFailure(run: LeaseQueueRun<Row>, row: Row, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error)
    const attempt = read<number>(row, 'attempts')
    const retryInMs = retryDelayMs(attempt)
    const next = new Date(run.now.getTime() + retryInMs)
    const givingUp = next.getTime() - read<Date>(row, 'createdAt').getTime() > options.giveUpAfterMs
    const lastError = givingUp ? `Gave up after ${attempt} attempts: ${message}` : message
    await run.db
      .update(table)
      .set(
        changes({
          nextAttemptAt: givingUp ? null : next,
          lastError: options.maxErrorLength === undefined ? lastError : lastError.slice(0, options.maxErrorLength),
        }),
      )
      .where(and(eq(columns.id, read(row, 'id')), isNull(columns.doneAt)))
    run.onFailure?.({ row, attempt, message, givingUp, retryInMs })
  }

  /** Answers whether the row's work was done. */
  async function attempt(run: LeaseQueueRun<Row>, row: Row): Promise<boolean> {
    try {
      await run.handle(row)
      if (options.retryWhenMarkingDoneFails) await markDone(run.db, row)
    } catch (error) {
      await recordFailure(run, row, error)
      return false
    }
    if (!options.retryWhenMarkingDoneFails) await markDone(run.db, row)
    return true
  }

  async function runDue(run: LeaseQueueRun<Row>): Promise<LeaseQueueRunResult> {
    const claimed = await claimDue(run.db, run.now)
    let outcomes: boolean[]
    if (options.handling === 'all-at-once') outcomes = await Promise.all(claimed.map((row) => attempt(run, row)))
    else {
      outcomes = []
      for (const row of claimed) outcomes.push(await attempt(run, row))
    }
    const done = outcomes.filter(Boolean).length
    return { attempted: claimed.length, done, failed: claimed.length - done }
  }

  return { runDue, claimDue, retryDelayMs }
}

/** The property name of each column in the table's rows (what Drizzle's set and returning use). */
function columnKeys(table: PgTable, columns: LeaseQueueColumns): Record<keyof LeaseQueueColumns, string> {
  const entries = Object.entries(getTableColumns(table))
  return Object.fromEntries(
    Object.entries(columns).map(([role, column]) => {
      const found = entries.find(([, candidate]) => candidate === column)
      if (!found) throw new Error(`The lease queue's ${role} column is not a column of its table`)
      return [role, found[0]]
    }),
  ) as Record<keyof LeaseQueueColumns, string>
}
