/**
 * Sessions and email links past their expiry are never valid again: Better Auth refuses them,
 * and removes a session only when it is presented. This removes the rest, hourly, as a
 * periodic job (one process of a fleet does it each hour).
 */
import { lt, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import type { PeriodicJob } from '../jobs/periodic-job.ts'
import { session, verification } from './auth.schema.ts'

const HOUR_MS = 60 * 60 * 1000

export async function removeExpiredSessions(db: Database): Promise<{ sessions: number; links: number }> {
  const sessions = await db
    .delete(session)
    .where(lt(session.expiresAt, sql`now()`))
    .returning({ id: session.id })
  const links = await db
    .delete(verification)
    .where(lt(verification.expiresAt, sql`now()`))
    .returning({ id: verification.id })
  return { sessions: sessions.length, links: links.length }
}

export function expiredSessionsJob(db: Database): PeriodicJob {
  return {
    name: 'expire-sessions',
    periodMs: HOUR_MS,
    run: async () => {
      const removed = await removeExpiredSessions(db)
      return `Removed ${removed.sessions} expired sessions and ${removed.links} expired email links`
    },
  }
}
