/** The product page's loading placeholder: gallery and summary blocks that pulse. */
export function ProductDetailSkeleton() {
  return (
    <div data-testid="product-detail-skeleton" role="status" aria-label="Loading product" className="container-page animate-pulse py-10">
      <div className="h-4 w-56 rounded bg-zinc-800" />
      <div className="mt-8 grid gap-10 lg:grid-cols-2">
        <div className="aspect-square rounded-2xl bg-zinc-800/80" />
        <div className="flex flex-col gap-4">
          <div className="h-6 w-28 rounded-full bg-zinc-800" />
          <div className="h-10 w-4/5 rounded bg-zinc-800" />
          <div className="h-4 w-full rounded bg-zinc-800" />
          <div className="h-4 w-11/12 rounded bg-zinc-800" />
          <div className="h-4 w-2/3 rounded bg-zinc-800" />
          <div className="mt-4 h-9 w-40 rounded bg-zinc-800" />
          <div className="mt-4 h-12 w-full rounded-lg bg-zinc-800" />
        </div>
      </div>
    </div>
  )
}
