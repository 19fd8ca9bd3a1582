// @vitest-environment happy-dom
/** A product card under a timed sale: the sale price, the regular price struck through, and how long the sale has left. */
import '@testing-library/jest-dom/vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { makeProduct } from '../../../../tests/support/client/product-fixture.ts'
import type { Product } from '../../../shared/contract/catalog.ts'
import { ProductCard } from './ProductCard.tsx'

vi.mock('../../cart-state/use-add-to-cart.ts', () => ({ useAddToCart: () => vi.fn() }))
vi.mock('../../session/use-owned-products.ts', () => ({ useOwnedProductIds: () => [] }))

const NOW = new Date('2026-11-27T10:00:00.000Z')
const HOUR = 3_600_000

function renderCard(product: Product) {
  return render(
    <MemoryRouter>
      <ProductCard product={product} />
    </MemoryRouter>,
  )
}

const onSale = (endsInMs: number) =>
  makeProduct({
    priceCents: 2099,
    originalPriceCents: 2999,
    isOnSale: true,
    sale: { id: 'sale-1', name: 'Black Friday', endsAt: new Date(NOW.getTime() + endsInMs).toISOString() },
  })

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('ProductCard under a timed sale', () => {
  it('shows the sale price, the regular price struck through and "Sale ends in 2 days"', () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOW)
    const { container } = renderCard(onSale(2 * 24 * HOUR + 3 * HOUR))
    expect(screen.getByText('$20.99')).toBeInTheDocument()
    expect(container.querySelector('s')).toHaveTextContent('$29.99')
    expect(screen.getByText('Sale ends in 2 days')).toBeInTheDocument()
  })

  it('counts hours on its last day, and says today in its last hour', () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOW)
    renderCard(onSale(5 * HOUR + 10 * 60_000))
    expect(screen.getByText('Sale ends in 5 hours')).toBeInTheDocument()
    cleanup()
    renderCard(onSale(20 * 60_000))
    expect(screen.getByText('Sale ends today')).toBeInTheDocument()
  })

  it('says nothing of an end for a compare-at price without a sale', () => {
    renderCard(makeProduct({ priceCents: 2099, originalPriceCents: 2999, isOnSale: true, sale: null }))
    expect(screen.queryByText(/Sale ends/)).not.toBeInTheDocument()
  })
})
