/**
 * The selling tools' shared vocabulary: how a product is priced (a fixed price or pay what you
 * want), what a timed sale covers, and what a promo code's discount is. The server's tables, the
 * pricing rules (src/shared/pricing.ts, src/shared/sales.ts) and the console's forms read them here.
 */

/** `fixed`: the product's price; `pwyw`: the buyer's amount, at least the product's minimum. */
export const PRICE_MODELS = ['fixed', 'pwyw'] as const
export type PriceModel = (typeof PRICE_MODELS)[number]

/** What a sale covers: every product, chosen products, or chosen categories' products. */
export const SALE_SCOPES = ['store', 'products', 'categories'] as const
export type SaleScope = (typeof SALE_SCOPES)[number]

/** A timed, automatic discount, as the catalog applies it. */
export interface SaleTerms {
  id: string
  name: string
  /** Whole percent off each unit; null for a fixed-amount sale. */
  percentOff: number | null
  /** Cents off each unit (never below 0); null for a percent sale. */
  amountOffCents: number | null
  scope: SaleScope
  productIds: readonly string[]
  categoryIds: readonly string[]
  startsAt: Date
  endsAt: Date
}

/** A promo code's discount, as pricing applies it to a cart's lines. */
export interface CodeDiscount {
  /** Whole percent off the eligible lines; null for a fixed-amount code. */
  percentOff: number | null
  /** Cents off the eligible lines' sum (at most that sum); null for a percent code. */
  amountOffCents: number | null
  /** Lines of these products only (empty with categoryIds empty: every line). */
  productIds: readonly string[]
  /** Lines of these categories' products only. */
  categoryIds: readonly string[]
  /** Lines priced by a sale get nothing. */
  excludeSaleItems: boolean
  /** What is left of the code's budget, in cents; null: no budget. */
  budgetLeftCents: number | null
}
