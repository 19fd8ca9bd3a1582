/**
 * The cart's rules, shared by the client store and the server cart: line keys,
 * the digital lock at 1, purchase limits with their two error texts, the "Limit: N" /
 * "Max: N" labels, the already-owned check and the sign-in merge of two carts.
 */
import { isDigitalProduct, purchaseLimit, type ProductMetadata } from './product-view.ts'

export const DEFAULT_LICENSE_TYPE = 'standard'
/** Largest quantity of one line when the product sets no limit of its own (a line never needs more). */
export const MAX_LINE_QUANTITY = 100
/** Most distinct lines one cart may hold. */
export const MAX_CART_LINES = 100

export const CART_MESSAGES = {
  addOverLimit: (limit: number) => `Cannot add more than ${limit} of this item to your cart`,
  updateOverLimit: (limit: number) => `Maximum quantity for this item is ${limit}`,
  alreadyOwned: 'You already own this product. Check your Download Hub!',
  authLoadingAdd: 'Please wait a moment while we prepare your cart...',
  authLoadingOther: 'Please wait a moment...',
  authUserMissing: 'Authentication loading, please try again in a moment...',
  itemRemoved: 'Item removed from cart',
  cartCleared: 'Cart cleared',
  invalidPromo: 'Invalid promo code',
  loadFailed: (message: string) => `Failed to load cart: ${message}`,
  databaseError: (message: string) => `Database error: ${message}`,
  removeFailed: 'Failed to remove item from cart. Please try again.',
  updateFailed: 'Failed to update item quantity. Please try again.',
  clearFailed: 'Failed to clear cart. Please try again.',
  addFailed: 'Failed to add item to cart. Please try again.',
} as const

/** The facts of a product the quantity rules read. */
export interface QuantityRule {
  isDigital: boolean
  /** metadata.purchase_limit as a number, or null when the product has none. */
  purchaseLimit: number | null
}

export function quantityRuleOf(metadata: ProductMetadata | null | undefined): QuantityRule {
  return { isDigital: isDigitalProduct(metadata), purchaseLimit: purchaseLimit(metadata) }
}

/** The most one line may hold: 1 for a digital download, else its purchase limit, else MAX_LINE_QUANTITY. */
export function quantityCap(rule: QuantityRule): number {
  if (rule.isDigital) return 1
  return Math.min(rule.purchaseLimit ?? MAX_LINE_QUANTITY, MAX_LINE_QUANTITY)
}

/** Lines are keyed by product id plus license type. */
export function lineKey(productId: string, licenseType: string = DEFAULT_LICENSE_TYPE): string {
  return `${productId}::${licenseType}`
}

export type QuantityCheck = { ok: true; quantity: number } | { ok: false; message: string }

/** Adding `added` units to a line holding `existing`: the new quantity, or the message the shopper sees. */
export function checkAdd(existing: number, added: number, rule: QuantityRule): QuantityCheck {
  const cap = quantityCap(rule)
  const quantity = existing + added
  if (quantity > cap) return { ok: false, message: CART_MESSAGES.addOverLimit(cap) }
  return { ok: true, quantity }
}

/** Setting a line to `quantity` (0 or less means remove, reported as quantity 0), or the message the shopper sees. */
export function checkUpdate(quantity: number, rule: QuantityRule): QuantityCheck {
  if (quantity <= 0) return { ok: true, quantity: 0 }
  const cap = quantityCap(rule)
  if (quantity > cap) return { ok: false, message: CART_MESSAGES.updateOverLimit(cap) }
  return { ok: true, quantity }
}

/**
 * The label beside a line's quantity: "Digital" for a digital download, "Limit: N" (drawer) or
 * "Max: N" (cart page) when a purchase limit above 1 exists, else nothing.
 */
export function quantityLabel(rule: QuantityRule, style: 'limit' | 'max'): string | null {
  if (rule.isDigital) return 'Digital'
  if (rule.purchaseLimit !== null && rule.purchaseLimit > 1) return `${style === 'limit' ? 'Limit' : 'Max'}: ${rule.purchaseLimit}`
  return null
}

/**
 * The already-owned rule: a digital product the shopper has bought cannot be added or bought
 * again. `ownedProductIds` comes from the purchases list; until purchases exist it is empty.
 */
export function ownershipError(productId: string, rule: QuantityRule, ownedProductIds: readonly string[]): string | null {
  if (!rule.isDigital) return null
  return ownedProductIds.includes(productId) ? CART_MESSAGES.alreadyOwned : null
}

/** What the merge needs of a line: its key parts, quantity and rule. */
export interface MergeableLine extends QuantityRule {
  id: string
  licenseType: string
  quantity: number
}

/**
 * Merges a local cart into a server cart (sign-in): lines with the same id and license type add
 * their quantities, capped by the product's limit; lines of only one side are kept. A line on
 * both sides takes the server's product facts (fresher prices). Order: the local cart's lines
 * first (the shopper's latest intent), then the server's remaining ones.
 */
export function mergeCarts<T extends MergeableLine>(serverLines: readonly T[], localLines: readonly T[]): T[] {
  const serverByKey = new Map(serverLines.map((line) => [lineKey(line.id, line.licenseType), line]))
  const merged = new Map<string, T>()
  for (const line of [...localLines, ...serverLines]) {
    const key = lineKey(line.id, line.licenseType)
    const base = serverByKey.get(key) ?? line
    const quantity = Math.min((merged.get(key)?.quantity ?? 0) + line.quantity, quantityCap(base))
    if (quantity > 0) merged.set(key, { ...base, quantity })
  }
  return [...merged.values()]
}

/** A promo code as stored and matched: trimmed and uppercase ("  welcome10 " → "WELCOME10"). */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase()
}
