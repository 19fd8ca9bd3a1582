/**
 * What a product listing shows for its address: the filters, the sort, whether it is a grid at
 * all (the All Products view keeps its sections until something narrows or orders it), and the
 * query its grid runs. The pages and the server's renderer both read an address here, so the
 * browser hydrates from exactly the answer the server fetched.
 */
import type { ProductListQuery } from '../../../../shared/contract/catalog.ts'
import {
  filtersFromSearchParams,
  hasFilters,
  LISTING_SORT_PARAM,
  listingSortOf,
  type CatalogFilters,
  type ListingSort,
} from '../../../../shared/contract/catalog-filters.ts'
import { LISTING_PAGE_SIZE } from '../page-sizes.ts'

export interface ListingView {
  filters: CatalogFilters
  sort: ListingSort
  /** Any filter or a search narrows the list. */
  narrowed: boolean
  /** The address names a sort of its own. */
  sorted: boolean
}

export function readListing(search: URLSearchParams): ListingView {
  const filters = filtersFromSearchParams(search)
  const sortId = search.get(LISTING_SORT_PARAM)
  return { filters, sort: listingSortOf(sortId, Boolean(filters.q)), narrowed: hasFilters(filters), sorted: sortId !== null }
}

/** True when /products shows a grid rather than the All Products sections: a category, a filter, a search or a sort. */
export function showsGrid(view: ListingView, category: string | null | undefined): boolean {
  return Boolean(category) || view.narrowed || view.sorted
}

/** The query of a listing's grid: its category, filters and sort, a page at a time, with the panel's facets. */
export function listingQuery(category: string | null | undefined, view: ListingView): ProductListQuery {
  return {
    ...view.filters,
    ...(category ? { category } : {}),
    sortBy: view.sort.sortBy,
    sortOrder: view.sort.sortOrder,
    limit: LISTING_PAGE_SIZE,
    facets: true,
  }
}

/** The All Products view's filter panel: the whole store's facets and count, without its products (the sections show those). */
export const STORE_FACETS_QUERY: ProductListQuery = { facets: true, limit: 1 }
