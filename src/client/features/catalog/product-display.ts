/**
 * Display helpers for catalog screens: the typed metadata of a product, its category name and
 * the label/value text of a metadata entry on the Specifications tab.
 */
import type { Product, ProductListItem } from '../../../shared/contract/catalog.ts'
import { formatPrice } from '../../../shared/money.ts'
import type { ProductMetadata } from '../../../shared/product-view.ts'
import { UNCATEGORIZED } from '../cart/public.ts'

export function productMetadata(product: Pick<Product, 'metadata'>): ProductMetadata {
  return product.metadata as ProductMetadata
}

/** The category shown on badges and in specs: the product's, else "Uncategorized" (as on a cart line). */
export function categoryName(product: Pick<ProductListItem, 'category'>): string {
  return product.category?.name ?? UNCATEGORIZED
}

/** Metadata keys that are not shown as a specification row (the gallery shows the images). */
const HIDDEN_METADATA_KEYS = new Set(['images'])
/** Metadata keys that hold an amount in cents. */
const MONEY_METADATA_KEYS = new Set(['originalPrice'])

/** "purchase_limit" → "Purchase limit", "reviewCount" → "Review count", "bpm" → "BPM". */
export function metadataLabel(key: string): string {
  if (key.toLowerCase() === 'bpm') return 'BPM'
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

export function metadataValue(key: string, value: unknown): string {
  if (MONEY_METADATA_KEYS.has(key) && typeof value === 'number') return formatPrice(value)
  if (Array.isArray(value)) return value.map((item) => metadataValue('', item)).join(', ')
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (value === null || value === undefined) return '—'
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** Every metadata entry to list on the Specifications tab, in the product's own order. */
export function metadataEntries(product: Pick<Product, 'metadata'>): Array<{ key: string; label: string; value: string }> {
  return Object.entries(product.metadata)
    .filter(([key]) => !HIDDEN_METADATA_KEYS.has(key))
    .map(([key, value]) => ({ key, label: metadataLabel(key), value: metadataValue(key, value) }))
}
