/**
 * /admin/subscribers: the store's list. Subscribers (coming-soon and newsletter signups, and
 * free product requests that ticked "Also send me news"), with where they signed up, the
 * sentence they agreed to and whether they unsubscribed; and the free product requests, with
 * whether the address was confirmed. Each list searches by email and exports as CSV.
 */
import { useState } from 'react'
import { SUBSCRIBERS_PAGE_SIZE } from '../../../../../shared/contract/subscribers.ts'
import { ListSkeleton } from '../../../../components/ListSkeleton.tsx'
import { INPUT_CLASS } from '../../../../components/TextField.tsx'
import { AdminLoadFailed } from '../../shell/AdminLayout.tsx'
import { AdminPager } from '../../shell/AdminPager.tsx'
import { freeProductClaimsCsvUrl, subscribersCsvUrl, useFreeProductClaims, useSubscribers } from '../api/subscribers.ts'
import { FreeProductClaimsTable, SubscribersTable } from '../SubscriberTables.tsx'

export default function AdminSubscribersPage() {
  const [search, setSearch] = useState('')
  const [subscribersOffset, setSubscribersOffset] = useState(0)
  const [claimsOffset, setClaimsOffset] = useState(0)
  const term = search.trim()
  const subscribers = useSubscribers(term, subscribersOffset)
  const claims = useFreeProductClaims(term, claimsOffset)
  return (
    <>
      <title>Subscribers | Owner console | Audio Lab Store</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl">
          <h1 className="text-2xl font-bold tracking-tight text-white">Subscribers</h1>
          <p className="mt-2 text-sm text-zinc-400">Who asked for news and who asked for a free product, with the consent each gave and when.</p>
        </div>
        <label className="w-full sm:w-72">
          <span className="mb-1.5 block text-sm font-medium text-zinc-200">Search by email</span>
          <input
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value)
              setSubscribersOffset(0)
              setClaimsOffset(0)
            }}
            placeholder="name@example.com"
            className={INPUT_CLASS}
          />
        </label>
      </div>

      <section aria-labelledby="subscribers-heading" className="mt-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="subscribers-heading" className="text-lg font-semibold text-white">
            News subscribers
          </h2>
          <a href={subscribersCsvUrl(term)} download className="btn btn-secondary">
            Export CSV
          </a>
        </div>
        {subscribers.isPending ? (
          <ListSkeleton label="Loading subscribers…" />
        ) : subscribers.isError ? (
          <div className="mt-4">
            <AdminLoadFailed error={subscribers.error} onRetry={() => void subscribers.refetch()} />
          </div>
        ) : subscribers.data.data.length === 0 ? (
          <p className="mt-4 text-zinc-400">{term ? 'No subscriber matches this search.' : 'No one has subscribed yet.'}</p>
        ) : (
          <>
            <SubscribersTable subscribers={subscribers.data.data} />
            <AdminPager
              offset={subscribersOffset}
              shown={subscribers.data.data.length}
              total={subscribers.data.total}
              pageSize={SUBSCRIBERS_PAGE_SIZE}
              onOffset={setSubscribersOffset}
            />
          </>
        )}
      </section>

      <section aria-labelledby="free-requests-heading" className="mt-12">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="free-requests-heading" className="text-lg font-semibold text-white">
            Free product requests
          </h2>
          <a href={freeProductClaimsCsvUrl(term)} download className="btn btn-secondary">
            Export CSV
          </a>
        </div>
        {claims.isPending ? (
          <ListSkeleton label="Loading free product requests…" />
        ) : claims.isError ? (
          <div className="mt-4">
            <AdminLoadFailed error={claims.error} onRetry={() => void claims.refetch()} />
          </div>
        ) : claims.data.data.length === 0 ? (
          <p className="mt-4 text-zinc-400">{term ? 'No free product request matches this search.' : 'No one has asked for a free product yet.'}</p>
        ) : (
          <>
            <FreeProductClaimsTable claims={claims.data.data} />
            <AdminPager
              offset={claimsOffset}
              shown={claims.data.data.length}
              total={claims.data.total}
              pageSize={SUBSCRIBERS_PAGE_SIZE}
              onOffset={setClaimsOffset}
            />
          </>
        )}
      </section>
    </>
  )
}
