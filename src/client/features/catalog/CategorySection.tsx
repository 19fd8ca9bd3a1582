/** One category's preview on the All Products view: its name, its newest products and a View All link. */
import { Link } from 'react-router'
import type { Category, ProductListItem } from '../../../shared/contract/catalog.ts'
import { CATALOG_SECTION_SIZE } from '../../../shared/contract/catalog-limits.ts'
import { ProductGrid } from './ProductGrid.tsx'

export function CategorySection({ category, products, leadsPage = false }: { category: Category; products: ProductListItem[]; leadsPage?: boolean }) {
  const headingId = `category-${category.slug}`
  return (
    <section aria-labelledby={headingId} className="scroll-mt-24">
      <div className="mb-5 flex items-end justify-between gap-4">
        <div className="min-w-0">
          <h2 id={headingId} className="text-2xl font-bold tracking-tight text-white">
            {category.name}
          </h2>
          {category.description && <p className="mt-1 line-clamp-2 text-sm text-zinc-400">{category.description}</p>}
        </div>
        <Link
          to={`/products?category=${encodeURIComponent(category.slug)}`}
          aria-label={`View all ${category.name}`}
          className="shrink-0 rounded-sm text-sm font-semibold text-brand-300 hover:text-brand-200"
        >
          View All →
        </Link>
      </div>
      <ProductGrid
        products={products}
        isLoading={false}
        error={null}
        emptyText={`No products available in ${category.name} category yet`}
        skeletonCount={CATALOG_SECTION_SIZE}
        leadsPage={leadsPage}
      />
    </section>
  )
}
