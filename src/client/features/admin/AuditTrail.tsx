/** "History": what admins did to a product or an order, newest first: when, who, what, and each field's before → after. */
import type { AuditEntryView } from '../../../shared/contract/admin-products.ts'
import { formatDate } from '../../../shared/dates.ts'

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

export function AuditTrail({ entries }: { entries: AuditEntryView[] }) {
  if (entries.length === 0) return null
  return (
    <section aria-labelledby="audit-history" className="mt-6 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-4 sm:p-6">
      <h2 id="audit-history" className="text-base font-semibold text-white">
        History
      </h2>
      <ol className="mt-3 divide-y divide-zinc-800 text-sm">
        {entries.map((entry, index) => (
          <li key={`${entry.at}-${entry.action}-${index}`} className="py-2.5">
            <p className="text-zinc-300">
              <time dateTime={entry.at}>{formatDate(entry.at)}</time> · {entry.actorEmail} · {ACTIONS[entry.action] ?? entry.action}
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
