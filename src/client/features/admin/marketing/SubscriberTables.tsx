/** The owner's tables of the store's list: subscribers, and free product requests. */
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { formatDate } from '../../../../shared/dates.ts'
import { SIGNUP_SOURCE_LABELS, type FreeProductClaim, type Subscriber } from '../../../../shared/contract/subscribers.ts'

const TD = 'px-4 py-3'

function Dated({ at }: { at: string }) {
  return <time dateTime={at}>{formatDate(at)}</time>
}

/** One of the list's tables: its caption for screen readers, its column headings, its rows. */
function ListTable({ caption, columns, children }: { caption: string; columns: string[]; children: ReactNode }) {
  return (
    <div className="relative mt-4 overflow-x-auto rounded-2xl border border-zinc-800">
      <table className="w-full min-w-[48rem] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-zinc-900/80 text-left text-xs text-zinc-400">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800 bg-zinc-950/40">{children}</tbody>
      </table>
    </div>
  )
}

export function SubscribersTable({ subscribers }: { subscribers: Subscriber[] }) {
  return (
    <ListTable caption="Subscribers" columns={['Email', 'Source', 'Consent', 'Subscribed', 'Unsubscribed']}>
      {subscribers.map((subscriber) => (
        <tr key={subscriber.email}>
          <td className={`${TD} break-all text-zinc-100`}>{subscriber.email}</td>
          <td className={`${TD} text-zinc-300`}>
            {SIGNUP_SOURCE_LABELS[subscriber.source]}
            <span className="block text-xs text-zinc-400">{subscriber.subscriptionType === 'newsletter' ? 'Newsletter' : 'Launch news'}</span>
          </td>
          <td className={`${TD} max-w-xs text-zinc-400`}>{subscriber.consentText ?? '—'}</td>
          <td className={`${TD} whitespace-nowrap text-zinc-300`}>
            <Dated at={subscriber.subscribedAt} />
          </td>
          <td className={`${TD} whitespace-nowrap text-zinc-300`}>{subscriber.unsubscribedAt ? <Dated at={subscriber.unsubscribedAt} /> : 'No'}</td>
        </tr>
      ))}
    </ListTable>
  )
}

export function FreeProductClaimsTable({ claims }: { claims: FreeProductClaim[] }) {
  return (
    <ListTable caption="Free product requests" columns={['Email', 'Product', 'Requested', 'Confirmed', 'News']}>
      {claims.map((claim) => (
        <tr key={`${claim.email}:${claim.requestedAt}:${claim.productId}`}>
          <td className={`${TD} break-all text-zinc-100`}>{claim.email}</td>
          <td className={TD}>
            <Link to={`/admin/products/${claim.productId}`} className="text-brand-300 hover:text-brand-200">
              {claim.productName}
            </Link>
          </td>
          <td className={`${TD} whitespace-nowrap text-zinc-300`}>
            <Dated at={claim.requestedAt} />
          </td>
          <td className={`${TD} whitespace-nowrap text-zinc-300`}>{claim.confirmedAt ? <Dated at={claim.confirmedAt} /> : 'Not yet'}</td>
          <td className={`${TD} text-zinc-300`}>{claim.newsConsent ? 'Yes' : 'No'}</td>
        </tr>
      ))}
    </ListTable>
  )
}
