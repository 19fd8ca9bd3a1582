// @vitest-environment happy-dom
/** Direct checkout: needs its navigation state (else home, replacing the entry), shows the form and the order summary. */
import '@testing-library/jest-dom/vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { makeProduct } from '../../../../../tests/support/client/product-fixture.ts'
import type { DirectCheckoutState } from '../direct-checkout-state.ts'

vi.mock('../payments/EmbeddedCheckout.tsx', () => ({
  EmbeddedCheckout: ({ clientSecret, onComplete }: { clientSecret: string; onComplete: (sessionId: string) => void }) => (
    <button type="button" onClick={() => onComplete('cs_test_direct')}>
      Pay with {clientSecret}
    </button>
  ),
}))

const { default: DirectCheckoutPage } = await import('./DirectCheckoutPage.tsx')

function Where() {
  const location = useLocation()
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>
}

function renderDirect(state?: unknown) {
  return render(
    <MemoryRouter initialEntries={['/products/x', { pathname: '/checkout/direct', state }]} initialIndex={1}>
      <Routes>
        <Route path="/checkout/direct" element={<DirectCheckoutPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  )
}

afterEach(cleanup)

const product = makeProduct({ id: 'glue', name: 'Glue Comp', priceCents: 4900, category: null, categoryId: null })

describe('DirectCheckoutPage', () => {
  it('without navigation state, goes to / at once', () => {
    renderDirect()
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/)
  })

  it('with a state lacking the client secret, goes to / as well', () => {
    renderDirect({ product, quantity: 1 })
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/)
  })

  it('shows the payment form, the summary with "Audio Product" for a product without category, and the total with tax', () => {
    const state: DirectCheckoutState = { clientSecret: 'cs_test_direct_secret_1', product, quantity: 2 }
    renderDirect(state)
    expect(screen.getByRole('button', { name: 'Pay with cs_test_direct_secret_1' })).toBeInTheDocument()
    const summary = screen.getByRole('complementary', { name: 'Order Summary' })
    expect(summary).toHaveTextContent('Glue Comp')
    expect(summary).toHaveTextContent('Audio Product')
    expect(screen.getByLabelText('Quantity 2')).toHaveTextContent('2')
    // 2 × $49.00 = $98.00, tax 8 % = $7.84
    expect(summary).toHaveTextContent('Total$105.84')
    expect(screen.getByRole('link', { name: '← Return to product' })).toHaveAttribute('href', '/products/glue')
  })

  it('goes to the success page of the paid session, leaving the cart alone', () => {
    renderDirect({ clientSecret: 'cs_test_direct_secret_1', product: makeProduct(), quantity: 1 } satisfies DirectCheckoutState)
    expect(screen.getByRole('complementary', { name: 'Order Summary' })).toHaveTextContent('Sample Packs')
    fireEvent.click(screen.getByRole('button', { name: /^Pay with/ }))
    expect(screen.getByTestId('where')).toHaveTextContent('/payment/success?session_id=cs_test_direct&cart=keep')
  })

  it("shows the order's figures as the server priced them, with the buyer's tax", () => {
    const totals = { subtotalCents: 4900, discountCents: 0, taxCents: 931, totalCents: 5831, taxLabel: 'VAT 19%', taxIncluded: false }
    renderDirect({ clientSecret: 'cs_test_direct_secret_1', product, quantity: 1, totals } satisfies DirectCheckoutState)
    const summary = screen.getByRole('complementary', { name: 'Order Summary' })
    expect(summary).toHaveTextContent('VAT 19%$9.31')
    expect(summary).toHaveTextContent('Total$58.31')
    expect(summary).not.toHaveTextContent('Estimated tax')
  })
})
