/** A grid of product cards with its loading placeholders, empty text and error state. */
import type { ProductListItem } from '../../../shared/contract/catalog.ts'
import { ERROR_MESSAGES } from '../../../shared/contract/error-messages.ts'
import { shopperErrorText } from '../../api/error-text.ts'
import { PHONE_CARD_SIZES, ProductCard, type ProductCardVariant } from './ProductCard.tsx'
import { ProductCardSkeleton } from './ProductCardSkeleton.tsx'

/** Placeholders shown while a list loads. */
export const LOADING_PLACEHOLDERS = 6

interface ProductGridProps {
  products: ProductListItem[] | undefined
  isLoading: boolean
  error: Error | null
  /** Shown when the list loaded and is empty. */
  emptyText: string
  variant?: ProductCardVariant
  skeletonCount?: number
  /** Columns on wide screens: 3 for short previews, 4 for full category listings. */
  columns?: 3 | 4
  /** The grid opens the page: its first image loads first. */
  leadsPage?: boolean
}

const LAYOUTS = {
  3: {
    grid: 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6',
    sizes: `(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, ${PHONE_CARD_SIZES}`,
  },
  4: {
    grid: 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6 xl:grid-cols-4',
    sizes: `(min-width: 1280px) 300px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, ${PHONE_CARD_SIZES}`,
  },
} as const

export function ProductGrid({
  products,
  isLoading,
  error,
  emptyText,
  variant = 'default',
  skeletonCount = LOADING_PLACEHOLDERS,
  columns = 3,
  leadsPage = false,
}: ProductGridProps) {
  const layout = LAYOUTS[columns]
  if (error) return <ProductsError error={error} />
  if (isLoading || !products) {
    return (
      <div className={layout.grid} role="status" aria-label="Loading products">
        {Array.from({ length: skeletonCount }, (_, index) => (
          <ProductCardSkeleton key={index} />
        ))}
      </div>
    )
  }
  if (products.length === 0) return <EmptyProducts text={emptyText} />
  return (
    <ul className={layout.grid}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} variant={variant} sizes={layout.sizes} eager={leadsPage && index === 0} />
        </li>
      ))}
    </ul>
  )
}

/** "Failed to load products" with what went wrong, as a shopper reads it. */
export function ProductsError({ error }: { error: Error }) {
  return (
    <div role="alert" className="rounded-xl border border-rose-900/70 bg-rose-950/30 px-6 py-10 text-center">
      <p className="text-lg font-semibold text-rose-200">Failed to load products</p>
      <p className="mt-2 text-sm break-words text-rose-200/80">{shopperErrorText(error, ERROR_MESSAGES.fetchProducts)}</p>
    </div>
  )
}

export function EmptyProducts({ text }: { text: string }) {
  return (
    <div className="rounded-xl border border-dashed border-zinc-800 px-6 py-14 text-center">
      <p className="[overflow-wrap:anywhere] text-zinc-300">{text}</p>
    </div>
  )
}
