/**
 * A listing's products as a grid, a page at a time with "Load more" at the end. While other
 * filters load, the previous products stay, dimmed. An empty filtered list says "No products
 * match these filters" and offers to clear them; an unfiltered one shows the listing's own text.
 */
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query'
import type { ProductList } from '../../../../shared/contract/catalog.ts'
import { EmptyProducts, ProductGrid } from '../ProductGrid.tsx'

interface ListingResultsProps {
  pages: UseInfiniteQueryResult<InfiniteData<ProductList>>
  /** Shown when nothing narrows the list and it is empty. */
  emptyText: string
  /** The search, shown when it alone finds nothing. */
  search: string | undefined
  /** Clears the filters; undefined when there are none (only a search, or nothing). */
  onClearFilters: (() => void) | undefined
}

export function ListingResults({ pages, emptyText, search, onClearFilters }: ListingResultsProps) {
  const products = pages.data?.pages.flatMap((page) => page.data)
  if (!pages.error && products?.length === 0 && !pages.isPlaceholderData) {
    if (onClearFilters) return <NoMatches onClearFilters={onClearFilters} />
    return <EmptyProducts text={search ? `No products match “${search}”` : emptyText} />
  }
  return (
    <div aria-busy={pages.isPlaceholderData || undefined} className={`transition-opacity ${pages.isPlaceholderData ? 'opacity-50' : ''}`}>
      <ProductGrid products={products} isLoading={pages.isPending} error={pages.error} emptyText={emptyText} columns={3} leadsPage />
      {pages.hasNextPage && !pages.isPlaceholderData && (
        <div className="mt-10 flex justify-center">
          <button type="button" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage} className="btn btn-secondary min-w-40">
            {pages.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </button>
        </div>
      )}
    </div>
  )
}

function NoMatches({ onClearFilters }: { onClearFilters: () => void }) {
  return (
    <div className="rounded-xl border border-dashed border-zinc-800 px-6 py-14 text-center">
      <p className="text-zinc-300">No products match these filters</p>
      <button type="button" onClick={onClearFilters} className="btn btn-secondary mt-5">
        Clear filters
      </button>
    </div>
  )
}
