/**
 * Three real products to suggest beside the cart ("You Might Also Like" when it is empty,
 * "Complete Your Setup" when it is not): the best-rated active products not already in it.
 */
import { useProducts } from './api/get-products.ts'
import { ProductCard } from './ProductCard.tsx'

export const RECOMMENDATION_COUNT = 3
/** Enough candidates that three remain after removing what the cart holds. */
const CANDIDATES = 12

interface CartRecommendationsProps {
  title: string
  excludeIds: readonly string[]
}

export function CartRecommendations({ title, excludeIds }: CartRecommendationsProps) {
  const products = useProducts({ sortBy: 'rating', sortOrder: 'desc', limit: CANDIDATES })
  const picks = (products.data?.data ?? []).filter((product) => !excludeIds.includes(product.id)).slice(0, RECOMMENDATION_COUNT)
  if (picks.length === 0) return null
  return (
    <section aria-labelledby="cart-recommendations-heading" className="mt-16">
      <h2 id="cart-recommendations-heading" className="text-2xl font-bold tracking-tight text-white">
        {title}
      </h2>
      <ul className="mt-6 grid grid-cols-1 gap-5 sm:grid-cols-3">
        {picks.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} variant="compact" />
          </li>
        ))}
      </ul>
    </section>
  )
}
