/**
 * A category page (/:categorySlug): breadcrumbs, the category's name and description, and its
 * products with the discovery filters (kept in the address, as on /products). An unknown slug
 * shows the not-found page (live) or the coming-soon page, which is the content feature's: the
 * page's route (app/routes/CategoryPage.tsx) hands it in.
 */
import type { ReactNode } from 'react'
import { useParams } from 'react-router'
import { countFilters } from '../../../../shared/contract/catalog-filters.ts'
import { ApiError } from '../../../api/http.ts'
import { Breadcrumbs } from '../../../components/Breadcrumbs.tsx'
import { NotFound } from '../../../components/NotFound.tsx'
import { PageTitle } from '../../../components/PageTitle.tsx'
import { storeConfig } from '../../../store-config.ts'
import { useCategory } from '../api/get-category.ts'
import { useProductPages } from '../api/get-products.ts'
import { FilterableListing } from '../filters/FilterableListing.tsx'
import { listingQuery } from '../filters/listing-query.ts'
import { ListingResults } from '../filters/ListingResults.tsx'
import { useListingFilters } from '../filters/use-listing-filters.ts'
import { ProductsError } from '../ProductGrid.tsx'

interface CategoryPageProps {
  /** The coming-soon landing, shown for an unknown slug before the store opens. */
  comingSoon: ReactNode
}

export default function CategoryPage({ comingSoon }: CategoryPageProps) {
  const { categorySlug = '' } = useParams()
  const category = useCategory(categorySlug)
  const listing = useListingFilters()
  const pages = useProductPages(listingQuery(categorySlug, listing))

  if (category.error instanceof ApiError && category.error.status === 404) {
    return storeConfig.storeMode === 'live' ? <NotFound /> : comingSoon
  }

  const name = category.data?.name
  const firstPage = pages.data?.pages[0]
  return (
    <div className="container-page py-8 sm:py-10">
      {name && <PageTitle>{name}</PageTitle>}
      <Breadcrumbs />
      <header className="mt-6 max-w-2xl">
        {category.isPending ? (
          <div className="animate-pulse" aria-hidden="true">
            <div className="h-10 w-64 rounded bg-zinc-800" />
            <div className="mt-4 h-4 w-96 max-w-full rounded bg-zinc-800" />
          </div>
        ) : (
          <>
            <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">{name ?? 'Products'}</h1>
            {category.data?.description && <p className="mt-3 text-zinc-400">{category.data.description}</p>}
          </>
        )}
      </header>
      <div className="mt-10">
        {category.error ? (
          <ProductsError error={category.error} />
        ) : (
          <FilterableListing listing={listing} facets={firstPage?.facets} total={firstPage?.total} showCount>
            <ListingResults
              pages={pages}
              emptyText={`No products available in ${name ?? categorySlug} category yet`}
              search={listing.filters.q}
              onClearFilters={countFilters(listing.filters) > 0 ? listing.clearFilters : undefined}
            />
          </FilterableListing>
        )}
      </div>
    </div>
  )
}
