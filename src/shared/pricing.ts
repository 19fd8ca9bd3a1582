/**
 * The one place a cart's money is computed: subtotal, savings against original prices, promo
 * discount, 8 % tax estimate and total, all in integer cents. Called by the cart drawer and the
 * cart page (client), by checkout (client, for the "Continue to Payment - $X" figure) and by the
 * server when it creates a checkout session from database prices, so every screen shows the
 * amount that is charged.
 *
 * Rounding: every fraction of a cent is rounded half up (x.5 → x+1) once, on the discount and
 * on the tax, in integer arithmetic (rates are held in basis points) so a float such as
 * 1005 × 0.1 = 100.50000000000001 can never tip the result. The subtotal is a plain sum of cents.
 */

/** 8 % tax estimate, in basis points (1 bp = 0.01 %). */
export const TAX_RATE_BASIS_POINTS = 800
const BASIS_POINTS = 10_000

/** What pricing needs of a cart line. */
export interface PricedLine {
  /** Unit price the shopper pays (the sale price when on sale), integer cents. */
  priceCents: number
  /** Pre-sale unit price when the product is on sale, integer cents. */
  originalPriceCents?: number | null
  quantity: number
}

export interface CartTotals {
  /** Number of units (sum of quantities). */
  itemCount: number
  /** Sum of price × quantity: what the shopper pays before promo and tax. */
  subtotalCents: number
  /** Sum of original (or, when not on sale, current) price × quantity. */
  originalSubtotalCents: number
  /** originalSubtotal − subtotal: what sale prices already save. */
  savingsCents: number
  /** Promo discount: subtotal × discount, rounded half up. */
  discountCents: number
  /** The promo discount as the rounded percent shown next to its code. */
  discountPercent: number
  /** subtotal − discount: the base the tax estimate applies to. */
  discountedSubtotalCents: number
  /** 8 % of (subtotal − discount), rounded half up. */
  taxCents: number
  /** subtotal − discount + tax. */
  totalCents: number
}

/** a × basisPoints / 10 000, rounded half up, for non-negative integers a. */
function applyRate(amountCents: number, basisPoints: number): number {
  return Math.floor((amountCents * basisPoints + BASIS_POINTS / 2) / BASIS_POINTS)
}

/** A promo discount fraction (0.1 for 10 %) as basis points, clamped to 0–100 %. */
export function discountBasisPoints(discount: number): number {
  if (!Number.isFinite(discount) || discount <= 0) return 0
  return Math.min(BASIS_POINTS, Math.round(discount * BASIS_POINTS))
}

/** The rounded percent shown for a discount fraction: 0.1 → 10, 0.125 → 13. */
export function discountPercentLabel(discount: number): number {
  return Math.round(discountBasisPoints(discount) / 100)
}

/** price × quantity of one line, in cents. */
export function lineTotalCents(line: PricedLine): number {
  return line.priceCents * line.quantity
}

/** Computes every figure of a cart from its lines and the promo discount fraction (0 when none). */
export function priceCart(lines: readonly PricedLine[], discount = 0): CartTotals {
  let itemCount = 0
  let subtotalCents = 0
  let originalSubtotalCents = 0
  for (const line of lines) {
    assertCents(line.priceCents, 'priceCents')
    if (!Number.isInteger(line.quantity) || line.quantity < 0) throw new RangeError(`Invalid quantity: ${line.quantity}`)
    const original = line.originalPriceCents != null && line.originalPriceCents > line.priceCents ? line.originalPriceCents : line.priceCents
    assertCents(original, 'originalPriceCents')
    itemCount += line.quantity
    subtotalCents += line.priceCents * line.quantity
    originalSubtotalCents += original * line.quantity
  }
  const basisPoints = discountBasisPoints(discount)
  const discountCents = applyRate(subtotalCents, basisPoints)
  const discountedSubtotalCents = subtotalCents - discountCents
  const taxCents = applyRate(discountedSubtotalCents, TAX_RATE_BASIS_POINTS)
  return {
    itemCount,
    subtotalCents,
    originalSubtotalCents,
    savingsCents: originalSubtotalCents - subtotalCents,
    discountCents,
    discountPercent: Math.round(basisPoints / 100),
    discountedSubtotalCents,
    taxCents,
    totalCents: discountedSubtotalCents + taxCents,
  }
}

function assertCents(value: number, name: string): void {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`Invalid ${name}: ${value}`)
}
