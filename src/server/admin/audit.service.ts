/**
 * The audit log's service: an admin action is recorded in the same transaction as the change it
 * makes (so a change and its record stand or fall together), and read back newest first for the
 * order or product it touched.
 */
import { and, desc, eq } from 'drizzle-orm'
import { changesBetween, type AuditEntryView } from '../../shared/contract/admin-products.ts'
import type { Database, Executor } from '../db/client.ts'
import { auditLog, type AuditLogRow } from './admin.schema.ts'

/** Who acted: an admin's account, the owner CLI (no account: `id` null, a name for `email`), or the account a change is for (a guest order joining it). */
export interface AuditActor {
  id: string | null
  email: string
}

export interface AuditEntry {
  actor: AuditActor
  /** `subject.verb`: `order.refund`, `order_item.add_downloads`, `user.grant_admin`, … */
  action: string
  subject: { type: string; id: string }
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
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
  }
}

export type AuditService = ReturnType<typeof createAuditService>
