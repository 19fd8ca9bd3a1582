// @vitest-environment happy-dom
/**
 * The product page leads with the sound: the play button and waveform sit with the price before
 * the gallery and share the player with the Audio Demos tab; Specifications shows what a producer
 * reads in plain words; a digital download shows its licence instead of a stepper; opening the
 * page counts one product view for the owner's funnel, with nothing but the kind sent.
 */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeProduct } from '../../../../tests/support/client/product-fixture.ts'
import type { Product } from '../../../shared/contract/catalog.ts'
import { usePreviewPlayer } from '../../preview/preview-player.ts'
import ProductDetailPage from './ProductDetailPage.tsx'

// Cart, checkout and related products are tested on their own; here they only need to be there.
vi.mock('../../cart-state/use-add-to-cart.ts', () => ({ useAddToCart: () => vi.fn() }))
vi.mock('../../session/use-owned-products.ts', () => ({ useOwnedProductIds: () => [] }))
vi.mock('../../features/checkout/public.ts', () => ({
  BuyNowButton: () => <button type="button">Buy Now</button>,
  useBuyNow: () => ({ buyNow: vi.fn(), isProcessing: false, error: null }),
}))
vi.mock('../../features/catalog/RelatedProducts.tsx', () => ({ RelatedProducts: () => null }))

const PREVIEW = '/media/previews/warehouse-techno.wav'

/** Warehouse Techno as the store serves it: metadata as written (with its internal keys), columns as derived. */
const warehouseTechno = makeProduct({
  id: 'warehouse-techno',
  name: 'Warehouse Techno',
  priceCents: 2799,
  fileSize: 15728640,
  metadata: {
    isNew: false,
    reviewCount: 67,
    rating: 4.4,
    product_type: 'digital_download',
    purchase_limit: '1',
    bpm: 130,
    key: 'D phrygian',
    genre: 'Techno',
    audioPreview: PREVIEW,
    images: ['/media/covers/warehouse-techno-1-640.webp'],
  },
  audioPreview: PREVIEW,
  previewPeaks: Array.from({ length: 40 }, (_, index) => ((index % 7) + 1) / 8),
  bpm: 130,
  musicKey: 'Dm',
  genre: 'Techno',
  types: ['loops'],
})

function renderPage(product: Product) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(['product', product.id], product)
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/products/${product.id}`]}>
        <Routes>
          <Route path="/products/:productId" element={<ProductDetailPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

// The shared audio element plays at once here: it says so by its events, as a browser's does.
beforeEach(() => {
  // Opening the page counts a view; nothing here listens for it.
  vi.stubGlobal('fetch', async () => new Response(null, { status: 204 }))
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'))
    return Promise.resolve()
  })
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'))
  })
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  usePreviewPlayer.setState({ currentUrl: null, isPlaying: false, position: 0, duration: 0, error: null })
  vi.restoreAllMocks()
})

describe('ProductDetailPage', () => {
  it('counts one product view when it opens, without cookies and without naming the product or the visitor', () => {
    const send = vi.fn(async (_url: string, _init?: RequestInit) => new Response(null, { status: 204 }))
    vi.stubGlobal('fetch', send)
    try {
      renderPage(warehouseTechno)
      const views = send.mock.calls.filter(([url]) => url === '/api/store-events')
      expect(views).toHaveLength(1)
      const init = views[0]![1]!
      expect(JSON.parse(init.body as string)).toEqual({ kind: 'product_view' })
      expect(init.credentials).toBe('omit')
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('puts the play button and the waveform with the price, before the gallery and the tabs', () => {
    renderPage(warehouseTechno)
    const lead = screen.getByRole('region', { name: 'Price and preview' })
    expect(lead).toHaveTextContent('$27.99')
    const play = within(lead).getByRole('button', { name: 'Play preview of Warehouse Techno' })
    expect(play).toHaveAttribute('aria-pressed', 'false')
    expect(within(lead).getByRole('slider', { name: 'Waveform of Warehouse Techno preview' })).toBeInTheDocument()
    expect(lead).toHaveTextContent('As recorded: 130 BPM · D minor')

    const gallery = screen.getAllByRole('img', { name: /^Warehouse Techno/ })[0]!
    expect(play.compareDocumentPosition(gallery) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(play.compareDocumentPosition(screen.getByRole('tablist')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('shares one player between the first screen and the Audio Demos tab', () => {
    renderPage(warehouseTechno)
    const lead = screen.getByRole('region', { name: 'Price and preview' })
    fireEvent.click(within(lead).getByRole('button', { name: 'Play preview of Warehouse Techno' }))
    expect(within(lead).getByRole('button', { name: 'Play preview of Warehouse Techno' })).toHaveAttribute('aria-pressed', 'true')

    fireEvent.click(screen.getByRole('tab', { name: 'Audio Demos' }))
    const demos = screen.getByRole('tabpanel')
    fireEvent.click(within(demos).getByRole('button', { name: 'Pause preview of Warehouse Techno' }))
    expect(within(demos).getByRole('button', { name: 'Play preview of Warehouse Techno' })).toBeInTheDocument()
    expect(within(lead).getByRole('button', { name: 'Play preview of Warehouse Techno' })).toHaveAttribute('aria-pressed', 'false')
  })

  it('shows no play button for a product without a preview, and the tab says so', () => {
    renderPage(makeProduct({ id: 'glue', name: 'Glue Comp', audioPreview: null, previewPeaks: null }))
    expect(screen.getByRole('region', { name: 'Price and preview' })).toHaveTextContent('$29.99')
    expect(screen.queryByRole('button', { name: /preview of Glue Comp/ })).not.toBeInTheDocument()
    fireEvent.click(screen.getByRole('tab', { name: 'Audio Demos' }))
    expect(screen.getByRole('tabpanel')).toHaveTextContent('No audio preview available for this product.')
  })

  it('lists what a producer reads in Specifications, with the key named as the player names it, and no internal keys', () => {
    renderPage(warehouseTechno)
    fireEvent.click(screen.getByRole('tab', { name: 'Specifications' }))
    const specs = screen.getByRole('tabpanel')
    const rows = within(specs)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`)
    expect(rows).toEqual(
      expect.arrayContaining([
        'BPM: 130',
        'Key: D minor',
        'Genre: Techno',
        'Contents: Loops',
        'File size: 15.0 MB',
        'Status: Available',
        'Category: Sample Packs',
      ]),
    )
    for (const internal of ['Review count', 'Is new', 'Product type', 'Purchase limit', 'Audio preview', '/media/', 'phrygian', 'digital_download']) {
      expect(specs).not.toHaveTextContent(internal)
    }
  })

  it('shows "Digital download · 1 licence" instead of a stepper for a digital download', () => {
    renderPage(warehouseTechno)
    expect(screen.getByText('Digital download · 1 licence')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Increase quantity' })).not.toBeInTheDocument()
    expect(screen.queryByRole('spinbutton', { name: 'Quantity' })).not.toBeInTheDocument()
  })

  it('keeps the stepper with "Max: N" for a product sold up to a limit above one', () => {
    renderPage(makeProduct({ id: 'seats', name: 'Studio Seats', metadata: { purchase_limit: '5' } }))
    expect(screen.queryByText('Digital download · 1 licence')).not.toBeInTheDocument()
    expect(screen.getByText('Max: 5')).toBeInTheDocument()
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity' })
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }))
    expect(quantity).toHaveValue(2)
  })
})
