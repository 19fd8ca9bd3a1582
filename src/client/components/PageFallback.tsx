/** A lightweight spinner shown while a lazily loaded page arrives. */
export function PageFallback() {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center">
      <span className="size-9 animate-spin rounded-full border-3 border-zinc-700 border-t-brand-400" aria-hidden="true" />
      <span className="sr-only">Loading…</span>
    </div>
  )
}
