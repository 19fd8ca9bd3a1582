/**
 * Checkout's steps from the request to a price: load the lines (with each product's current
 * facts from the catalog), refuse products the buyer already owns, price them with the promo
 * code and the buyer's tax. The figures come from src/shared/pricing.ts and nowhere else.
 */
import { CART_MESSAGES, quantityCap, quantityRuleOf } from '../../shared/cart-rules.ts'
import { CHECKOUT_ERROR_CODES as CODES, CHECKOUT_SERVER_MESSAGES as MESSAGES } from '../../shared/contract/checkout.ts'
import { isUuid } from '../../shared/ids.ts'
import { lineTotalCents, priceCart, type CartTotals, type PricedLine } from '../../shared/pricing.ts'
import { DEFAULT_DOWNLOAD_LIMIT } from '../../shared/product-view.ts'
import type { OrderTaxDetails } from '../../shared/tax/tax-types.ts'
import type { CartService } from '../cart/cart.service.ts'
import type { CatalogService } from '../catalog/catalog.service.ts'
import { badRequest } from '../http/errors.ts'
import type { BuyerOrdersService } from '../orders/buyer-orders.service.ts'
import type { PromoCodeRow, PromoService } from '../promo/promo.service.ts'
import type { CheckoutRequest, RequestedLine } from './checkout-request.ts'

/** A line being bought, as the catalog prices it now. */
export interface CheckoutLine {
  productId: string
  name: string
  /** What one unit costs the shopper now (the sale price). */
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
  /** The tax the totals were computed with, and what the order keeps of it (checkout-tax.ts). */
  taxDetails: OrderTaxDetails
}

export interface CheckoutLinesDeps {
  catalog: Pick<CatalogService, 'activeProductsByIds'>
  cart: Pick<CartService, 'linesOf'>
  buyerOrders: Pick<BuyerOrdersService, 'ownedProductIds'>
  promo: Pick<PromoService, 'requireUsable'>
}

/**
 * Loads the lines: the body's, or for a signed-in cart checkout that sent none, the user's
 * server cart. Every product must be active and each quantity within its product's limit.
 */
export async function loadLines({ catalog, cart }: CheckoutLinesDeps, request: CheckoutRequest): Promise<CheckoutLine[]> {
  const fromCart = request.lines.length === 0 && request.checkoutType === 'cart' && request.buyer.kind === 'user'
  const requested: RequestedLine[] = fromCart && request.buyer.kind === 'user' ? await cart.linesOf(request.buyer.userId) : request.lines
  if (requested.length === 0) throw badRequest(MESSAGES.cartEmpty, CODES.cartEmpty)
  if (requested.some((line) => !isUuid(line.productId))) throw badRequest(MESSAGES.productsInvalid, CODES.productsInvalid)

  const products = await catalog.activeProductsByIds(requested.map((line) => line.productId))
  if (products.size !== requested.length) throw badRequest(MESSAGES.productsInvalid, CODES.productsInvalid)
  return requested.map(({ productId, quantity }): CheckoutLine => {
    const product = products.get(productId)!
    const rule = quantityRuleOf(product.metadata)
    const cap = quantityCap(rule)
    if (quantity > cap) throw badRequest(CART_MESSAGES.updateOverLimit(cap), CODES.purchaseLimit)
    return {
      productId,
      name: product.name,
      unitPriceCents: product.priceCents,
      originalPriceCents: product.originalPriceCents,
      quantity,
      downloadLimit: product.downloadLimit ?? DEFAULT_DOWNLOAD_LIMIT,
      isDigital: rule.isDigital,
    }
  })
}

/**
 * Refuses a digital product the signed-in buyer already owns. Guests are not checked:
 * answering "already own" for any typed email would tell strangers what it bought.
 */
export async function refuseOwnedProducts({ buyerOrders }: CheckoutLinesDeps, request: CheckoutRequest, lines: CheckoutLine[]): Promise<void> {
  if (request.buyer.kind !== 'user') return
  const digital = lines.filter((line) => line.isDigital).map((line) => line.productId)
  if (digital.length > 0 && (await buyerOrders.ownedProductIds(request.buyer.userId, digital)).length > 0) {
    throw badRequest(CART_MESSAGES.alreadyOwned, CODES.alreadyOwned)
  }
}

/** Prices the lines with the buyer's tax; a promo code must be usable for their subtotal, or checkout says why not. */
export async function priceLines(
  { promo }: CheckoutLinesDeps,
  request: CheckoutRequest,
  lines: CheckoutLine[],
  taxDetails: OrderTaxDetails,
): Promise<PricedCheckout> {
  const priced: PricedLine[] = lines.map((line) => ({ priceCents: line.unitPriceCents, originalPriceCents: line.originalPriceCents, quantity: line.quantity }))
  const subtotalCents = priced.reduce((sum, line) => sum + lineTotalCents(line), 0)
  const code = request.promoCode ? await promo.requireUsable(request.promoCode, subtotalCents) : null
  const { vatNumber: _vatNumber, vatCheck: _vatCheck, evidence: _evidence, ...treatment } = taxDetails
  return { lines, totals: priceCart(priced, code ? code.percentOff / 100 : 0, treatment), promo: code, taxDetails }
}
