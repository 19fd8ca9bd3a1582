/**
 * Display helpers for catalog screens: the typed metadata of a product and its category name.
 * What the Specifications tab lists is src/shared/product-specs.ts.
 */
import type { Product, ProductListItem } from '../../../shared/contract/catalog.ts'
import type { ProductMetadata } from '../../../shared/product-view.ts'
import { UNCATEGORIZED } from '../../cart-state/cart-item.ts'

export function productMetadata(product: Pick<Product, 'metadata'>): ProductMetadata {
  return product.metadata as ProductMetadata
}

/** The category shown on badges and in specs: the product's, else "Uncategorized" (as on a cart line). */
export function categoryName(product: Pick<ProductListItem, 'category'>): string {
  return product.category?.name ?? UNCATEGORIZED
}
