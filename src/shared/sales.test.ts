import { describe, expect, it } from 'vitest'
import type { SaleTerms } from './contract/selling.ts'
import { bestSaleFor, nextSaleBoundary, saleCovers, saleEndsText, salePriceCents, saleRunsAt, type SaleCandidate } from './sales.ts'

const START = new Date('2026-11-27T00:00:00.000Z')
const END = new Date('2026-12-01T00:00:00.000Z')
const DURING = new Date('2026-11-28T12:00:00.000Z')

function sale(terms: Partial<SaleTerms>): SaleTerms {
  return {
    id: terms.name ?? 'sale',
    name: 'Black Friday',
    percentOff: 30,
    amountOffCents: null,
    scope: 'store',
    productIds: [],
    categoryIds: [],
    startsAt: START,
    endsAt: END,
    ...terms,
  }
}

const pack: SaleCandidate = { id: 'p-drums', categoryId: 'c-samples', priceCents: 2999, priceModel: 'fixed' }

describe('saleRunsAt', () => {
  it('runs from its start, up to but not including its end', () => {
    const blackFriday = sale({})
    expect(saleRunsAt(blackFriday, new Date(START.getTime() - 1))).toBe(false)
    expect(saleRunsAt(blackFriday, START)).toBe(true)
    expect(saleRunsAt(blackFriday, new Date(END.getTime() - 1))).toBe(true)
    expect(saleRunsAt(blackFriday, END)).toBe(false)
  })
})

describe('saleCovers', () => {
  it('covers every product for the whole store, the chosen products, or the chosen categories’ products', () => {
    expect(saleCovers(sale({ scope: 'store' }), pack)).toBe(true)
    expect(saleCovers(sale({ scope: 'products', productIds: ['p-drums'] }), pack)).toBe(true)
    expect(saleCovers(sale({ scope: 'products', productIds: ['p-synths'] }), pack)).toBe(false)
    expect(saleCovers(sale({ scope: 'categories', categoryIds: ['c-samples'] }), pack)).toBe(true)
    expect(saleCovers(sale({ scope: 'categories', categoryIds: ['c-midi'] }), pack)).toBe(false)
    expect(saleCovers(sale({ scope: 'categories', categoryIds: ['c-samples'] }), { ...pack, categoryId: null })).toBe(false)
  })
})

describe('salePriceCents', () => {
  it('takes a percent off each unit, rounding the discount half up to the cent', () => {
    // 30 % of $29.99 = 899.7 cents → 900 off
    expect(salePriceCents(2999, { percentOff: 30, amountOffCents: null })).toBe(2099)
    // 10 % of $10.05 = 100.5 cents → 101 off; 10 % of $10.04 = 100.4 → 100 off
    expect(salePriceCents(1005, { percentOff: 10, amountOffCents: null })).toBe(904)
    expect(salePriceCents(1004, { percentOff: 10, amountOffCents: null })).toBe(904)
    expect(salePriceCents(2999, { percentOff: 100, amountOffCents: null })).toBe(0)
  })

  it('takes a fixed amount off, never below 0', () => {
    expect(salePriceCents(2999, { percentOff: null, amountOffCents: 500 })).toBe(2499)
    expect(salePriceCents(399, { percentOff: null, amountOffCents: 500 })).toBe(0)
  })
})

describe('bestSaleFor', () => {
  it('prices a covered product while the sale runs, and not before or after', () => {
    const blackFriday = sale({})
    expect(bestSaleFor(pack, [blackFriday], DURING)).toEqual({ sale: blackFriday, priceCents: 2099 })
    expect(bestSaleFor(pack, [blackFriday], new Date(START.getTime() - 1))).toBeNull()
    expect(bestSaleFor(pack, [blackFriday], END)).toBeNull()
  })

  it('of several running sales, gives the one that saves the buyer most; sales never stack', () => {
    const storeWide = sale({ name: 'store-10', percentOff: 10 })
    const samples = sale({ name: 'samples-12', percentOff: null, amountOffCents: 1200, scope: 'categories', categoryIds: ['c-samples'] })
    const drums = sale({ name: 'drums-25', percentOff: 25, scope: 'products', productIds: ['p-drums'] })
    const notMine = sale({ name: 'midi-90', percentOff: 90, scope: 'categories', categoryIds: ['c-midi'] })
    const best = bestSaleFor(pack, [storeWide, drums, samples, notMine], DURING)
    expect(best?.sale.name).toBe('samples-12')
    expect(best?.priceCents).toBe(1799)
  })

  it('never prices a pay-what-you-want or a free product', () => {
    expect(bestSaleFor({ ...pack, priceModel: 'pwyw' }, [sale({})], DURING)).toBeNull()
    expect(bestSaleFor({ ...pack, priceCents: 0 }, [sale({})], DURING)).toBeNull()
  })

  it('ignores a sale that would not lower the price (1 % of 10 cents rounds to nothing)', () => {
    expect(bestSaleFor({ ...pack, priceCents: 10 }, [sale({ percentOff: 1 })], DURING)).toBeNull()
  })
})

describe('nextSaleBoundary', () => {
  it('is the nearest start or end after now, and null when none is ahead', () => {
    const later = sale({ startsAt: new Date('2026-11-29T00:00:00.000Z'), endsAt: new Date('2026-11-30T00:00:00.000Z') })
    expect(nextSaleBoundary([sale({}), later], new Date('2026-11-26T00:00:00.000Z'))).toEqual(START)
    expect(nextSaleBoundary([sale({}), later], DURING)).toEqual(new Date('2026-11-29T00:00:00.000Z'))
    expect(nextSaleBoundary([sale({}), later], new Date('2026-11-29T06:00:00.000Z'))).toEqual(new Date('2026-11-30T00:00:00.000Z'))
    // Exactly at a boundary, the next one is the one after it.
    expect(nextSaleBoundary([sale({})], START)).toEqual(END)
    expect(nextSaleBoundary([sale({})], END)).toBeNull()
  })
})

describe('saleEndsText', () => {
  const now = new Date('2026-11-28T10:00:00.000Z')
  const after = (ms: number) => new Date(now.getTime() + ms)
  const HOUR = 3_600_000

  it('counts whole days left, rounded down, while a day or more is left', () => {
    expect(saleEndsText(after(2 * 24 * HOUR + 5 * HOUR), now)).toBe('Sale ends in 2 days')
    expect(saleEndsText(after(47 * HOUR).toISOString(), now)).toBe('Sale ends in 1 day')
    expect(saleEndsText(after(24 * HOUR), now)).toBe('Sale ends in 1 day')
  })

  it('counts whole hours under a day, then says today in its last hour', () => {
    expect(saleEndsText(after(5 * HOUR + 59 * 60_000), now)).toBe('Sale ends in 5 hours')
    expect(saleEndsText(after(24 * HOUR - 1), now)).toBe('Sale ends in 23 hours')
    expect(saleEndsText(after(HOUR), now)).toBe('Sale ends in 1 hour')
    expect(saleEndsText(after(HOUR - 1), now)).toBe('Sale ends today')
    expect(saleEndsText(after(1), now)).toBe('Sale ends today')
  })

  it('says nothing once the sale has ended', () => {
    expect(saleEndsText(now, now)).toBeNull()
    expect(saleEndsText(after(-HOUR), now)).toBeNull()
    expect(saleEndsText('not a date', now)).toBeNull()
  })
})
