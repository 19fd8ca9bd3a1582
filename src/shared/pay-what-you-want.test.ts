import { describe, expect, it } from 'vitest'
import { PWYW_MAX_CENTS, pwywRefusal } from './pay-what-you-want.ts'

const product = { name: 'Lo-Fi Keys', priceModel: 'pwyw' as const, minPriceCents: 500 }

describe('pay what you want', () => {
  it('accepts the minimum and anything above it', () => {
    expect(pwywRefusal(product, 500)).toBeNull()
    expect(pwywRefusal(product, 750)).toBeNull()
  })

  it('refuses an amount under the minimum, naming the minimum', () => {
    expect(pwywRefusal(product, 100)).toBe('Enter at least $5.00 for Lo-Fi Keys')
  })

  it('refuses a missing or fractional amount the same way', () => {
    expect(pwywRefusal(product, null)).toBe('Enter at least $5.00 for Lo-Fi Keys')
    expect(pwywRefusal(product, 600.5)).toBe('Enter at least $5.00 for Lo-Fi Keys')
  })

  it('refuses an amount past the ceiling', () => {
    expect(pwywRefusal(product, PWYW_MAX_CENTS + 1)).toBe('Enter at most $1,000.00 for Lo-Fi Keys')
  })

  it('never takes less than a card payment can be, even when the owner set no minimum', () => {
    expect(pwywRefusal({ ...product, minPriceCents: 0 }, 0)).toBe('Enter at least $0.50 for Lo-Fi Keys')
    expect(pwywRefusal({ ...product, minPriceCents: null }, 50)).toBeNull()
  })

  it('ignores the amount for a fixed-price product', () => {
    expect(pwywRefusal({ ...product, priceModel: 'fixed' }, 1)).toBeNull()
  })
})
