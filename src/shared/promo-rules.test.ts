/** The promo rule: each reason a code cannot be used, in order, with its code and sentence. */
import { describe, expect, it } from 'vitest'
import { isPromoRefusal, promoMinimumRefusal, promoRefusal, type PromoTerms } from './promo-rules.ts'

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
})

describe('promoMinimumRefusal and isPromoRefusal', () => {
  it('gives nothing for a code without a minimum', () => expect(promoMinimumRefusal('WELCOME10', 0, 0)).toBeNull())
  it('knows the refusal codes and nothing else', () => {
    expect(['INVALID_PROMO_CODE', 'PROMO_MINIMUM_NOT_MET', 'PROMO_ALREADY_USED'].every(isPromoRefusal)).toBe(true)
    expect(isPromoRefusal('CART_EMPTY')).toBe(false)
    expect(isPromoRefusal(undefined)).toBe(false)
  })
})
