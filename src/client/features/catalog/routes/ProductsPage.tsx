/**
 * The products listing (/products, optional ?category=slug, a search ?q= and the discovery
 * filters): category filter buttons, the filter panel, then either one preview section per
 * category (All, nothing narrowing or ordering it) or the grid of the products the address asks for.
 */
import { useSearchParams } from 'react-router'
import { countFilters } from '../../../../shared/contract/catalog-filters.ts'
import { CATALOG_SECTION_SIZE } from '../../../../shared/contract/catalog-limits.ts'
import { useCategories } from '../api/get-categories.ts'
import { useProductPages, useProducts } from '../api/get-products.ts'
import { useCatalogSections } from '../api/get-sections.ts'
import { CategoryFilter } from '../CategoryFilter.tsx'
import { CategorySection } from '../CategorySection.tsx'
import { FilterableListing } from '../filters/FilterableListing.tsx'
import { listingQuery, showsGrid, STORE_FACETS_QUERY } from '../filters/listing-query.ts'
import { ListingResults } from '../filters/ListingResults.tsx'
import { useListingFilters } from '../filters/use-listing-filters.ts'
import { EmptyProducts, ProductGrid, ProductsError } from '../ProductGrid.tsx'
import { PageTitle } from '../../../components/PageTitle.tsx'

export default function ProductsPage() {
  const [searchParams, setSearchParams] = useSearchParams()
  const listing = useListingFilters()
  const activeSlug = searchParams.get('category') || null
  const categories = useCategories()
  const activeCategory = categories.data?.find((category) => category.slug === activeSlug)
  const grid = showsGrid(listing, activeSlug)
  const pages = useProductPages(listingQuery(activeSlug, listing), grid)
  // The All Products view lists no products of its own, but its filter panel needs the store's facets.
  const storeFacets = useProducts(STORE_FACETS_QUERY, !grid)
  const firstPage = grid ? pages.data?.pages[0] : storeFacets.data

  function selectCategory(slug: string | null) {
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params)
        if (slug) next.set('category', slug)
        else next.delete('category')
        return next
      },
      { preventScrollReset: true },
    )
  }

  const q = listing.filters.q
  const title = q ? `Results for "${q}"` : activeSlug ? (activeCategory?.name ?? 'Products') : 'All Products'
  return (
    <div className="container-page py-10 sm:py-12">
      <PageTitle>{title}</PageTitle>
      <header className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight [overflow-wrap:anywhere] text-white sm:text-4xl">{title}</h1>
        <p className="mt-3 text-zinc-400">
          {activeCategory?.description ?? 'Sample packs, MIDI packs, instruments, processors and tools, ready for your next session.'}
        </p>
      </header>
      <div className="mt-8">
        <CategoryFilter categories={categories.data ?? []} activeSlug={activeSlug} onSelect={selectCategory} />
      </div>
      <div className="mt-10">
        <FilterableListing listing={listing} facets={firstPage?.facets} total={firstPage?.total} showCount={grid}>
          {grid ? (
            <ListingResults
              pages={pages}
              emptyText={activeSlug ? `No products available in ${activeCategory?.name ?? activeSlug} category yet` : 'No products available at the moment'}
              search={q}
              onClearFilters={countFilters(listing.filters) > 0 ? listing.clearFilters : undefined}
            />
          ) : (
            <AllProducts />
          )}
        </FilterableListing>
      </div>
    </div>
  )
}

/** One preview section per category, all from one request; "No products available at the moment" when the store has none. */
function AllProducts() {
  const sections = useCatalogSections()
  if (sections.error) return <ProductsError error={sections.error} />
  if (sections.isPending) return <ProductGrid products={undefined} isLoading error={null} emptyText="" skeletonCount={CATALOG_SECTION_SIZE} />
  if (sections.data.every((section) => section.total === 0)) return <EmptyProducts text="No products available at the moment" />
  return (
    <div className="flex flex-col gap-14">
      {sections.data.map((section, index) => (
        <CategorySection key={section.category.id} category={section.category} products={section.products} leadsPage={index === 0} />
      ))}
    </div>
  )
}
