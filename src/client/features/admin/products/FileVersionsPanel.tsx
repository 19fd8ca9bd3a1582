/**
 * "File versions": every file the product has had, newest first, each with its number, file
 * name, size, sha256, who uploaded it and when, its changelog and whether buyers download it
 * (Live), have not got it yet (Draft) or had it before (Earlier). A draft can be published and an
 * earlier version restored, each after a confirmation that says who gets it.
 */
import { useId, useRef, useState } from 'react'
import { fileVersionLabel, type FileVersionView } from '../../../../shared/contract/product-file-versions.ts'
import { fileSizeMb } from '../../../../shared/product-view.ts'
import { useFileVersions } from './api/get-file-versions.ts'
import { PublishFileVersionDialog } from './PublishFileVersionDialog.tsx'

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

type VersionState = 'live' | 'draft' | 'earlier'

const STATE_BADGES: Record<VersionState, { label: string; tone: string }> = {
  live: { label: 'Live', tone: 'bg-emerald-950/70 text-emerald-300 ring-emerald-700/80' },
  draft: { label: 'Draft', tone: 'bg-amber-950/70 text-amber-300 ring-amber-700/80' },
  earlier: { label: 'Earlier', tone: 'bg-zinc-800 text-zinc-300 ring-zinc-600' },
}

function stateOf(version: FileVersionView): VersionState {
  if (version.live) return 'live'
  return version.publishedAt === null ? 'draft' : 'earlier'
}

export function FileVersionsPanel({ productId }: { productId: string }) {
  const headingId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const versions = useFileVersions(productId)
  const [confirming, setConfirming] = useState<FileVersionView | null>(null)

  if (versions.isPending) return <p className="mt-5 text-xs text-zinc-400">Loading the file versions…</p>
  if (versions.isError) {
    return (
      <div role="alert" className="mt-5 flex flex-wrap items-center gap-3 rounded-xl border border-red-900/70 bg-red-950/30 p-4 text-sm text-red-200">
        <p className="flex-1">{versions.error.message}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void versions.refetch()}>
          Try again
        </button>
      </div>
    )
  }
  const { versions: list, liveVersion, buyersWithAccess } = versions.data
  if (list.length === 0) return null

  return (
    <section aria-labelledby={headingId} className="mt-5 rounded-xl border border-zinc-800 bg-zinc-950/40 p-4">
      <h2 id={headingId} ref={heading} tabIndex={-1} className="text-sm font-semibold text-white outline-none">
        File versions
      </h2>
      <p className="mt-1 text-xs text-zinc-400">
        {liveVersion === null ? 'No version is live yet.' : `Buyers download version ${liveVersion}.`} A new file is kept as a draft until you publish it.
      </p>
      <ol className="mt-3 divide-y divide-zinc-800">
        {list.map((version) => (
          <VersionRow
            key={version.number}
            version={version}
            onPublish={() => {
              setConfirming(version)
              // Buyers may have bought since the list loaded: the confirmation counts them afresh.
              void versions.refetch()
            }}
          />
        ))}
      </ol>
      {confirming && (
        <PublishFileVersionDialog
          productId={productId}
          version={confirming}
          buyersWithAccess={buyersWithAccess}
          onClose={() => setConfirming(null)}
          // Focus goes back to the list, where the new live version is shown.
          onPublished={() => requestAnimationFrame(() => heading.current?.focus())}
        />
      )}
    </section>
  )
}

function VersionRow({ version, onPublish }: { version: FileVersionView; onPublish: () => void }) {
  const labelId = useId()
  const state = stateOf(version)
  const badge = STATE_BADGES[state]
  const label = fileVersionLabel(version)
  return (
    <li aria-labelledby={labelId} className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span id={labelId} className="text-sm font-semibold text-white">
            {label}
          </span>
          <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${badge.tone}`}>{badge.label}</span>
        </p>
        <p className="text-sm break-all text-zinc-200">
          <span>{version.fileName}</span> <span className="whitespace-nowrap text-zinc-400">· {fileSizeMb(version.size)} MB</span>
        </p>
        {version.sha256 && (
          <p className="font-mono text-xs text-zinc-400" title={version.sha256}>
            sha256 {version.sha256.slice(0, 16)}…
          </p>
        )}
        <p className="text-xs text-zinc-400">
          Uploaded by <span className="break-all text-zinc-300">{version.uploadedBy}</span> on{' '}
          <time dateTime={version.uploadedAt}>{WHEN.format(new Date(version.uploadedAt))}</time>
        </p>
        {version.changelog ? <p className="text-sm text-zinc-300">{version.changelog}</p> : <p className="text-xs text-zinc-400 italic">No changelog</p>}
      </div>
      {state !== 'live' && (
        <button
          type="button"
          className="btn btn-secondary shrink-0 self-start px-3 py-1.5 text-xs"
          aria-label={`${state === 'draft' ? 'Publish' : 'Restore'} ${label.toLowerCase()}`}
          onClick={onPublish}
        >
          {state === 'draft' ? 'Publish' : 'Restore'}
        </button>
      )}
    </li>
  )
}
