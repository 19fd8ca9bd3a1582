/** Up to three other products from the same category, as compact cards. */
import type { Product } from '../../../shared/contract/catalog.ts'
import { useProducts } from './api/get-products.ts'
import { ProductCard } from './ProductCard.tsx'

/** Related products shown under a product. */
const RELATED_PRODUCT_COUNT = 3

/** The list the related products come from: the category's newest, one extra in case the product itself is among them. */
export const relatedProductsQuery = (product: Pick<Product, 'category'>) => ({ category: product.category?.slug, limit: RELATED_PRODUCT_COUNT + 1 })

export function RelatedProducts({ product }: { product: Product }) {
  const slug = product.category?.slug
  const related = useProducts(relatedProductsQuery(product), Boolean(slug))
  const others = (related.data?.data ?? []).filter((other) => other.id !== product.id).slice(0, RELATED_PRODUCT_COUNT)
  if (others.length === 0) return null
  return (
    <section aria-labelledby="related-heading" className="mt-16">
      <h2 id="related-heading" className="text-2xl font-bold tracking-tight text-white">
        Related Products
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
