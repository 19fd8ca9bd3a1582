/**
 * The file version a bought product downloads now, as buyers see it in the Download Hub and
 * their order history: "Version 2 · March 5, 2025", and the changelog line under it.
 */
import { fileVersionLabel, type LiveFileVersion } from '../../shared/contract/product-file-versions.ts'
import { formatDate } from '../../shared/dates.ts'

export function FileVersionNote({ version, className = '' }: { version: LiveFileVersion; className?: string }) {
  return (
    <div className={`text-xs leading-relaxed ${className}`}>
      <p className="text-zinc-300">
        <span className="font-medium text-zinc-100">{fileVersionLabel(version)}</span> ·{' '}
        <time dateTime={version.publishedAt}>{formatDate(version.publishedAt)}</time>
      </p>
      {version.changelog && <p className="mt-0.5 break-words text-zinc-400">{version.changelog}</p>}
    </div>
  )
}
