/** A pulsing placeholder the size of a product card, shown while products load. */
export function ProductCardSkeleton() {
  return (
    <div data-testid="product-skeleton" aria-hidden="true" className="animate-pulse overflow-hidden rounded-xl border border-zinc-800 bg-zinc-900/60">
      <div className="aspect-square bg-zinc-800/80" />
      <div className="flex flex-col gap-3 p-4">
        <div className="h-5 w-24 rounded-full bg-zinc-800" />
        <div className="h-5 w-3/4 rounded bg-zinc-800" />
        <div className="h-4 w-full rounded bg-zinc-800" />
        <div className="h-4 w-2/3 rounded bg-zinc-800" />
        <div className="mt-2 h-10 rounded-lg bg-zinc-800" />
      </div>
    </div>
  )
}
