// @vitest-environment happy-dom
/**
 * The drawer's and cart page's figures under the store's tax policy, before checkout: the tax of
 * the place this browser last checked out from (VAT 19 % for Germany, in by-country and Stripe
 * Tax modes alike), "Tax calculated at checkout" and no tax in the total before any place is
 * known, and the spec's flat estimate in flat mode.
 */
import '@testing-library/jest-dom/vitest'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { byCountryTaxPolicy, makeTaxPolicy, queryClientWithTaxPolicy } from '../../../tests/support/client/tax-policy-fixture.ts'
import type { PublicTaxPolicy } from '../../shared/contract/tax.ts'
import type { CartItem } from './cart-item.ts'
import { useCartStore } from './cart-store.ts'
import { CartTotals } from '../components/CartTotals.tsx'
import { useCartTotals } from './use-cart-totals.ts'

const LINE: CartItem = {
  id: 'keys',
  name: 'Tape Keys',
  priceCents: 4000,
  originalPriceCents: null,
  image: '/placeholder-product.svg',
  category: 'Instruments',
  quantity: 1,
  licenseType: 'standard',
  isDigital: true,
  purchaseLimit: 1,
}

function Figures() {
  return <CartTotals totals={useCartTotals()} promoCode={null} variant="page" />
}

function renderFigures(policy: PublicTaxPolicy) {
  render(
    <QueryClientProvider client={queryClientWithTaxPolicy(policy)}>
      <Figures />
    </QueryClientProvider>,
  )
}
const figure = (label: string) => screen.getByText(label).nextElementSibling
const rememberGermany = () => localStorage.setItem('als_billing_address', JSON.stringify({ countryCode: 'DE', state: '', postalCode: '10115' }))

beforeEach(() => {
  useCartStore.setState({ items: [LINE], promoCode: null, discount: 0, isOpen: false, mode: 'local', isLoading: false, isSyncing: false })
})
afterEach(() => {
  cleanup()
  localStorage.clear()
})

describe('the cart figures before checkout', () => {
  it("taxes the cart for this browser's last billing country: Germany's VAT 19 %", () => {
    rememberGermany()
    renderFigures(byCountryTaxPolicy())
    expect(figure('VAT 19%')).toHaveTextContent('$7.60')
    expect(figure('Estimated total')).toHaveTextContent('$47.60')
  })

  it('in Stripe Tax mode shows the same table rate, the estimate Stripe then computes for real', () => {
    rememberGermany()
    renderFigures(byCountryTaxPolicy({ mode: 'stripe' }))
    expect(figure('VAT 19%')).toHaveTextContent('$7.60')
  })

  it('before any place is known says the tax comes at checkout, and totals without it', () => {
    renderFigures(byCountryTaxPolicy())
    expect(figure('Tax calculated at checkout')).toHaveTextContent('—')
    expect(figure('Estimated total')).toHaveTextContent('$40.00')
  })

  it('keeps the spec’s flat estimate in flat mode, wherever the buyer was last', () => {
    rememberGermany()
    renderFigures(makeTaxPolicy())
    expect(figure('Estimated tax (8%)')).toHaveTextContent('$3.20')
    expect(figure('Estimated total')).toHaveTextContent('$43.20')
  })
})
