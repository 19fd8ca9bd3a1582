/**
 * Checkout's steps from the request to a price: load the lines (with each product's current
 * facts from the catalog: its sale price, or the buyer's own amount for pay what you want),
 * refuse products the buyer already owns, price bundles at what completes them for this buyer,
 * then price the lines with the promo code and the buyer's tax. The figures come from
 * src/shared/pricing.ts and nowhere else.
 */
import { CART_MESSAGES, quantityCap, quantityRuleOf } from '../../shared/cart-rules.ts'
import { CHECKOUT_ERROR_CODES as CODES, CHECKOUT_SERVER_MESSAGES as MESSAGES } from '../../shared/contract/checkout.ts'
import { isFreeProduct } from '../../shared/contract/free-products.ts'
import { isUuid } from '../../shared/ids.ts'
import { pwywRefusal } from '../../shared/pay-what-you-want.ts'
import { priceCart, type CartTotals, type PricedLine } from '../../shared/pricing.ts'
import { DEFAULT_DOWNLOAD_LIMIT } from '../../shared/product-view.ts'
import type { OrderTaxDetails } from '../../shared/tax/tax-types.ts'
import type { CartService } from '../cart/cart.service.ts'
import type { CatalogReadsService } from '../catalog/catalog-reads.service.ts'
import { badRequest } from '../http/errors.ts'
import type { BundleOffer } from '../orders/bundle-offers.service.ts'
import type { BuyerOrdersService } from '../orders/buyer-orders.service.ts'
import { codeDiscountOf, type PromoCodeRow, type PromoService } from '../promo/promo.service.ts'
import type { CheckoutRequest, RequestedLine } from './checkout-request.ts'

/** What buying a bundle grants: its items, each an order item of its own with its own downloads. */
export interface BundleGrant {
  /** The items granted, in the bundle's order: those the buyer does not own already. */
  items: { productId: string; downloadLimit: number }[]
}

/** A line being bought, as the catalog prices it now. */
export interface CheckoutLine {
  productId: string
  name: string
  categoryId: string | null
  /** What one unit costs the shopper now (the sale price, the buyer's amount, or a bundle's completion price). */
  unitPriceCents: number
  /** The product's regular unit price (before a sale or a bundle's completion), kept on the order item. */
  regularPriceCents: number
  originalPriceCents: number | null
  /** The automatic sale pricing this line, if any. */
  saleId: string | null
  quantity: number
  downloadLimit: number
  isDigital: boolean
  isBundle: boolean
  /** Set by priceBundles for a bundle line. */
  bundle: BundleGrant | null
}

export interface PricedCheckout {
  lines: CheckoutLine[]
  totals: CartTotals
  promo: PromoCodeRow | null
  /** The tax the totals were computed with, and what the order keeps of it (checkout-tax.ts). */
  taxDetails: OrderTaxDetails
}

export interface CheckoutLinesDeps {
  catalog: Pick<CatalogReadsService, 'activeProductsByIds'>
  cart: Pick<CartService, 'linesOf'>
  buyerOrders: Pick<BuyerOrdersService, 'ownedProductIds'>
  promo: Pick<PromoService, 'requireUsable'>
  /** A bundle's offer for a buyer (null: a guest, who owns nothing the store may name). */
  bundles: { bundleOffer(bundleId: string, bundlePriceCents: number, userId: string | null): Promise<BundleOffer> }
}

/**
 * Loads the lines: the body's, or for a signed-in cart checkout that sent none, the user's
 * server cart. Every product must be active, each quantity within its product's limit, a
 * pay-what-you-want amount at least its minimum, and a free product is had with an email instead.
 */
