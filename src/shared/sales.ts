/**
 * The one rule for timed sales: which sales cover a product at a moment, and the price a sale
 * makes. The catalog applies it to every product it answers (so cards, pages, the cart and
 * checkout show one price) and the catalog cache expires at the next moment it changes.
 *
 * A product covered by several running sales gets the one that saves the buyer most. A sale never
 * applies to a pay-what-you-want product (the buyer names the price) or a free one.
 */
import type { PriceModel, SaleTerms } from './contract/selling.ts'

/** What the rule reads of a product. */
export interface SaleCandidate {
  id: string
  categoryId: string | null
  /** The regular unit price, integer cents. */
  priceCents: number
  priceModel: PriceModel
}

/** True while `sale` runs at `now` (from its start, up to but not including its end). */
export function saleRunsAt(sale: Pick<SaleTerms, 'startsAt' | 'endsAt'>, now: Date): boolean {
  return sale.startsAt.getTime() <= now.getTime() && now.getTime() < sale.endsAt.getTime()
}

/** True when the sale's scope covers the product (whatever the time). */
export function saleCovers(sale: Pick<SaleTerms, 'scope' | 'productIds' | 'categoryIds'>, product: Pick<SaleCandidate, 'id' | 'categoryId'>): boolean {
  if (sale.scope === 'store') return true
  if (sale.scope === 'products') return sale.productIds.includes(product.id)
  return product.categoryId !== null && sale.categoryIds.includes(product.categoryId)
}

/** The unit price under the sale: percent off rounded half up to the cent, or the amount off; never below 0. */
export function salePriceCents(regularCents: number, sale: Pick<SaleTerms, 'percentOff' | 'amountOffCents'>): number {
  const off = sale.percentOff !== null ? Math.floor((regularCents * sale.percentOff + 50) / 100) : (sale.amountOffCents ?? 0)
  return Math.max(0, regularCents - off)
}

/** The sale that prices the product at `now` and the price it makes, or null when none does. */
export function bestSaleFor(product: SaleCandidate, sales: readonly SaleTerms[], now: Date): { sale: SaleTerms; priceCents: number } | null {
  if (product.priceModel !== 'fixed' || product.priceCents <= 0) return null
  let best: { sale: SaleTerms; priceCents: number } | null = null
  for (const sale of sales) {
    if (!saleRunsAt(sale, now) || !saleCovers(sale, product)) continue
    const priceCents = salePriceCents(product.priceCents, sale)
    if (priceCents < product.priceCents && (!best || priceCents < best.priceCents)) best = { sale, priceCents }
  }
  return best
}

/**
 * The next moment after `now` at which some sale starts or ends: until then every price the
 * catalog answers stays right, so cached answers may be kept that long. Null when none is ahead.
 */
export function nextSaleBoundary(sales: readonly Pick<SaleTerms, 'startsAt' | 'endsAt'>[], now: Date): Date | null {
  let next: number | null = null
  for (const sale of sales) {
    for (const moment of [sale.startsAt.getTime(), sale.endsAt.getTime()]) {
      if (moment > now.getTime() && (next === null || moment < next)) next = moment
    }
  }
  return next === null ? null : new Date(next)
}

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS

/**
 * What a card and a product page say of a running sale's end: whole days while a day or more is
 * left ("Sale ends in 2 days"), whole hours while an hour or more is ("Sale ends in 5 hours"),
 * then "Sale ends today". Counts are rounded down, so the note never promises more time than is
 * left. Null once the sale has ended.
 */
export function saleEndsText(endsAt: Date | string, now: Date): string | null {
  const left = new Date(endsAt).getTime() - now.getTime()
  if (!(left > 0)) return null
  if (left >= DAY_MS) {
    const days = Math.floor(left / DAY_MS)
    return `Sale ends in ${days} ${days === 1 ? 'day' : 'days'}`
  }
  if (left >= HOUR_MS) {
    const hours = Math.floor(left / HOUR_MS)
    return `Sale ends in ${hours} ${hours === 1 ? 'hour' : 'hours'}`
  }
  return 'Sale ends today'
}
