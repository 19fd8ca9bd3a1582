/** A grid of product cards with its loading placeholders, empty text and error state. */
import type { Product } from '../../shared/contract/catalog.ts'
import { ProductCard, type ProductCardVariant } from './ProductCard.tsx'
import { ProductCardSkeleton } from './ProductCardSkeleton.tsx'

/** Placeholders shown while a list loads (spec §9). */
export const LOADING_PLACEHOLDERS = 6

interface ProductGridProps {
  products: Product[] | undefined
  isLoading: boolean
  error: Error | null
  /** Shown when the list loaded and is empty. */
  emptyText: string
  variant?: ProductCardVariant
  skeletonCount?: number
}

export const GRID_CLASS = 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6'

export function ProductGrid({ products, isLoading, error, emptyText, variant = 'default', skeletonCount = LOADING_PLACEHOLDERS }: ProductGridProps) {
  if (error) return <ProductsError error={error} />
  if (isLoading || !products) {
    return (
      <div className={GRID_CLASS} role="status" aria-label="Loading products">
        {Array.from({ length: skeletonCount }, (_, index) => (
          <ProductCardSkeleton key={index} />
        ))}
      </div>
    )
  }
  if (products.length === 0) return <EmptyProducts text={emptyText} />
  return (
    <ul className={GRID_CLASS}>
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} variant={variant} />
        </li>
      ))}
    </ul>
  )
}

/** "Failed to load products" with the error's own text. */
export function ProductsError({ error }: { error: Error }) {
  return (
    <div role="alert" className="rounded-xl border border-rose-900/70 bg-rose-950/30 px-6 py-10 text-center">
      <p className="text-lg font-semibold text-rose-200">Failed to load products</p>
      <p className="mt-2 text-sm text-rose-200/80">{error.message}</p>
    </div>
  )
}

export function EmptyProducts({ text }: { text: string }) {
  return (
    <div className="rounded-xl border border-dashed border-zinc-800 px-6 py-14 text-center">
      <p className="text-zinc-300">{text}</p>
    </div>
  )
}
