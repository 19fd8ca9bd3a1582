/**
 * /admin/audit: every change staff made to the store, newest first, with the exact time, who,
 * what, which record and each field's before → after; filtered by who, what kind, which record
 * and the owner's days, paged. The filters live in the address (`?actor=…&action=order.&from=…`),
 * so a record's "Full history" link and a shared link open the same view.
 */
import { useSearchParams } from 'react-router'
import { calendarDateMessage, isCalendarDate } from '../../../../../shared/contract/strict-input.ts'
import { AUDIT_PAGE_SIZE } from '../../../../../shared/contract/admin-audit.ts'
import { ListSkeleton } from '../../../../components/ListSkeleton.tsx'
import { INPUT_CLASS } from '../../../../components/TextField.tsx'
import { AdminLoadFailed } from '../../shell/AdminLayout.tsx'
import { AdminPager } from '../../shell/AdminPager.tsx'
import { AuditLogEntries } from '../AuditLogEntries.tsx'
import { AUDIT_SUBJECT_TYPES, auditActionLabel, auditSubjectKind } from '../audit-labels.ts'
import { useAuditActions, useAuditLog, type AuditFilters } from '../api/audit.ts'

const FILTER_KEYS = ['actor', 'action', 'subjectType', 'subjectId', 'from', 'to'] as const
type FilterKey = (typeof FILTER_KEYS)[number]

function filtersOf(params: URLSearchParams): AuditFilters {
  const offset = Number(params.get('offset') ?? 0)
  const text = (key: FilterKey) => params.get(key) ?? ''
  return {
    actor: text('actor'),
    action: text('action'),
    subjectType: text('subjectType'),
    subjectId: text('subjectId'),
    from: text('from'),
    to: text('to'),
    offset: Number.isInteger(offset) && offset > 0 ? offset : 0,
  }
}

/** Each kind of record's actions under its name, each kind first as "Every … action". */
function actionGroups(actions: string[]): { type: string; actions: string[] }[] {
  const groups = new Map<string, string[]>()
  for (const action of actions) {
    const type = action.split('.')[0] ?? action
    groups.set(type, [...(groups.get(type) ?? []), action])
  }
  return [...groups].map(([type, grouped]) => ({ type, actions: grouped }))
}

