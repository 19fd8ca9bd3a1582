/**
 * The audit log page, `GET /api/admin/audit`: every change staff made to the store, newest first,
 * filtered by who (part of their email, or their account), what kind (`order.refund`, or every
 * action on orders with `order.`), which record, and a period; and `GET /api/admin/audit/actions`,
 * the kinds recorded so far, for the filter. Each entry carries its exact time, the record it
 * touched (named and linked where the console has a page for it) and each field's before → after.
 */
import { z } from 'zod'
import { emptyAsAbsent, isCalendarDate, isIsoDateTime, queryInteger } from './strict-input.ts'

export const AUDIT_PAGE_SIZE = 25

export const AUDIT_QUERY_MESSAGES = {
  action: 'action must be an action (order.refund) or the start of one (order.)',
  subjectType: 'subjectType must be a kind of record (order, product, …)',
  subjectWithoutType: 'subjectId needs subjectType: say which kind of record it is',
  moment: (label: string) => `${label} must be a day (YYYY-MM-DD) or a date and time`,
  period: 'The last day must not be before the first',
} as const

/** A day (`2026-11-02`, a UTC day) or an exact moment (`2026-11-02T00:00:00.000+01:00`, as the console sends the owner's own days). */
function dayOrMoment(label: string) {
  const message = AUDIT_QUERY_MESSAGES.moment(label)
  return emptyAsAbsent(
    z
      .string({ error: message })
      .trim()
      .refine((value) => isCalendarDate(value) || isIsoDateTime(value), message),
  )
}

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The period a query asks for, as the instant it starts at and the one it ends before: a day is the whole
 * UTC day (`to` included), a moment is that very instant (`to` included, to the millisecond).
 */
export function auditPeriodOf({ from, to }: { from?: string | undefined; to?: string | undefined }): { start: Date | null; end: Date | null } {
  const start = from ? new Date(isCalendarDate(from) ? `${from}T00:00:00.000Z` : from) : null
  const end = !to ? null : isCalendarDate(to) ? new Date(Date.parse(`${to}T00:00:00.000Z`) + DAY_MS) : new Date(Date.parse(to) + 1)
  return { start, end }
}

export const auditLogQuerySchema = z
  .object({
    /** Part of the email of the one who acted (any case). */
    actor: emptyAsAbsent(z.string({ error: 'actor must be text' }).trim().max(200, 'actor must be at most 200 characters')),
    /** Exactly this account. */
    actorId: emptyAsAbsent(z.string({ error: 'actorId must be text' }).trim().max(100, 'actorId must be at most 100 characters')),
    /** `order.refund`, or `order.` for every action on orders. */
    action: emptyAsAbsent(
      z
        .string({ error: AUDIT_QUERY_MESSAGES.action })
        .trim()
        .regex(/^[a-z_]{1,40}\.(?:[a-z_]{1,40})?$/, AUDIT_QUERY_MESSAGES.action),
    ),
    subjectType: emptyAsAbsent(z.string({ error: AUDIT_QUERY_MESSAGES.subjectType }).regex(/^[a-z_]{1,40}$/, AUDIT_QUERY_MESSAGES.subjectType)),
    subjectId: emptyAsAbsent(z.string({ error: 'subjectId must be text' }).trim().min(1).max(100, 'subjectId must be at most 100 characters')),
    from: dayOrMoment('from'),
    to: dayOrMoment('to'),
    limit: queryInteger('limit', 1, 100).default(AUDIT_PAGE_SIZE),
    offset: queryInteger('offset', 0, 100_000).default(0),
  })
  .refine((query) => !query.subjectId || query.subjectType, { path: ['subjectId'], message: AUDIT_QUERY_MESSAGES.subjectWithoutType })
  .refine(
    (query) => {
      const { start, end } = auditPeriodOf(query)
      return !start || !end || start < end
    },
    { path: ['to'], message: AUDIT_QUERY_MESSAGES.period },
  )
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>

export const auditLogEntrySchema = z.object({
  id: z.string(),
  /** Exact, with the time: an ISO instant. */
  at: z.string(),
  actorEmail: z.string(),
  /** The account that acted; null for the owner CLI, or once the account is deleted. */
  actorId: z.string().nullable(),
  action: z.string(),
  subject: z.object({
    type: z.string(),
    id: z.string(),
    /** How the console names it: the order's number, the product's name; null where it has no cheap name. */
    label: z.string().nullable(),
    /** The console page of the record; null where there is none. */
    path: z.string().nullable(),
  }),
  changes: z.array(z.object({ field: z.string(), before: z.string(), after: z.string() })),
})
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>

export const auditLogResponseSchema = z.object({
  data: z.array(auditLogEntrySchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
})
export type AuditLogPage = z.infer<typeof auditLogResponseSchema>

export const auditActionsResponseSchema = z.object({ data: z.array(z.string()) })

/** The console's page of a record the log names, where it has one: an account's or a guest's (by their key) is their customer page. */
export function auditSubjectPath(type: string, id: string): string | null {
  if (type === 'order') return `/admin/orders/${id}`
  if (type === 'product') return `/admin/products/${id}`
  if (type === 'user' || type === 'customer') return `/admin/customers/${encodeURIComponent(id)}`
  return null
}

/** The full history of one record, as the audit log page opens it. */
export const auditTrailPath = (subjectType: string, subjectId: string) => `/admin/audit?${new URLSearchParams({ subjectType, subjectId }).toString()}`
