/** The hub's "Recent downloads": the producer's download log, newest first, ten more per "Load more". */
import { useDownloads, type DownloadsPage } from './api/get-downloads.ts'

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

export function RecentDownloads({ userId }: { userId: string }) {
  const downloads = useDownloads(userId)
  return (
    <section aria-labelledby="recent-downloads-heading" className="mt-12">
      <h2 id="recent-downloads-heading" className="text-xl font-bold tracking-tight text-white">
        Recent downloads
      </h2>
      {downloads.isPending && <p className="mt-4 text-sm text-zinc-400">Loading your downloads…</p>}
      {downloads.isError && (
        <div role="alert" className="mt-4 flex flex-wrap items-center gap-3 text-sm text-red-300">
          Failed to load downloads. Please try again.
          <button type="button" onClick={() => void downloads.refetch()} className="btn btn-secondary px-3 py-1.5">
            Retry
          </button>
        </div>
      )}
      {downloads.isSuccess && <DownloadLog pages={downloads.data.pages} />}
      {downloads.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <button type="button" onClick={() => void downloads.fetchNextPage()} disabled={downloads.isFetchingNextPage} className="btn btn-secondary">
            {downloads.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </button>
        </div>
      )}
    </section>
  )
}

function DownloadLog({ pages }: { pages: DownloadsPage[] }) {
  const entries = pages.flatMap((page) => page.data)
  if (entries.length === 0) return <p className="mt-4 text-sm text-zinc-400">You haven't downloaded anything yet.</p>
  return (
    <ul aria-label="Recent downloads" className="mt-4 divide-y divide-zinc-800 rounded-2xl border border-zinc-800 bg-zinc-900/40">
      {entries.map((entry) => (
        <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 px-4 py-3 text-sm">
          <span className="min-w-0 font-medium text-zinc-100">{entry.product.name}</span>
          <time dateTime={entry.createdAt} className="text-zinc-400 tabular-nums">
            {WHEN.format(new Date(entry.createdAt))}
          </time>
        </li>
      ))}
    </ul>
  )
}
