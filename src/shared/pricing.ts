/**
 * The one place a cart's money is computed: subtotal, savings against original prices, promo
 * discount, tax (the spec's 8 % estimate by default, or the buyer's treatment under the store's
 * tax mode: src/shared/tax/) and total, all in integer cents. Called by the cart drawer and the
 * cart page (client), by checkout (client, for the "Continue to Payment - $X" figure) and by the
 * server when it creates a checkout session from database prices, so every screen shows the
 * amount that is charged.
 *
 * Order of application (docs/decisions/0019-selling-tools.md): a line's unit price is already
 * the sale price (src/shared/sales.ts), the buyer's amount (pay what you want) or a bundle's
 * completion price when it reaches here; then the promo code takes its discount from the lines it
 * covers (all, or its products' or categories', never sale lines when it says so), capped by what
 * is left of its budget; then tax applies to subtotal − discount.
 *
 * Rounding: every fraction of a cent is rounded half up (x.5 → x+1) once, on the discount and
 * on the tax, in integer arithmetic (rates are held in basis points) so a float such as
 * 1005 × 0.1 = 100.50000000000001 can never tip the result. The subtotal is a plain sum of cents.
 */

import type { CodeDiscount } from './contract/selling.ts'
import type { TaxTreatment } from './tax/tax-types.ts'

export type { CodeDiscount }

/** 8 % tax estimate, in basis points (1 bp = 0.01 %). */
export const TAX_RATE_BASIS_POINTS = 800
const BASIS_POINTS = 10_000

/** The spec's estimate: 8 % added to subtotal minus discount, whoever buys (the `flat` mode, and the default). */
export const FLAT_TAX: TaxTreatment = {
  mode: 'flat',
  rateBasisPoints: TAX_RATE_BASIS_POINTS,
  pricesIncludeTax: false,
  label: 'Estimated tax (8%)',
  reverseCharge: false,
  country: null,
  region: null,
}

