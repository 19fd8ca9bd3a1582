/** "More like this": the products the server ranks closest to this one, as compact cards (nothing when there are none). */
import type { Product } from '../../../shared/contract/catalog.ts'
import { useRelatedProducts } from './api/get-related.ts'
import { ProductCard } from './ProductCard.tsx'

export function RelatedProducts({ product }: { product: Pick<Product, 'id'> }) {
  const related = useRelatedProducts(product.id)
  const others = related.data ?? []
  if (others.length === 0) return null
  return (
    <section aria-labelledby="related-heading" className="mt-16">
      <h2 id="related-heading" className="text-2xl font-bold tracking-tight text-white">
        More like this
      </h2>
      <ul className="mt-6 grid grid-cols-1 gap-5 sm:grid-cols-3">
        {others.map((other) => (
          <li key={other.id}>
            <ProductCard product={other} variant="compact" />
          </li>
        ))}
      </ul>
    </section>
  )
}
