/**
 * "History": what admins did to a product or an order, newest first: when (to the second), who,
 * what, and each field's before → after; and a link to the record's full history in the audit
 * log (for admins: support staff cannot open the log). The record is the page's own (its
 * `:orderId` or `:productId`).
 */
import { Link, useParams } from 'react-router'
import { auditTrailPath } from '../../../../shared/contract/admin-audit.ts'
import type { AuditEntryView } from '../../../../shared/contract/admin-products.ts'
import { useIsSupportStaff } from '../shell/staff-role.ts'
import { formatExactTime } from './audit-labels.ts'

const ACTIONS: Record<string, string> = {
  'product.create': 'created',
  'product.update': 'saved',
  'product.file': 'replaced the product file',
  'product.file_version_add': 'added a file version',
  'product.file_publish': 'published a file version',
  'product.file_restore': 'restored an earlier file version',
  'product.cover': 'replaced the cover',
  'product.preview': 'replaced the audio preview',
  'order.refund': 'refunded',
  'order.add_downloads': 'added downloads',
  'order.resend_receipt': 'sent the receipt again',
  'order.revoke_access_links': 'revoked the private order links',
  'promo.create': 'created',
  'promo.update': 'saved',
}

/** The record a History panel is about: the order or product of the page it is on. */
function usePageRecord(): { type: string; id: string } | null {
  const { orderId, productId } = useParams()
  if (orderId) return { type: 'order', id: orderId }
  if (productId) return { type: 'product', id: productId }
  return null
}

export function AuditTrail({ entries }: { entries: AuditEntryView[] }) {
  const record = usePageRecord()
  const support = useIsSupportStaff()
  if (entries.length === 0) return null
  return (
    <section aria-labelledby="audit-history" className="mt-6 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-4 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="audit-history" className="text-base font-semibold text-white">
          History
        </h2>
        {record && !support && (
          <Link to={auditTrailPath(record.type, record.id)} className="rounded-sm text-sm text-brand-300 hover:text-brand-200">
            Full history
          </Link>
        )}
      </div>
      <ol className="mt-3 divide-y divide-zinc-800 text-sm">
        {entries.map((entry, index) => (
          <li key={`${entry.at}-${entry.action}-${index}`} className="py-2.5">
            <p className="text-zinc-300">
              <time dateTime={entry.at}>{formatExactTime(entry.at)}</time> · {entry.actorEmail} · {ACTIONS[entry.action] ?? entry.action}
            </p>
            {entry.action !== 'product.create' && entry.action !== 'promo.create' && entry.changes.length > 0 && (
              <ul className="mt-1 text-xs break-all text-zinc-400">
                {entry.changes.map((change) => (
                  <li key={change.field}>
                    {change.field}: {change.before || '(empty)'} → {change.after || '(empty)'}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </section>
  )
}
