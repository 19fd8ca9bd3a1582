/**
 * The audit log's service: an admin action is recorded in the same transaction as the change it
 * makes (so a change and its record stand or fall together), and read back newest first for the
 * order or product it touched, or as the whole log filtered by who, what, which record and when.
 * Every capability that changes the store on an admin's word writes here, so the log is a
 * capability of its own that imports none of them; the owner's log page (admin/admin-audit.routes.ts)
 * reads it through this service.
 */
import { and, count, desc, eq, gte, ilike, like, lt, type SQL } from 'drizzle-orm'
import { auditPeriodOf, type AuditLogQuery } from '../../shared/contract/admin-audit.ts'
import { changesBetween, type AuditEntryView } from '../../shared/contract/admin-products.ts'
import type { Database, Executor } from '../db/client.ts'
import { auditLog } from './audit.schema.ts'
import type { AuditEntry, AuditLogRow } from './audit.types.ts'

/** A LIKE pattern matching the text itself: `%`, `_` and the backslash lose their meaning. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`)

/** The log's filters as SQL: each one is served by an index on its own or walks created_at's. */
function logFilters({ actor, actorId, action, subjectType, subjectId, from, to }: AuditLogQuery): SQL | undefined {
  const filters: SQL[] = []
  if (actor) filters.push(ilike(auditLog.actorEmail, `%${likeLiteral(actor)}%`))
  if (actorId) filters.push(eq(auditLog.actorId, actorId))
  // `order.` is every action on orders; `order.refund` exactly that one.
  if (action) filters.push(action.endsWith('.') ? like(auditLog.action, `${likeLiteral(action)}%`) : eq(auditLog.action, action))
  if (subjectType) filters.push(eq(auditLog.subjectType, subjectType))
  if (subjectId) filters.push(eq(auditLog.subjectId, subjectId))
  const { start, end } = auditPeriodOf({ from, to })
  if (start) filters.push(gte(auditLog.createdAt, start))
  if (end) filters.push(lt(auditLog.createdAt, end))
  return and(...filters)
}

export function createAuditService(db: Database) {
  async function record(tx: Executor, { actor, action, subject, before = null, after = null }: AuditEntry): Promise<void> {
    await tx.insert(auditLog).values({ actorId: actor.id, actorEmail: actor.email, action, subjectType: subject.type, subjectId: subject.id, before, after })
  }

  return {
    record,

    /** For an action whose change is not a row of ours (an email queued, a call to the payment provider): recorded on its own once it succeeded. */
    async recordAfter(entry: AuditEntry): Promise<void> {
      await record(db, entry)
    },

    /** What admins did to one record, newest first, as its page shows it: who, what, when, and each field's before → after. */
    async trailOf(subjectType: string, subjectId: string, limit = 100): Promise<AuditEntryView[]> {
      const rows: AuditLogRow[] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subjectType, subjectType), eq(auditLog.subjectId, subjectId)))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit)
      return rows.map((entry) => ({
        action: entry.action,
        actorEmail: entry.actorEmail,
        at: entry.createdAt.toISOString(),
        changes: changesBetween(entry.before, entry.after),
      }))
    },

    /** One page of the whole log, newest first (created_at, then id, so a page never repeats or skips a row), with how many match. */
    async list(query: AuditLogQuery): Promise<{ rows: AuditLogRow[]; total: number }> {
      const where = logFilters(query)
      const [rows, [counted]] = await Promise.all([
        db.select().from(auditLog).where(where).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(query.limit).offset(query.offset),
        db.select({ total: count() }).from(auditLog).where(where),
      ])
      return { rows, total: counted?.total ?? 0 }
    },

    /** Every kind of action recorded so far, in code-point order (the database's collation aside): the log page's filter offers these. */
    async actions(): Promise<string[]> {
      const rows = await db.select({ action: auditLog.action }).from(auditLog).groupBy(auditLog.action)
      return rows.map((row) => row.action).sort()
    },
  }
}

export type AuditService = ReturnType<typeof createAuditService>
