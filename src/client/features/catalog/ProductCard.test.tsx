// @vitest-environment happy-dom
/** ProductCard, with the controls the app hands every card (wishlist, owned download, free claim): badges, discount percent, tags, stars, price and links. */
import '@testing-library/jest-dom/vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { makeProduct } from '../../../../tests/support/client/product-fixture.ts'
import type { Product } from '../../../shared/contract/catalog.ts'
import { ProductCardActionsProvider } from '../../app/ProductCardActions.tsx'
import { useWishlist } from '../wishlist/wishlist-store.ts'
import { ProductCard } from './ProductCard.tsx'

// The card's Add to Cart goes through this one hook; the cart itself is tested on its own.
const addToCart = vi.fn()
vi.mock('../../cart-state/use-add-to-cart.ts', () => ({ useAddToCart: () => addToCart }))
const owned: { ids: string[] } = { ids: [] }
vi.mock('../../session/use-owned-products.ts', () => ({ useOwnedProductIds: () => owned.ids }))

function renderCard(product: Product, variant?: 'default' | 'featured' | 'compact') {
  return render(
    <MemoryRouter>
      <ProductCardActionsProvider>
        <ProductCard product={product} variant={variant} />
      </ProductCardActionsProvider>
    </MemoryRouter>,
  )
}

afterEach(() => {
  cleanup()
  addToCart.mockClear()
  owned.ids = []
  localStorage.clear()
  useWishlist.setState({ productIds: [] })
})

