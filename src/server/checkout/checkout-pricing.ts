/**
 * Prices a checkout from the database: each line's product must be active, its quantity
 * within the product's rules, a digital product not already owned by the buyer, the promo
 * code usable for this subtotal; the figures come from src/shared/pricing.ts and nowhere else.
 */
import { and, eq, inArray } from 'drizzle-orm'
import { CART_MESSAGES, quantityCap, quantityRuleOf } from '../../shared/cart-rules.ts'
import { CHECKOUT_SERVER_MESSAGES as MESSAGES } from '../../shared/contract/checkout.ts'
import { formatPrice } from '../../shared/money.ts'
import { priceCart, type CartTotals } from '../../shared/pricing.ts'
import { DEFAULT_DOWNLOAD_LIMIT } from '../../shared/product-view.ts'
import type { PromoService } from '../cart/promo.service.ts'
import type { Database } from '../db/client.ts'
import { cartItems, orderItems, orders, products, promoCodes, type PromoCodeRow } from '../db/schema.ts'
import { badRequest } from '../http/errors.ts'
import type { CheckoutRequest, RequestedLine } from './checkout-request.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface CheckoutLine {
  productId: string
  name: string
  /** What one unit costs the shopper now (the sale price), from the database. */
  unitPriceCents: number
  originalPriceCents: number | null
  quantity: number
  downloadLimit: number
  isDigital: boolean
}

export interface PricedCheckout {
  lines: CheckoutLine[]
  totals: CartTotals
  promo: PromoCodeRow | null
}

/** The lines a checkout buys: the body's, or for a cart checkout that sent none, the user's server cart. */
export async function requestedLines(db: Database, request: CheckoutRequest): Promise<RequestedLine[]> {
  if (request.lines.length > 0 || request.checkoutType !== 'cart' || request.buyer.kind !== 'user') return request.lines
  const rows = await db.select({ productId: cartItems.productId, quantity: cartItems.quantity }).from(cartItems).where(eq(cartItems.userId, request.buyer.userId))
  return rows
}

export async function priceCheckout(db: Database, promoService: PromoService, request: CheckoutRequest): Promise<PricedCheckout> {
  const requested = await requestedLines(db, request)
  if (requested.length === 0) throw badRequest(MESSAGES.cartEmpty, 'CART_EMPTY')
  if (requested.some((line) => !UUID.test(line.productId))) throw badRequest(MESSAGES.productsInvalid, 'INVALID_PRODUCTS')

  const ids = requested.map((line) => line.productId)
  const rows = await db.select().from(products).where(and(inArray(products.id, ids), eq(products.isActive, true)))
  const byId = new Map(rows.map((row) => [row.id, row]))
  if (byId.size !== ids.length) throw badRequest(MESSAGES.productsInvalid, 'INVALID_PRODUCTS')

  const lines = requested.map(({ productId, quantity }): CheckoutLine => {
    const product = byId.get(productId)!
    const rule = quantityRuleOf(product.metadata)
    const cap = quantityCap(rule)
    if (quantity > cap) throw badRequest(CART_MESSAGES.updateOverLimit(cap), 'PURCHASE_LIMIT')
    const original = product.metadata.originalPrice
    return {
      productId,
      name: product.name,
      unitPriceCents: product.priceCents,
      originalPriceCents: typeof original === 'number' && Number.isInteger(original) && original > product.priceCents ? original : null,
      quantity,
      downloadLimit: product.downloadLimit ?? DEFAULT_DOWNLOAD_LIMIT,
      isDigital: rule.isDigital,
    }
  })

  // Guests are not checked: answering "already own" for any typed email would tell strangers what it bought.
  if (request.buyer.kind === 'user') {
    const digital = lines.filter((line) => line.isDigital).map((line) => line.productId)
    if (digital.length > 0 && (await ownedProductIds(db, request.buyer.userId, digital)).length > 0) {
      throw badRequest(CART_MESSAGES.alreadyOwned, 'ALREADY_OWNED')
    }
  }

  const pricedLines = lines.map((line) => ({ priceCents: line.unitPriceCents, originalPriceCents: line.originalPriceCents, quantity: line.quantity }))
  const undiscounted = priceCart(pricedLines)
  const promo = request.promoCode ? await usablePromo(db, promoService, request.promoCode, undiscounted.subtotalCents) : null
  return { lines, totals: promo ? priceCart(pricedLines, promo.percentOff / 100) : undiscounted, promo }
}

/** Which of `productIds` the user already bought in a completed order. */
export async function ownedProductIds(db: Database, userId: string, productIds: string[]): Promise<string[]> {
  const rows = await db
    .selectDistinct({ productId: orderItems.productId })
    .from(orderItems)
    .innerJoin(orders, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.userId, userId), eq(orders.status, 'COMPLETED'), inArray(orderItems.productId, productIds)))
  return rows.map((row) => row.productId)
}

/** The promo row when usable for this subtotal, else the message saying why not (each contains "promo"). */
async function usablePromo(db: Database, promoService: PromoService, code: string, subtotalCents: number): Promise<PromoCodeRow> {
  const usable = await promoService.findUsablePromo(code, { subtotalCents })
  if (usable) return usable
  // Only a code that would otherwise work earns a more specific message.
  const stillValid = await promoService.findUsablePromo(code)
  if (stillValid) throw badRequest(MESSAGES.promoMinimum(formatPrice(stillValid.minSubtotalCents)), 'INVALID_PROMO_CODE')
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code.trim().toUpperCase())).limit(1)
  if (row && row.maxUses !== null && row.uses >= row.maxUses && row.active) throw badRequest(MESSAGES.promoUsedUp, 'INVALID_PROMO_CODE')
  throw badRequest(MESSAGES.invalidPromo, 'INVALID_PROMO_CODE')
}
