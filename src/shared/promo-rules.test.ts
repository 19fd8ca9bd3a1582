/** The promo rule: each reason a code cannot be used, in order, with its code and sentence. */
import { describe, expect, it } from 'vitest'
import { percentCode } from './pricing.ts'
import { codeDiscountLabel, isPromoRefusal, listOfNames, promoMinimumRefusal, promoRefusal, promoScopeRefusal, type PromoTerms } from './promo-rules.ts'

const NOW = new Date('2026-04-10T12:00:00Z')
const spring: PromoTerms = { code: 'SPRING', active: true, startsAt: null, endsAt: null, maxUses: null, uses: 0, minSubtotalCents: 4000 }

describe('promoRefusal', () => {
  it('lets a code through when the cart meets its minimum', () => {
    expect(promoRefusal(spring, { now: NOW, subtotalCents: 4000 })).toBeNull()
  })

  it('says how much more to add below the minimum', () => {
    expect(promoRefusal(spring, { now: NOW, subtotalCents: 1999 })).toEqual({
      code: 'PROMO_MINIMUM_NOT_MET',
      message: 'SPRING needs a subtotal of $40.00: add $20.01 more',
    })
  })

  it('answers an unknown or switched-off code with the text it is given', () => {
    expect(promoRefusal(null, { now: NOW, subtotalCents: 0 })).toEqual({ code: 'INVALID_PROMO_CODE', message: 'Invalid promo code' })
    expect(promoRefusal({ ...spring, active: false }, { now: NOW, subtotalCents: 9999, unknownMessage: 'Invalid or expired promo code' })).toEqual({
      code: 'INVALID_PROMO_CODE',
      message: 'Invalid or expired promo code',
    })
  })

  it('names the start and end dates, and the end is the first moment the code no longer works', () => {
    const soon = { ...spring, startsAt: new Date('2026-12-01T12:00:00Z') }
    expect(promoRefusal(soon, { now: NOW, subtotalCents: 9999 })).toEqual({ code: 'PROMO_NOT_STARTED', message: 'SPRING starts on December 1, 2026' })
    const ended = { ...spring, endsAt: NOW }
    expect(promoRefusal(ended, { now: NOW, subtotalCents: 9999 })).toEqual({ code: 'PROMO_EXPIRED', message: 'SPRING expired on April 10, 2026' })
    expect(promoRefusal(ended, { now: new Date(NOW.getTime() - 1), subtotalCents: 9999 })).toBeNull()
  })

  it('says a code with no uses left is used up, before looking at the cart', () => {
    expect(promoRefusal({ ...spring, maxUses: 3, uses: 3 }, { now: NOW, subtotalCents: 0 })).toEqual({
      code: 'PROMO_USED_UP',
      message: 'SPRING has been used up',
    })
    expect(promoRefusal({ ...spring, maxUses: 3, uses: 2 }, { now: NOW, subtotalCents: 4000 })).toBeNull()
  })

  it('says a code whose budget is given is spent, before looking at the cart; some budget left lets it through', () => {
    expect(promoRefusal({ ...spring, budgetCents: 10_000, discountGivenCents: 10_000 }, { now: NOW, subtotalCents: 0 })).toEqual({
      code: 'PROMO_BUDGET_SPENT',
      message: 'SPRING has reached its budget',
    })
    expect(promoRefusal({ ...spring, budgetCents: 10_000, discountGivenCents: 9_999 }, { now: NOW, subtotalCents: 4000 })).toBeNull()
    expect(promoRefusal({ ...spring, budgetCents: null, discountGivenCents: 50_000 }, { now: NOW, subtotalCents: 4000 })).toBeNull()
  })
})

describe('promoScopeRefusal', () => {
  const drums = { priceCents: 3000, quantity: 1, productId: 'drums', categoryId: 'drum-kits' }
  const keysOnSale = { priceCents: 1500, originalPriceCents: 2000, quantity: 1, productId: 'keys', categoryId: 'instruments', onSale: true }
  const limited = { ...percentCode(0.1), categoryIds: ['drum-kits'] }

  it('refuses a limited code that covers none of the lines, naming what it applies to', () => {
    expect(promoScopeRefusal('SPRING', limited, [keysOnSale], ['Drum Kits'])).toEqual({
      code: 'PROMO_NOT_APPLICABLE',
      message: 'SPRING applies to Drum Kits only',
    })
    expect(promoScopeRefusal('SPRING', { ...limited, excludeSaleItems: true }, [keysOnSale], ['Drum Kits', 'Neo Soul Progressions'])?.message).toBe(
      'SPRING applies to Drum Kits and Neo Soul Progressions only, not to items on sale',
    )
    expect(promoScopeRefusal('SPRING', { ...percentCode(0.1), excludeSaleItems: true }, [keysOnSale], [])?.message).toBe(
      'SPRING does not apply to items on sale',
    )
  })

  it('lets a limited code through when one line is covered, and never refuses a whole-cart code', () => {
    expect(promoScopeRefusal('SPRING', limited, [keysOnSale, drums], ['Drum Kits'])).toBeNull()
    expect(promoScopeRefusal('WELCOME10', percentCode(0.1), [], [])).toBeNull()
  })

  it('words lists and amounts as the cart and the console show them', () => {
    expect(listOfNames(['A', 'B', 'C', 'D', 'E'])).toBe('A, B, C and 2 more')
    expect(listOfNames(['A', 'B', 'C', 'D'])).toBe('A, B, C and D')
    expect(codeDiscountLabel({ percentOff: 20, amountOffCents: null })).toBe('20% off')
    expect(codeDiscountLabel({ percentOff: null, amountOffCents: 500 })).toBe('$5.00 off')
  })
})

describe('promoMinimumRefusal and isPromoRefusal', () => {
  it('gives nothing for a code without a minimum', () => expect(promoMinimumRefusal('WELCOME10', 0, 0)).toBeNull())
  it('knows the refusal codes and nothing else', () => {
    expect(['INVALID_PROMO_CODE', 'PROMO_MINIMUM_NOT_MET', 'PROMO_ALREADY_USED', 'PROMO_BUDGET_SPENT', 'PROMO_NOT_APPLICABLE'].every(isPromoRefusal)).toBe(true)
    expect(isPromoRefusal('CART_EMPTY')).toBe(false)
    expect(isPromoRefusal(undefined)).toBe(false)
  })
})
