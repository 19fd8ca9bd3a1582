/**
 * The listing's filters and sort, read from and written to the address, so a filtered list can be
 * shared, reloaded, and stepped back through with the browser's Back button (each change is one
 * history entry). The page's category (its path or `?category=`) is left as it is.
 */
import { useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import {
  defaultListingSort,
  filtersFromSearchParams,
  LISTING_SORT_PARAM,
  writeFiltersToSearchParams,
  type CatalogFilters,
} from '../../../../shared/contract/catalog-filters.ts'
import { readListing, type ListingView } from './listing-query.ts'

/** Changes some filters; a field set to undefined is removed. */
export type ChangeFilters = (patch: Partial<CatalogFilters>) => void

export interface ListingFilters extends ListingView {
  change: ChangeFilters
  setSort: (id: string) => void
  /** Removes every filter; the search, the category and the sort stay. */
  clearFilters: () => void
}

export function useListingFilters(): ListingFilters {
  const [searchParams, setSearchParams] = useSearchParams()
  // A change shows at once, while the router moves to its address in a transition: a ticked box
  // stays ticked meanwhile, and a second change builds on the first.
  const [pending, setPending] = useState<{ from: string; to: URLSearchParams } | null>(null)
  const address = searchParams.toString()
  if (pending && pending.from !== address) setPending(null)
  const shown = pending && pending.from === address ? pending.to : searchParams
  const view = useMemo(() => readListing(shown), [shown])

  function navigate(next: URLSearchParams) {
    // The same address again would only add a history entry that Back seems to ignore.
    if (next.toString() === shown.toString()) return
    setPending({ from: address, to: next })
    setSearchParams(next, { preventScrollReset: true })
  }

  return {
    ...view,
    change: (patch) => navigate(writeFiltersToSearchParams(shown, { ...filtersFromSearchParams(shown), ...patch })),
    setSort: (id) => {
      const next = new URLSearchParams(shown)
      // The default order needs no parameter, so one list keeps one address.
      if (id === defaultListingSort(Boolean(view.filters.q)).id) next.delete(LISTING_SORT_PARAM)
      else next.set(LISTING_SORT_PARAM, id)
      navigate(next)
    },
    clearFilters: () => navigate(writeFiltersToSearchParams(shown, view.filters.q ? { q: view.filters.q } : {})),
  }
}
