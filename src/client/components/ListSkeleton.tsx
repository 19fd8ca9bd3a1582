/** Pulsing placeholder rows the size of an order or purchase card, shown while a list loads. */
export function ListSkeleton({ rows = 3, label }: { rows?: number; label: string }) {
  return (
    <div role="status" className="mt-8 flex flex-col gap-4">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} data-testid="list-skeleton" aria-hidden="true" className="animate-pulse rounded-2xl border border-zinc-800 bg-zinc-900/60 p-5">
          <div className="flex justify-between gap-4">
            <div className="h-5 w-40 rounded bg-zinc-800" />
            <div className="h-5 w-20 rounded-full bg-zinc-800" />
          </div>
          <div className="mt-3 h-4 w-28 rounded bg-zinc-800" />
          <div className="mt-5 h-4 w-full rounded bg-zinc-800" />
          <div className="mt-2 h-4 w-2/3 rounded bg-zinc-800" />
        </div>
      ))}
    </div>
  )
}
