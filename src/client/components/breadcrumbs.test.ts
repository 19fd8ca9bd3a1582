/** The breadcrumb trail: fixed labels for the store's own pages, the rest capitalised, the product id skipped. */
import { describe, expect, it } from 'vitest'
import { buildBreadcrumbs, breadcrumbLabel } from './breadcrumbs.ts'

describe('breadcrumbs', () => {
  it('uses the fixed labels and capitalises the rest with hyphens as spaces', () => {
    expect(breadcrumbLabel('cart')).toBe('Shopping Cart')
    expect(breadcrumbLabel('account')).toBe('My Account')
    expect(breadcrumbLabel('sample-packs')).toBe('Sample packs')
  })

  it('skips the product id segment', () => {
    expect(buildBreadcrumbs('/products/1234')).toEqual([{ label: 'Products', href: '/products' }])
    expect(buildBreadcrumbs('/checkout/hosted')).toEqual([
      { label: 'Checkout', href: '/checkout' },
      { label: 'Hosted', href: '/checkout/hosted' },
    ])
  })
})
