/**
 * A category page (/:categorySlug): breadcrumbs, the category's name and description, and its
 * products. An unknown slug shows the not-found page (live) or the coming-soon page.
 */
import { useParams } from 'react-router'
import { ApiError } from '../api/http.ts'
import { Breadcrumbs } from '../components/Breadcrumbs.tsx'
import { NotFound } from '../components/NotFound.tsx'
import { useCategory } from '../features/catalog/api/get-category.ts'
import { useProducts } from '../features/catalog/api/get-products.ts'
import { CATEGORY_PAGE_SIZE } from '../features/catalog/page-sizes.ts'
import { ProductGrid } from '../features/catalog/ProductGrid.tsx'
import { ComingSoon } from '../features/content/ComingSoon.tsx'
import { storeConfig } from '../store-config.ts'

/** Products listed on a category page. */

export default function CategoryPage() {
  const { categorySlug = '' } = useParams()
  const category = useCategory(categorySlug)
  const products = useProducts({ category: categorySlug, limit: CATEGORY_PAGE_SIZE })

  if (category.error instanceof ApiError && category.error.status === 404) {
    return storeConfig.storeMode === 'live' ? <NotFound /> : <ComingSoon />
  }

  const name = category.data?.name
  return (
    <div className="container-page py-8 sm:py-10">
      {name && <title>{`${name} | Audio Lab Store`}</title>}
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
        <ProductGrid
          products={products.data?.data}
          isLoading={products.isPending || category.isPending}
          error={category.isPending ? null : (category.error ?? products.error)}
          emptyText={`No products available in ${name ?? categorySlug} category yet`}
          columns={4}
          leadsPage
        />
      </div>
    </div>
  )
}