export default function AdminAuditPage() {
  const [params, setParams] = useSearchParams()
  const filters = filtersOf(params)
  const fromError = filters.from && !isCalendarDate(filters.from) ? calendarDateMessage('From') : null
  const toError =
    filters.to && !isCalendarDate(filters.to)
      ? calendarDateMessage('To')
      : !fromError && filters.from && filters.to && filters.to < filters.from
        ? 'The last day must not be before the first'
        : null
  const log = useAuditLog({ ...filters, from: fromError ? '' : filters.from, to: toError ? '' : filters.to })
  const actions = useAuditActions()

  /** A new filter starts at the first page; the address is replaced, not pushed, as the owner types. */
  const set = (change: Partial<Record<FilterKey | 'offset', string>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        for (const [key, value] of Object.entries(change)) {
          if (value) next.set(key, value)
          else next.delete(key)
        }
        if (!('offset' in change)) next.delete('offset')
        return next
      },
      { replace: !('offset' in change) },
    )
  const filtered = FILTER_KEYS.some((key) => filters[key])
  const subjectTypes =
    filters.subjectType && !AUDIT_SUBJECT_TYPES.includes(filters.subjectType) ? [...AUDIT_SUBJECT_TYPES, filters.subjectType] : AUDIT_SUBJECT_TYPES
  const offeredActions = actions.data ?? []
  const oneRecord = filters.subjectId ? log.data?.data[0]?.subject : undefined

  return (
    <>
      <title>Audit log | Owner console | Audio Lab Store</title>
      <h1 className="text-2xl font-bold tracking-tight text-white">Audit log</h1>
      <p className="mt-2 max-w-2xl text-sm text-zinc-400">
        Every change made in the console or with the owner commands, newest first, with each field before and after. Times are in your time zone.
      </p>
      {filters.subjectId && (
        <p
          role="status"
          className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-zinc-800 bg-zinc-900/60 px-4 py-3 text-sm text-zinc-200"
        >
          <span>
            The history of one {auditSubjectKind(filters.subjectType).toLowerCase()}
            {oneRecord?.label ? `: ${oneRecord.label}` : ''}
          </span>
          <button type="button" className="text-brand-300 underline hover:text-brand-200" onClick={() => set({ subjectId: '' })}>
            Show every record
          </button>
        </p>
      )}
      <form
        role="search"
        aria-label="Filter the audit log"
        onSubmit={(event) => event.preventDefault()}
        className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5"
      >
        <label>
          <span className="mb-1.5 block text-sm font-medium text-zinc-200">Who</span>
          <input
            type="search"
            value={filters.actor}
            onChange={(event) => set({ actor: event.target.value })}
            placeholder="name@example.com"
            className={INPUT_CLASS}
          />
        </label>
        <label>
          <span className="mb-1.5 block text-sm font-medium text-zinc-200">What</span>
          <select value={filters.action} onChange={(event) => set({ action: event.target.value })} className={INPUT_CLASS}>
            <option value="">Any change</option>
            {filters.action && !offeredActions.includes(filters.action) && !filters.action.endsWith('.') && (
              <option value={filters.action}>{auditActionLabel(filters.action)}</option>
            )}
            {actionGroups(offeredActions).map((group) => (
              <optgroup key={group.type} label={auditSubjectKind(group.type)}>
                <option value={`${group.type}.`}>Every {auditSubjectKind(group.type).toLowerCase()} change</option>
                {group.actions.map((action) => (
                  <option key={action} value={action}>
                    {auditActionLabel(action)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
        <label>
          <span className="mb-1.5 block text-sm font-medium text-zinc-200">Record</span>
          <select value={filters.subjectType} onChange={(event) => set({ subjectType: event.target.value, subjectId: '' })} className={INPUT_CLASS}>
            <option value="">Any record</option>
            {subjectTypes.map((type) => (
              <option key={type} value={type}>
                {auditSubjectKind(type)}
              </option>
            ))}
          </select>
        </label>
        <DayField label="From" value={filters.from} error={fromError} onChange={(from) => set({ from })} />
        <DayField label="To" value={filters.to} min={filters.from} error={toError} onChange={(to) => set({ to })} />
      </form>
      {log.isPending ? (
        <ListSkeleton label="Loading the audit log…" />
      ) : log.isError ? (
        <div className="mt-6">
          <AdminLoadFailed error={log.error} onRetry={() => void log.refetch()} />
        </div>
      ) : log.data.data.length === 0 ? (
        <p className="mt-8 text-zinc-400">{filtered ? 'No change matches these filters.' : 'No change has been recorded yet.'}</p>
      ) : (
        <div aria-busy={log.isPlaceholderData}>
          <AuditLogEntries entries={log.data.data} />
          <AdminPager
            offset={filters.offset}
            shown={log.data.data.length}
            total={log.data.total}
            pageSize={AUDIT_PAGE_SIZE}
            onOffset={(offset) => set({ offset: offset > 0 ? String(offset) : '' })}
          />
        </div>
      )}
    </>
  )
}

function DayField({
  label,
  value,
  min,
  error,
  onChange,
}: {
  label: string
  value: string
  min?: string
  error: string | null
  onChange: (day: string) => void
}) {
  const errorId = `audit-${label.toLowerCase()}-error`
  return (
    <label>
      <span className="mb-1.5 block text-sm font-medium text-zinc-200">{label}</span>
      <input
        type="date"
        value={value}
        min={min || undefined}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={INPUT_CLASS}
      />
      {error && (
        <span id={errorId} className="mt-1.5 block text-xs text-red-300">
          {error}
        </span>
      )}
    </label>
  )
}
