/** One category's preview on the All Products view: its name, three products and a View All link. */
import { Link } from 'react-router'
import type { Category } from '../../../shared/contract/catalog.ts'
import { useProducts } from './api/get-products.ts'
import { ProductGrid } from './ProductGrid.tsx'

/** Products shown per category on the All Products view. */
export const CATEGORY_PREVIEW_SIZE = 3

export function CategorySection({ category }: { category: Category }) {
  const products = useProducts({ category: category.slug, limit: CATEGORY_PREVIEW_SIZE })
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
        products={products.data?.data}
        isLoading={products.isPending}
        error={products.error}
        emptyText={`No products available in ${category.name} category yet`}
        skeletonCount={CATEGORY_PREVIEW_SIZE}
      />
    </section>
  )
}
