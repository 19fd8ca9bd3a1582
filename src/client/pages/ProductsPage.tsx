/**
 * The products listing (/products, optional ?category=slug): category filter buttons, then
 * either one preview section per category (All) or the grid of one category's products.
 */
import { useSearchParams } from 'react-router'
import { CATALOG_SECTION_SIZE } from '../../shared/contract/catalog-limits.ts'
import { useCategories } from '../features/catalog/api/get-categories.ts'
import { useProducts } from '../features/catalog/api/get-products.ts'
import { CATEGORY_PAGE_SIZE } from '../features/catalog/page-sizes.ts'
import { useCatalogSections } from '../features/catalog/api/get-sections.ts'
import { CategoryFilter } from '../features/catalog/CategoryFilter.tsx'
import { CategorySection } from '../features/catalog/CategorySection.tsx'
import { EmptyProducts, ProductGrid, ProductsError } from '../features/catalog/ProductGrid.tsx'


export default function ProductsPage() {
  const [searchParams, setSearchParams] = useSearchParams()
  const activeSlug = searchParams.get('category') || null
  const categories = useCategories()
  const activeCategory = categories.data?.find((category) => category.slug === activeSlug)

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

  const title = activeSlug ? (activeCategory?.name ?? 'Products') : 'All Products'
  return (
    <div className="container-page py-10 sm:py-12">
      <title>{`${title} | Audio Lab Store`}</title>
      <header className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">{title}</h1>
        <p className="mt-3 text-zinc-400">
          {activeCategory?.description ?? 'Sample packs, MIDI packs, instruments, processors and tools, ready for your next session.'}
        </p>
      </header>
      <div className="mt-8">
        <CategoryFilter categories={categories.data ?? []} activeSlug={activeSlug} onSelect={selectCategory} />
      </div>
      <div className="mt-10">
        {activeSlug ? (
          <CategoryProducts slug={activeSlug} categoryName={activeCategory?.name ?? activeSlug} />
        ) : (
          <AllProducts />
        )}
      </div>
    </div>
  )
}

function CategoryProducts({ slug, categoryName }: { slug: string; categoryName: string }) {
  const products = useProducts({ category: slug, limit: CATEGORY_PAGE_SIZE })
  return (
    <ProductGrid
      products={products.data?.data}
      isLoading={products.isPending}
      error={products.error}
      emptyText={`No products available in ${categoryName} category yet`}
      columns={4}
      leadsPage
    />
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