describe('ProductCard', () => {
  it('shows NEW, -N% and FEATURED badges from the product', () => {
    renderCard(makeProduct({ isNew: true, isFeatured: true, priceCents: 2999, originalPriceCents: 3999, isOnSale: true }))
    expect(screen.getByText('NEW')).toBeInTheDocument()
    // round((3999 - 2999) / 3999 × 100) = 25
    expect(screen.getByText('-25%')).toBeInTheDocument()
    expect(screen.getByText('FEATURED')).toBeInTheDocument()
  })

  it('shows no badges for a plain product', () => {
    renderCard(makeProduct())
    expect(screen.queryByText('NEW')).not.toBeInTheDocument()
    expect(screen.queryByText(/^-\d+%$/)).not.toBeInTheDocument()
    expect(screen.queryByText('FEATURED')).not.toBeInTheDocument()
  })

  it('shows the sale price with the original price struck through', () => {
    const { container } = renderCard(makeProduct({ priceCents: 2999, originalPriceCents: 3999, isOnSale: true }))
    expect(screen.getByText('$29.99')).toBeInTheDocument()
    const struck = container.querySelector('s')
    expect(struck).toHaveTextContent('$39.99')
  })

  it('shows only the price when there is no saving', () => {
    const { container } = renderCard(makeProduct({ priceCents: 1250, originalPriceCents: null }))
    expect(screen.getByText('$12.50')).toBeInTheDocument()
    expect(container.querySelector('s')).toBeNull()
  })

  it('lists at most three tags', () => {
    renderCard(makeProduct({ tags: ['drums', 'lofi', 'tape', 'vinyl', 'boom bap'] }))
    const tags = within(screen.getByRole('list', { name: 'Tags' })).getAllByRole('listitem')
    expect(tags.map((tag) => tag.textContent)).toEqual(['drums', 'lofi', 'tape'])
    expect(screen.queryByText('vinyl')).not.toBeInTheDocument()
  })

  it('fills the floor of the rating and labels the exact rating', () => {
    const { container } = renderCard(makeProduct({ rating: 4.6, reviewCount: 128 }))
    expect(screen.getByRole('img', { name: 'Rated 4.6 out of 5' })).toBeInTheDocument()
    expect(container.querySelectorAll('[data-filled="true"]')).toHaveLength(4)
    expect(container.querySelectorAll('[data-filled="false"]')).toHaveLength(1)
    expect(screen.getByText(/\(128/)).toBeInTheDocument()
    expect(screen.queryByText('Demo rating')).not.toBeInTheDocument()
  })

  it('shows no stars and no review count for a product its owner gave no rating', () => {
    const { container } = renderCard(makeProduct({ rating: null, reviewCount: 0 }))
    expect(screen.queryByRole('img', { name: /Rated/ })).not.toBeInTheDocument()
    expect(screen.queryByText('Not yet rated')).not.toBeInTheDocument()
    expect(container.querySelectorAll('[data-filled]')).toHaveLength(0)
    expect(screen.queryByText(/\(0/)).not.toBeInTheDocument()
  })

  it('labels the demo catalog\'s invented rating "Demo rating"', () => {
    renderCard(makeProduct({ rating: 4.7, reviewCount: 128, metadata: { demoRating: true } }))
    expect(screen.getByRole('img', { name: 'Rated 4.7 out of 5' })).toBeInTheDocument()
    expect(screen.getByText('Demo rating')).toBeInTheDocument()
  })

  it('links the name and "View Details →" to the product page', () => {
    renderCard(makeProduct({ id: 'abc-123' }))
    expect(screen.getByRole('link', { name: 'View Details →' })).toHaveAttribute('href', '/products/abc-123')
    expect(screen.getByRole('link', { name: 'Midnight Drums' })).toHaveAttribute('href', '/products/abc-123')
  })

  it('adds the product to the cart', () => {
    const product = makeProduct()
    renderCard(product)
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }))
    expect(addToCart).toHaveBeenCalledWith(product)
  })

  it('shows a preview button only when the product has an audio preview', () => {
    renderCard(makeProduct())
    expect(screen.queryByRole('button', { name: /preview of/ })).not.toBeInTheDocument()
    cleanup()
    renderCard(makeProduct({ audioPreview: '/media/previews/midnight-drums.mp3' }))
    expect(screen.getByRole('button', { name: 'Play preview of Midnight Drums' })).toBeInTheDocument()
  })

  it('toggles the wishlist heart and stores it in localStorage', () => {
    renderCard(makeProduct({ id: 'wish-1' }))
    fireEvent.click(screen.getByRole('button', { name: 'Add to wishlist' }))
    const heart = screen.getByRole('button', { name: 'Remove from wishlist' })
    expect(heart).toHaveAttribute('aria-pressed', 'true')
    expect(localStorage.getItem('als_wishlist')).toContain('wish-1')
  })

  it('offers a dot per image when there are several', () => {
    // Lists carry the gallery as the server derived it (imageUrl, then the metadata images).
    renderCard(makeProduct({ imageUrl: '/a-640.webp', images: ['/a-640.webp', '/b-640.webp', '/c-640.webp'] }))
    expect(screen.getByRole('button', { name: 'Show image 1' })).toHaveAttribute('aria-pressed', 'true')
    fireEvent.click(screen.getByRole('button', { name: 'Show image 3' }))
    expect(screen.getByRole('button', { name: 'Show image 3' })).toHaveAttribute('aria-pressed', 'true')
  })

  it('offers "✓ Owned - Download" to the hub instead of Add to Cart for an owned digital product', () => {
    owned.ids = ['plugin']
    renderCard(makeProduct({ id: 'plugin', name: 'Glue Comp', metadata: { product_type: 'digital_download' } }))
    expect(screen.getByRole('link', { name: '✓ Owned - Download' })).toHaveAttribute('href', '/download-hub')
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument()
  })

  it('keeps Add to Cart for a digital product the shopper does not own', () => {
    owned.ids = ['something-else']
    renderCard(makeProduct({ id: 'plugin', metadata: { product_type: 'digital_download' } }))
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: '✓ Owned - Download' })).not.toBeInTheDocument()
  })

  it('keeps Add to Cart for an owned product that is not a digital download', () => {
    owned.ids = ['prod-1']
    renderCard(makeProduct({ id: 'prod-1', metadata: {} }))
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeInTheDocument()
  })
})
