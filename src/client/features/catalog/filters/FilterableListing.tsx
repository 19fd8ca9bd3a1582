/**
 * A product listing with its filters: the filter panel as a sidebar left of the list on wide
 * screens, and on phones a "Filters" button (with how many are on) opening it as a sheet; above
 * the list its count, the sort control and the active filters as chips.
 */
import { useState, type ReactNode } from 'react'
import { countFilters, type CatalogFacets } from '../../../../shared/contract/catalog-filters.ts'
import { SlidersIcon } from '../../../components/Icons.tsx'
import { ActiveFilterChips } from './ActiveFilterChips.tsx'
import { FilterPanel } from './FilterPanel.tsx'
import { FilterSheet } from './FilterSheet.tsx'
import { SortSelect } from './SortSelect.tsx'
import type { ListingFilters } from './use-listing-filters.ts'

interface FilterableListingProps {
  listing: ListingFilters
  /** The list's facets; undefined while they load (the last ones known stay meanwhile). */
  facets: CatalogFacets | undefined
  /** Products the list holds; shown as "N products" when `showCount`. */
  total: number | undefined
  showCount: boolean
  children: ReactNode
}

export function FilterableListing({ listing, facets, total, showCount, children }: FilterableListingProps) {
  const [sheetOpen, setSheetOpen] = useState(false)
  const shownFacets = useLastKnown(facets)
  const activeCount = countFilters(listing.filters)
  const panel = <FilterPanel filters={listing.filters} facets={shownFacets} onChange={listing.change} />

  return (
    <div className="md:grid md:grid-cols-[13.5rem_minmax(0,1fr)] md:gap-8 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
      <aside aria-labelledby="filters-heading" className="hidden md:block">
        <h2 id="filters-heading" className="mb-5 flex items-center gap-2 text-lg font-bold tracking-tight text-white">
          <SlidersIcon className="size-4 text-brand-300" />
          Filters
        </h2>
        {panel}
      </aside>
      <div className="min-w-0">
        {/* On a phone: Filters and Sort side by side, the count below them; wider, the count first. */}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
          <button
            type="button"
            onClick={() => setSheetOpen(true)}
            aria-haspopup="dialog"
            className="inline-flex items-center gap-2 rounded-lg border border-zinc-700 bg-zinc-900 px-3.5 py-2 text-sm font-medium text-zinc-100 hover:border-zinc-500 md:hidden"
          >
            <SlidersIcon className="size-4" />
            Filters
            {activeCount > 0 && (
              <span className="min-w-5 rounded-full bg-brand-600 px-1.5 text-center text-xs leading-5 font-semibold text-white tabular-nums">
                {activeCount}
                <span className="sr-only"> active</span>
              </span>
            )}
          </button>
          {showCount && (
            <p role="status" className="order-last w-full text-sm text-zinc-400 tabular-nums sm:order-none sm:w-auto">
              {total === undefined ? '' : `${total} ${total === 1 ? 'product' : 'products'}`}
            </p>
          )}
          <div className="ml-auto">
            <SortSelect sort={listing.sort} hasSearch={Boolean(listing.filters.q)} onChange={listing.setSort} />
          </div>
        </div>
        <div className="mt-4 empty:hidden">
          <ActiveFilterChips filters={listing.filters} onChange={listing.change} onClearAll={listing.clearFilters} />
        </div>
        <div className="mt-6">{children}</div>
      </div>
      {sheetOpen && (
        <FilterSheet onClose={() => setSheetOpen(false)} total={total} onClearAll={activeCount > 0 ? listing.clearFilters : undefined}>
          {panel}
        </FilterSheet>
      )}
    </div>
  )
}

/** The value, or while it is undefined (the next list loading) the last one it had. */
function useLastKnown<T>(value: T | undefined): T | undefined {
  const [known, setKnown] = useState(value)
  if (value !== undefined && value !== known) setKnown(value)
  return value ?? known
}
