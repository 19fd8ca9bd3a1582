import { describe, expect, it } from 'vitest'
import { completionPriceCents, completionSentence } from './bundles.ts'

describe('complete the bundle', () => {
  it('charges the bundle price minus what the buyer paid for the items they own', () => {
    expect(completionPriceCents(4999, 1000, 1499)).toBe(3500)
  })

  it('never asks less than the floor the owner set', () => {
    expect(completionPriceCents(4999, 2500, 2999 + 1499)).toBe(2500)
  })

  it('reads no floor as zero and never goes below it', () => {
    expect(completionPriceCents(4999, null, 9000)).toBe(0)
  })

  it('never asks more than the bundle price, even with a floor above it', () => {
    expect(completionPriceCents(1999, 5000, 0)).toBe(1999)
    expect(completionPriceCents(1999, 5000, 500)).toBe(1999)
  })

  it('words the offer as the product page shows it', () => {
    expect(completionSentence({ ownedCount: 2, itemCount: 5, priceCents: 2400 })).toBe('You own 2 of 5: complete the bundle for $24.00')
  })
})