export async function loadLines({ catalog, cart }: Pick<CheckoutLinesDeps, 'catalog' | 'cart'>, request: CheckoutRequest): Promise<CheckoutLine[]> {
  const fromCart = request.lines.length === 0 && request.checkoutType === 'cart' && request.buyer.kind === 'user'
  const requested: RequestedLine[] = fromCart && request.buyer.kind === 'user' ? await cart.linesOf(request.buyer.userId) : request.lines
  if (requested.length === 0) throw badRequest(MESSAGES.cartEmpty, CODES.cartEmpty)
  if (requested.some((line) => !isUuid(line.productId))) throw badRequest(MESSAGES.productsInvalid, CODES.productsInvalid)

  const products = await catalog.activeProductsByIds(requested.map((line) => line.productId))
  if (products.size !== requested.length) throw badRequest(MESSAGES.productsInvalid, CODES.productsInvalid)
  return requested.map(({ productId, quantity, chosenPriceCents }): CheckoutLine => {
    const product = products.get(productId)!
    const rule = quantityRuleOf(product.metadata)
    const cap = quantityCap(rule)
    if (quantity > cap) throw badRequest(CART_MESSAGES.updateOverLimit(cap), CODES.purchaseLimit)
    const refusal = pwywRefusal(product, chosenPriceCents)
    if (refusal) throw badRequest(refusal, CODES.priceBelowMinimum)
    const pwyw = product.priceModel === 'pwyw'
    if (isFreeProduct(product)) throw badRequest(MESSAGES.freeProduct(product.name), CODES.freeProduct)
    return {
      productId,
      name: product.name,
      categoryId: product.categoryId,
      unitPriceCents: pwyw ? chosenPriceCents! : product.priceCents,
      regularPriceCents: pwyw ? chosenPriceCents! : product.sale ? (product.originalPriceCents ?? product.priceCents) : product.priceCents,
      originalPriceCents: pwyw ? null : product.originalPriceCents,
      saleId: product.sale?.id ?? null,
      quantity,
      downloadLimit: product.downloadLimit ?? DEFAULT_DOWNLOAD_LIMIT,
      isDigital: rule.isDigital || product.isBundle,
      isBundle: product.isBundle,
      bundle: null,
    }
  })
}

/**
 * Refuses a digital product the signed-in buyer already owns (bought alone or in a bundle).
 * Guests are not checked: answering "already own" for any typed email would tell strangers what
 * it bought.
 */
export async function refuseOwnedProducts(
  { buyerOrders }: Pick<CheckoutLinesDeps, 'buyerOrders'>,
  request: CheckoutRequest,
  lines: CheckoutLine[],
): Promise<void> {
  if (request.buyer.kind !== 'user') return
  const digital = lines.filter((line) => line.isDigital).map((line) => line.productId)
  if (digital.length > 0 && (await buyerOrders.ownedProductIds(request.buyer.userId, digital)).length > 0) {
    throw badRequest(CART_MESSAGES.alreadyOwned, CODES.alreadyOwned)
  }
}

/**
 * Prices each bundle line at what completes the bundle for this buyer (the bundle's price, sale
 * applied, minus what they paid for the items they own, never below its floor) and names the
 * items it grants. A cart holding a bundle and one of its items is refused: the item would be
 * bought twice.
 */
export async function priceBundles({ bundles }: Pick<CheckoutLinesDeps, 'bundles'>, request: CheckoutRequest, lines: CheckoutLine[]): Promise<void> {
  const userId = request.buyer.kind === 'user' ? request.buyer.userId : null
  for (const line of lines) {
    if (!line.isBundle) continue
    const offer = await bundles.bundleOffer(line.productId, line.unitPriceCents, userId)
    const inCart = lines.find((other) => other !== line && offer.items.some((item) => item.productId === other.productId))
    if (inCart) throw badRequest(MESSAGES.alreadyInBundle(inCart.name, line.name), CODES.alreadyInBundle)
    line.unitPriceCents = offer.priceCents
    line.bundle = { items: offer.items.filter((item) => !offer.ownedProductIds.includes(item.productId)) }
  }
}

/** Prices the lines with the buyer's tax; a promo code must be usable for them (its minimum, and for a limited code one line it covers), or checkout says why not. */
export async function priceLines(
  { promo }: Pick<CheckoutLinesDeps, 'promo'>,
  request: CheckoutRequest,
  lines: CheckoutLine[],
  taxDetails: OrderTaxDetails,
): Promise<PricedCheckout> {
  const priced: PricedLine[] = lines.map((line) => ({
    priceCents: line.unitPriceCents,
    originalPriceCents: line.originalPriceCents,
    quantity: line.quantity,
    productId: line.productId,
    categoryId: line.categoryId,
    onSale: line.saleId !== null,
  }))
  const code = request.promoCode ? await promo.requireUsable(request.promoCode, priced) : null
  const { vatNumber: _vatNumber, vatCheck: _vatCheck, evidence: _evidence, ...treatment } = taxDetails
  return { lines, totals: priceCart(priced, code ? codeDiscountOf(code) : null, treatment), promo: code, taxDetails }
}
