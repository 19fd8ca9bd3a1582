// @vitest-environment happy-dom
/** ProductGrid: placeholders while loading, the empty text and the error text. */
import '@testing-library/jest-dom/vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { makeProduct } from '../../../../tests/support/client/product-fixture.ts'
import { ApiError } from '../../api/http.ts'
import { ProductGrid } from './ProductGrid.tsx'

// The card's Add to Cart goes through this one hook; the cart itself is tested on its own.
const addToCart = vi.fn()
vi.mock('../../cart-state/use-add-to-cart.ts', () => ({ useAddToCart: () => addToCart }))
vi.mock('../../session/use-owned-products.ts', () => ({ useOwnedProductIds: () => [] }))

afterEach(cleanup)

function renderGrid(props: Partial<Parameters<typeof ProductGrid>[0]>) {
  return render(
    <MemoryRouter>
      <ProductGrid products={undefined} isLoading={false} error={null} emptyText="" {...props} />
    </MemoryRouter>,
  )
}

describe('ProductGrid', () => {
  it('shows six placeholders while loading', () => {
    renderGrid({ isLoading: true })
    expect(screen.getAllByTestId('product-skeleton')).toHaveLength(6)
  })

  it('shows the category empty text when the list is empty', () => {
    renderGrid({ products: [], emptyText: 'No products available in MIDI Packs category yet' })
    expect(screen.getByText('No products available in MIDI Packs category yet')).toBeInTheDocument()
  })

  it('shows "Failed to load products" with the API\'s sentence', () => {
    renderGrid({ error: new ApiError('Category not found', 404, 'NOT_FOUND') })
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load products')
    expect(screen.getByText('Category not found')).toBeInTheDocument()
  })

  it('never shows the words of an error that is not an API answer', () => {
    renderGrid({ error: new TypeError("Cannot read properties of undefined (reading 'map')") })
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load productsFailed to fetch products')
  })

  it('renders a card per product', () => {
    renderGrid({ products: [makeProduct({ id: 'a', name: 'First' }), makeProduct({ id: 'b', name: 'Second' })] })
    expect(screen.getByRole('link', { name: 'First' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Second' })).toBeInTheDocument()
    expect(screen.queryByTestId('product-skeleton')).not.toBeInTheDocument()
  })
})