/** What pricing needs of a cart line. */
export interface PricedLine {
  /** Unit price the shopper pays (the sale price when on sale), integer cents. */
  priceCents: number
  /** Pre-sale unit price when the product is on sale, integer cents. */
  originalPriceCents?: number | null
  quantity: number
  /** Read by a promo code limited to products. */
  productId?: string
  /** Read by a promo code limited to categories. */
  categoryId?: string | null
  /** The unit price is a sale's (automatic, or below a compare-at price): a code "not on sale items" skips the line. */
  onSale?: boolean
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
  /** The promo discount as the rounded percent shown next to its code; 0 for a fixed-amount code. */
  discountPercent: number
  /** The promo discount each line carries, in line order (they sum to discountCents). */
  lineDiscountsCents: number[]
  /** subtotal − discount: the base the tax applies to (tax included in it when prices include tax). */
  discountedSubtotalCents: number
  /** The tax of the order, rounded half up once for the order: added to, or carved out of, subtotal − discount. */
  taxCents: number
  /** What the buyer pays: subtotal − discount, plus the tax unless prices include it. */
  totalCents: number
  /** totalCents − taxCents: the order's amount before tax (what revenue and invoices count). */
  netCents: number
  /** The treatment these totals were computed with (its label names the tax line). */
  tax: TaxTreatment
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

/** True when the code's discount applies to the line: in its products or categories (when it names any), and not a sale line when it excludes them. */
export function codeCoversLine(code: CodeDiscount, line: PricedLine): boolean {
  if (code.excludeSaleItems && (line.onSale || (line.originalPriceCents != null && line.originalPriceCents > line.priceCents))) return false
  if (code.productIds.length === 0 && code.categoryIds.length === 0) return true
  if (line.productId !== undefined && code.productIds.includes(line.productId)) return true
  return line.categoryId != null && code.categoryIds.includes(line.categoryId)
}

/** A whole-cart percent code, as the spec's codes are: `discount` is a fraction (0.1 for 10 %). */
export function percentCode(discount: number): CodeDiscount {
  return {
    percentOff: discountBasisPoints(discount) / 100,
    amountOffCents: null,
    productIds: [],
    categoryIds: [],
    excludeSaleItems: false,
    budgetLeftCents: null,
  }
}

/**
 * The discount a code gives each line: a percent of the covered lines' sum (rounded half up once,
 * then shared among them by their amounts), or a fixed amount up to that sum; either capped by
 * what is left of the code's budget.
 */
function lineDiscounts(lines: readonly PricedLine[], code: CodeDiscount | null): number[] {
  if (!code) return lines.map(() => 0)
  const covered = lines.map((line) => (codeCoversLine(code, line) ? lineTotalCents(line) : 0))
  const eligibleCents = covered.reduce((sum, amount) => sum + amount, 0)
  let discountCents =
    code.percentOff !== null
      ? applyRate(eligibleCents, Math.round(Math.min(100, Math.max(0, code.percentOff)) * 100))
      : Math.min(code.amountOffCents ?? 0, eligibleCents)
  if (code.budgetLeftCents !== null) discountCents = Math.min(discountCents, Math.max(0, code.budgetLeftCents))
  if (discountCents <= 0 || eligibleCents === 0) return lines.map(() => 0)
  return shareAmongLines(discountCents, covered)
}

/** price × quantity of one line, in cents. */
export function lineTotalCents(line: PricedLine): number {
  return line.priceCents * line.quantity
}

/**
 * Computes every figure of a cart from its lines, the promo code's discount (a fraction such as
 * 0.1 for the spec's whole-cart percent codes, a CodeDiscount, or 0 / null when none) and
 * the buyer's tax treatment (the flat 8 % estimate when none). One rate per order, rounded once
 * for the order: an exclusive price adds rate × (subtotal − discount); an inclusive price holds
 * the tax, carved out as gross × rate / (1 + rate).
 */
export function priceCart(lines: readonly PricedLine[], discount: number | CodeDiscount | null = 0, tax: TaxTreatment = FLAT_TAX): CartTotals {
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
  const code = typeof discount === 'number' ? (discountBasisPoints(discount) > 0 ? percentCode(discount) : null) : discount
  const lineDiscountsCents = lineDiscounts(lines, code)
  const discountCents = lineDiscountsCents.reduce((sum, amount) => sum + amount, 0)
  const discountedSubtotalCents = subtotalCents - discountCents
  if (!Number.isInteger(tax.rateBasisPoints) || tax.rateBasisPoints < 0 || tax.rateBasisPoints > BASIS_POINTS)
    throw new RangeError(`Invalid tax rate: ${tax.rateBasisPoints}`)
  const taxCents = tax.pricesIncludeTax ? includedTax(discountedSubtotalCents, tax.rateBasisPoints) : applyRate(discountedSubtotalCents, tax.rateBasisPoints)
  const totalCents = tax.pricesIncludeTax ? discountedSubtotalCents : discountedSubtotalCents + taxCents
  return {
    itemCount,
    subtotalCents,
    originalSubtotalCents,
    savingsCents: originalSubtotalCents - subtotalCents,
    discountCents,
    discountPercent: code?.percentOff != null ? Math.round(code.percentOff) : 0,
    lineDiscountsCents,
    discountedSubtotalCents,
    taxCents,
    totalCents,
    netCents: totalCents - taxCents,
    tax,
  }
}

/** The tax held in a tax-inclusive gross amount: gross × rate / (10 000 + rate), rounded half up. */
function includedTax(grossCents: number, basisPoints: number): number {
  const divisor = BASIS_POINTS + basisPoints
  return Math.floor((grossCents * basisPoints * 2 + divisor) / (divisor * 2))
}

/**
 * Shares an order's tax (and its discount) among its lines for an invoice, so the lines' net,
 * tax and gross sum exactly to the order's: each line gets its share of the total by its price,
 * and the cents left by rounding down go to the lines with the largest remainders.
 */
export function shareAmongLines(amountCents: number, lineAmountsCents: readonly number[]): number[] {
  const whole = lineAmountsCents.reduce((sum, amount) => sum + amount, 0)
  if (whole === 0) return lineAmountsCents.map((_, index) => (index === 0 ? amountCents : 0))
  const shares = lineAmountsCents.map((amount) => Math.floor((amountCents * amount) / whole))
  let left = amountCents - shares.reduce((sum, share) => sum + share, 0)
  const byRemainder = lineAmountsCents
    .map((amount, index) => ({ index, remainder: (amountCents * amount) % whole }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index)
  for (const { index } of byRemainder) {
    if (left <= 0) break
    shares[index]! += 1
    left -= 1
  }
  return shares
}

function assertCents(value: number, name: string): void {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`Invalid ${name}: ${value}`)
}
