/**
 * Said above a list of bought items when their licence keys could not be read: without it the
 * cards would read as items with no key. The downloads below stay usable; Try again reads the
 * keys once more.
 */
export function LicenceKeysLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="mt-6 flex flex-wrap items-center gap-3 rounded-xl border border-red-900/70 bg-red-950/30 px-4 py-3 text-sm text-red-200">
      <p className="flex-1">Your licence keys could not be loaded.</p>
      <button type="button" className="btn btn-secondary px-3 py-1.5 text-xs" onClick={onRetry}>
        Try again
      </button>
    </div>
  )
}
