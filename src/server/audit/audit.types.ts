/**
 * The audit log's types that every capability names: who acted, the entry a change records, and
 * a row of the log as the owner's log page reads it. Other capabilities import this file only as
 * types; they record and read entries through audit.service.ts.
 */
export type { AuditLogRow } from './audit.schema.ts'

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
