/**
 * GET /api/admin/audit (one page of the log, filtered) and GET /api/admin/audit/actions (the kinds
 * of action recorded, for the filter). The owner's days are sent as the exact moments they start
 * and end in this browser's time zone, so "2 November" means the owner's 2 November.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { AUDIT_PAGE_SIZE, type AuditLogPage } from '../../../../../shared/contract/admin-audit.ts'
import { apiRequest, withQuery } from '../../../../api/http.ts'
import { localDayBounds } from '../audit-labels.ts'

export interface AuditFilters {
  /** Part of the email of who acted. */
  actor: string
  /** An action, or the start of one (`order.`). */
  action: string
  subjectType: string
  subjectId: string
  /** The owner's days, YYYY-MM-DD; both included. */
  from: string
  to: string
  offset: number
}

export function useAuditLog(filters: AuditFilters) {
  const query = {
    actor: filters.actor.trim(),
    action: filters.action,
    subjectType: filters.subjectType,
    subjectId: filters.subjectId,
    from: filters.from ? localDayBounds(filters.from).start : '',
    to: filters.to ? localDayBounds(filters.to).end : '',
    limit: AUDIT_PAGE_SIZE,
    offset: filters.offset,
  }
  return useQuery({
    queryKey: ['admin', 'audit', query],
    queryFn: () => apiRequest<AuditLogPage>(withQuery('/api/admin/audit', query), {}, 'Failed to load the audit log'),
    placeholderData: keepPreviousData,
  })
}

export function useAuditActions() {
  return useQuery({
    queryKey: ['admin', 'audit', 'actions'],
    queryFn: () => apiRequest<{ data: string[] }>('/api/admin/audit/actions', {}, 'Failed to load the kinds of action').then((body) => body.data),
  })
}
