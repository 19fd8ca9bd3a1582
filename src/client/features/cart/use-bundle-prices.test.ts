/**
 * A signed-in shopper's bundle line costs what completes it: the line and the cart's figures
 * (priceCart) take the offer's price, the bundle's own price stays as the struck original,
 * other lines and bundles without an offer are left as they are, and nothing changes twice.
 */
import { describe, expect, it } from 'vitest'
import { makeProduct } from '../../../../tests/support/client/product-fixture.ts'
import { priceCart } from '../../../shared/pricing.ts'
import { cartItemFromProduct } from '../../cart-state/cart-item.ts'
import { withBundlePrices } from './use-bundle-prices.ts'

const bundle = cartItemFromProduct(makeProduct({ id: 'bundle', name: 'Night Session Bundle', priceCents: 4000, isBundle: true }))
const other = cartItemFromProduct(makeProduct({ id: 'other-bundle', name: 'Other Bundle', priceCents: 3000, isBundle: true }))
const pack = cartItemFromProduct(makeProduct({ id: 'pack', name: 'Tape Keys', priceCents: 1500 }))

describe('withBundlePrices', () => {
  it('prices a bundle line at its offer, keeps the bundle price as the original, and totals the cart with it', () => {
    const priced = withBundlePrices([bundle, other, pack], new Map([['bundle', 2800]]))
    expect(priced.map((item) => [item.id, item.priceCents, item.originalPriceCents])).toEqual([
      ['bundle', 2800, 4000],
      ['other-bundle', 3000, null],
      ['pack', 1500, null],
    ])
    expect(priceCart(priced).subtotalCents).toBe(2800 + 3000 + 1500)
  })

  it('answers the same lines when every bundle already costs its offer, and never lowers the original on a later offer', () => {
    const once = withBundlePrices([bundle, pack], new Map([['bundle', 2800]]))
    expect(withBundlePrices(once, new Map([['bundle', 2800]]))).toBe(once)
    const raised = withBundlePrices(once, new Map([['bundle', 3200]]))
    expect(raised[0]).toMatchObject({ priceCents: 3200, originalPriceCents: 4000 })
  })

  it('leaves a product that is not a bundle at its price even if an offer names it', () => {
    const lines = [pack]
    expect(withBundlePrices(lines, new Map([['pack', 100]]))).toBe(lines)
  })
})
