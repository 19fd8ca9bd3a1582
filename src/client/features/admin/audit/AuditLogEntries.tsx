/**
 * One page of the audit log: for each change, when (to the second), who, what, which record (an
 * order or product links to its page) and each field's before → after. A table from 640 px up,
 * a card per change below (a phone cannot show five columns).
 */
import { Link } from 'react-router'
import type { AuditLogEntry } from '../../../../shared/contract/admin-audit.ts'
import { auditActionLabel, auditSubjectKind, formatExactTime } from './audit-labels.ts'

const CELL = 'px-4 py-3 align-top'

export function AuditLogEntries({ entries }: { entries: AuditLogEntry[] }) {
  return (
    <>
      <div className="relative mt-6 hidden overflow-x-auto rounded-2xl border border-zinc-800 sm:block">
        <table className="w-full min-w-[48rem] text-sm">
          <caption className="sr-only">Changes, newest first</caption>
          <thead className="bg-zinc-900/80 text-left text-xs text-zinc-400">
            <tr>
              {['When', 'Who', 'What', 'Record', 'Before → after'].map((heading) => (
                <th key={heading} scope="col" className="px-4 py-3 font-medium">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-800 bg-zinc-950/40">
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td className={`${CELL} whitespace-nowrap text-zinc-300`}>
                  <ExactTime at={entry.at} />
                </td>
                <td className={`${CELL} break-all text-zinc-100`}>{entry.actorEmail}</td>
                <td className={`${CELL} text-zinc-100`}>{auditActionLabel(entry.action)}</td>
                <td className={CELL}>
                  <RecordLink subject={entry.subject} />
                </td>
                <td className={CELL}>
                  <Changes changes={entry.changes} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ol aria-label="Changes, newest first" className="mt-6 flex flex-col gap-3 sm:hidden">
        {entries.map((entry) => (
          <li key={entry.id} className="rounded-2xl border border-zinc-800 bg-zinc-950/40 p-4 text-sm">
            <p className="text-xs text-zinc-400">
              <ExactTime at={entry.at} />
            </p>
            <p className="mt-1 font-medium text-white">{auditActionLabel(entry.action)}</p>
            <p className="break-all text-zinc-300">{entry.actorEmail}</p>
            <p className="mt-1">
              <RecordLink subject={entry.subject} />
            </p>
            <div className="mt-2">
              <Changes changes={entry.changes} />
            </div>
          </li>
        ))}
      </ol>
    </>
  )
}

function ExactTime({ at }: { at: string }) {
  return <time dateTime={at}>{formatExactTime(at)}</time>
}

function RecordLink({ subject }: { subject: AuditLogEntry['subject'] }) {
  const kind = auditSubjectKind(subject.type)
  const name = subject.label ?? (subject.id.length > 12 ? `${subject.id.slice(0, 8)}…` : subject.id)
  if (!subject.path) {
    return (
      <span className="text-zinc-300" title={subject.id}>
        {kind} <span className="break-all text-zinc-400">{name}</span>
      </span>
    )
  }
  return (
    <Link to={subject.path} className="rounded-sm break-words text-brand-300 hover:text-brand-200">
      {kind} {name}
    </Link>
  )
}

function Changes({ changes }: { changes: AuditLogEntry['changes'] }) {
  if (changes.length === 0) return <span className="text-zinc-500">No field changed</span>
  return (
    <ul className="space-y-0.5 text-xs break-all text-zinc-300">
      {changes.map((change) => (
        <li key={change.field}>
          <span className="text-zinc-400">{change.field}:</span> {change.before || '(empty)'} → {change.after || '(empty)'}
        </li>
      ))}
    </ul>
  )
}
