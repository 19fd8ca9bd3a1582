/**
 * A line of the shopper's cart as the browser keeps it, built from a catalog product or a
 * server cart line, and read back safely from localStorage.
 */
import { DEFAULT_LICENSE_TYPE, MAX_LINE_QUANTITY, quantityRuleOf, type QuantityRule } from '../../../shared/cart-rules.ts'
import type { CartLine } from '../../../shared/contract/cart.ts'
import type { ProductListItem } from '../../../shared/contract/catalog.ts'
import { PLACEHOLDER_IMAGE, type ProductMetadata } from '../../../shared/product-view.ts'

/**
 * Category name shown for a product that has none, on a cart line and on the catalog's badges
 * and specifications. It is defined here because the catalog depends on the cart (Add to
 * Cart) and the cart must not depend on the catalog.
 */
export const UNCATEGORIZED = 'Uncategorized'

export interface CartItem extends QuantityRule {
  /** The product id. */
  id: string
  name: string
  /** Unit price the shopper pays, integer cents (shown; the server charges database prices). */
  priceCents: number
  /** Pre-sale unit price when on sale, shown struck through. */
  originalPriceCents: number | null
  image: string
  /** Category name, "Uncategorized" when the product has none. */
  category: string
  quantity: number
  licenseType: string
}

export function cartItemFromProduct(product: ProductListItem, quantity = 1, licenseType = DEFAULT_LICENSE_TYPE): CartItem {
  return {
    id: product.id,
    name: product.name,
    priceCents: product.priceCents,
    originalPriceCents: product.originalPriceCents,
    image: product.imageUrl || product.images[0] || PLACEHOLDER_IMAGE,
    category: product.category?.name ?? UNCATEGORIZED,
    quantity,
    licenseType,
    ...quantityRuleOf(product.metadata as ProductMetadata),
  }
}

export function cartItemFromServerLine(line: CartLine): CartItem {
  return cartItemFromProduct(line.product, line.quantity, line.licenseType)
}

/** A stored line when it has every field with a sane value, else null (the line is dropped). */
export function parseStoredCartItem(value: unknown): CartItem | null {
  if (!value || typeof value !== 'object') return null
  const item = value as Record<string, unknown>
  const isCents = (cents: unknown): cents is number => typeof cents === 'number' && Number.isInteger(cents) && cents >= 0
  if (typeof item.id !== 'string' || !item.id || typeof item.name !== 'string' || !isCents(item.priceCents)) return null
  const quantity = item.quantity
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY) return null
  const limit = item.purchaseLimit
  return {
    id: item.id,
    name: item.name,
    priceCents: item.priceCents,
    originalPriceCents: isCents(item.originalPriceCents) ? item.originalPriceCents : null,
    image: typeof item.image === 'string' && item.image ? item.image : PLACEHOLDER_IMAGE,
    category: typeof item.category === 'string' && item.category ? item.category : UNCATEGORIZED,
    quantity,
    licenseType: typeof item.licenseType === 'string' && item.licenseType ? item.licenseType : DEFAULT_LICENSE_TYPE,
    isDigital: item.isDigital === true,
    purchaseLimit: typeof limit === 'number' && Number.isInteger(limit) && limit > 0 ? limit : null,
  }
}
