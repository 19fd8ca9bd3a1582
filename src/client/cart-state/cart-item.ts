/**
 * A line of the shopper's cart as the browser keeps it, built from a catalog product or a
 * server cart line, and read back safely from localStorage. A pay-what-you-want line's price
 * is the shopper's own amount, so the cart's figures (priceCart) total what they chose.
 */
import { DEFAULT_LICENSE_TYPE, MAX_LINE_QUANTITY, quantityRuleOf, type QuantityRule } from '../../shared/cart-rules.ts'
import type { CartLine, CodeTerms } from '../../shared/contract/cart.ts'
import type { ProductListItem } from '../../shared/contract/catalog.ts'
import type { PriceModel } from '../../shared/contract/selling.ts'
import { PWYW_MAX_CENTS, type PwywTerms } from '../../shared/pay-what-you-want.ts'
import { PLACEHOLDER_IMAGE, type ProductMetadata } from '../../shared/product-view.ts'

/**
 * Category name shown for a product that has none, on a cart line and on the catalog's badges
 * and specifications. It is defined here, below the features, because the cart's lines and the
 * catalog both name it and neither feature imports the other.
 */
export const UNCATEGORIZED = 'Uncategorized'

export interface CartItem extends QuantityRule {
  /** The product id. */
  id: string
  name: string
  /**
   * Unit price the shopper pays, integer cents (shown; the server charges database prices). For
   * pay what you want (priceModel `pwyw`), the shopper's amount, which checkout sends.
   */
  priceCents: number
  /** Pre-sale unit price when on sale, shown struck through. */
  originalPriceCents: number | null
  /** `pwyw`: pay what you want; absent (a line from before it existed) or `fixed`: the product's price. */
  priceModel?: PriceModel
  /** Pay what you want: the least the shopper may pay for one unit; null for a fixed price. */
  minPriceCents?: number | null
  image: string
  /** Category name, "Uncategorized" when the product has none. */
  category: string
  /** The product's category id (null: none; absent on lines saved before codes could be limited), read by a code limited to categories. */
  categoryId?: string | null
  /** A timed sale prices the line: a code "not on sale items" skips it (as checkout does). */
  onSale?: boolean
  quantity: number
  licenseType: string
  /** A bundle: a signed-in shopper who owns some of its items pays what completes it (use-bundle-prices.ts). */
  isBundle?: boolean
}

/**
 * A line of the product. `chosenPriceCents` is the shopper's amount for a pay-what-you-want
 * product (without one, its suggested price, which the owner's form keeps at or above the minimum).
 */
export function cartItemFromProduct(
  product: ProductListItem,
  quantity = 1,
  licenseType = DEFAULT_LICENSE_TYPE,
  chosenPriceCents: number | null = null,
): CartItem {
  const pwyw = product.priceModel === 'pwyw'
  return {
    id: product.id,
    name: product.name,
    priceCents: pwyw ? (chosenPriceCents ?? product.priceCents) : product.priceCents,
    originalPriceCents: pwyw ? null : product.originalPriceCents,
    priceModel: pwyw ? 'pwyw' : 'fixed',
    minPriceCents: pwyw ? (product.minPriceCents ?? 0) : null,
    image: product.imageUrl || product.images[0] || PLACEHOLDER_IMAGE,
    category: product.category?.name ?? UNCATEGORIZED,
    categoryId: product.categoryId ?? product.category?.id ?? null,
    onSale: Boolean(product.sale),
    quantity,
    licenseType,
    ...quantityRuleOf(product.metadata as ProductMetadata),
    isBundle: product.isBundle,
  }
}

export function cartItemFromServerLine(line: CartLine): CartItem {
  return cartItemFromProduct(line.product, line.quantity, line.licenseType, line.chosenPriceCents ?? null)
}

/** What pay what you want's rule reads of a line. */
export function pwywTermsOf(item: Pick<CartItem, 'name' | 'priceModel' | 'minPriceCents'>): PwywTerms {
  return { name: item.name, priceModel: item.priceModel ?? 'fixed', minPriceCents: item.minPriceCents ?? null }
}

/** The amount a line sends (checkout, the server cart): the shopper's for pay what you want, none for a fixed price. */
export function chosenPriceOf(item: Pick<CartItem, 'priceModel' | 'priceCents'>): { chosenPriceCents?: number } {
  return item.priceModel === 'pwyw' ? { chosenPriceCents: item.priceCents } : {}
}

/** An amount within what the product takes now (the minimum may have risen since the shopper chose it). */
export function payableAmount(item: Pick<CartItem, 'minPriceCents'>, cents: number): number {
  return Math.min(Math.max(cents, item.minPriceCents ?? 0), PWYW_MAX_CENTS)
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
  // A line saved before pay what you want existed is a fixed-price line.
  const priceModel: PriceModel = item.priceModel === 'pwyw' ? 'pwyw' : 'fixed'
  return {
    id: item.id,
    name: item.name,
    priceCents: item.priceCents,
    originalPriceCents: isCents(item.originalPriceCents) && priceModel === 'fixed' ? item.originalPriceCents : null,
    priceModel,
    minPriceCents: priceModel === 'pwyw' ? (isCents(item.minPriceCents) ? item.minPriceCents : 0) : null,
    image: typeof item.image === 'string' && item.image ? item.image : PLACEHOLDER_IMAGE,
    category: typeof item.category === 'string' && item.category ? item.category : UNCATEGORIZED,
    categoryId: typeof item.categoryId === 'string' && item.categoryId ? item.categoryId : null,
    onSale: item.onSale === true,
    quantity,
    licenseType: typeof item.licenseType === 'string' && item.licenseType ? item.licenseType : DEFAULT_LICENSE_TYPE,
    isDigital: item.isDigital === true,
    isBundle: item.isBundle === true,
    purchaseLimit: typeof limit === 'number' && Number.isInteger(limit) && limit > 0 ? limit : null,
  }
}

/**
 * Saved promo terms when every field has the shape the server's terms have, else null. Checked
 * by hand: zod would put its schemas on every page's first load, as the cart store is in the shell.
 */
export function parseStoredPromoTerms(value: unknown): CodeTerms | null {
  if (!value || typeof value !== 'object') return null
  const terms = value as Record<string, unknown>
  const isInteger = (number: unknown): number is number => typeof number === 'number' && Number.isInteger(number)
  const isNullOr = (field: unknown, check: (present: unknown) => boolean) => field === null || check(field)
  const isIdList = (list: unknown): list is string[] => Array.isArray(list) && list.every((id) => typeof id === 'string')
  const { percentOff, amountOffCents, productIds, categoryIds, excludeSaleItems, budgetLeftCents } = terms
  if (!isNullOr(percentOff, (n) => isInteger(n) && n >= 1 && n <= 100)) return null
  if (!isNullOr(amountOffCents, (n) => isInteger(n) && n > 0)) return null
  if (!isNullOr(budgetLeftCents, (n) => isInteger(n) && n >= 0)) return null
  if (!isIdList(productIds) || !isIdList(categoryIds) || typeof excludeSaleItems !== 'boolean') return null
  return {
    percentOff: percentOff as number | null,
    amountOffCents: amountOffCents as number | null,
    productIds: [...productIds],
    categoryIds: [...categoryIds],
    excludeSaleItems,
    budgetLeftCents: budgetLeftCents as number | null,
  }
}
