// @vitest-environment happy-dom
/**
 * What the buyer typed is what they pay, even when they typed it into the server's page before the
 * app took it over: hydration leaves the typed text in the field, and the amount refused or put in
 * the cart is that text, never the suggested price the app would start from. The tap on Add to Cart
 * or Buy Now is held meanwhile (early-clicks.ts) and given once the page is hydrated, as in the
 * browser.
 */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, screen } from '@testing-library/react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeProduct } from '../../../../tests/support/client/product-fixture.ts'
import { PageTakenOver } from '../App.tsx'
import { holdEarlyClicks } from '../early-clicks.ts'
import { useCartStore } from '../../cart-state/cart-store.ts'
import ProductDetailPage from './ProductDetailPage.tsx'

const buyNow = vi.fn(async (_chosenPriceCents?: number | null) => {})
vi.mock('../../session/use-session.ts', () => ({ useSession: () => ({ user: null, isLoading: false, refetch: async () => {} }) }))
vi.mock('../../session/use-owned-products.ts', () => ({ useOwnedProductIds: () => [] }))
// Buy Now is given the amount when pressed (or, as it was, read the one the page rendered with).
vi.mock('../../features/checkout/use-buy-now.ts', () => ({
  useBuyNow: (_product: unknown, _quantity: number, renderedCents: number | null = null) => ({
    buyNow: (chosenPriceCents: number | null = renderedCents) => buyNow(chosenPriceCents),
    isProcessing: false,
    error: null,
  }),
}))
vi.mock('../../features/catalog/RelatedProducts.tsx', () => ({ RelatedProducts: () => null }))

/** Pay what you want: $5.00 or more, suggesting $8.00. */
const tipJar = makeProduct({
  id: 'tip-jar',
  name: 'Tip Jar Loops',
  priceCents: 800,
  priceModel: 'pwyw',
  minPriceCents: 500,
  metadata: { product_type: 'digital_download' },
})
const BELOW = 'Enter at least $5.00 for Tip Jar Loops'

function productPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(['product', tipJar.id], tipJar)
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/products/${tipJar.id}`]}>
        <Routes>
          <Route
            path="/products/:productId"
            element={
              <PageTakenOver>
                <ProductDetailPage />
              </PageTakenOver>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>
  )
}

let root: Root | null = null
let hydrationErrors: unknown[] = []

/** The server's page, as painted before the app: the buyer types `typed` into its field and presses `button` (held). */
function serverPageTypedInto(typed: string, button: 'Add to Cart' | 'Buy Now') {
  const container = document.createElement('div')
  container.innerHTML = renderToString(productPage())
  document.body.append(container)
  holdEarlyClicks(window)
  const field = screen.getByLabelText<HTMLInputElement>('Name your price (minimum $5.00)')
  expect(field).toHaveValue('8.00')
  field.value = typed
  field.dispatchEvent(new Event('input', { bubbles: true }))
  screen.getByRole('button', { name: button }).click()
  return { container, field }
}

/** The app takes the page over; the held tap is given once the page is hydrated. */
async function hydrate(container: HTMLElement) {
  await act(async () => {
    root = hydrateRoot(container, productPage(), { onRecoverableError: (error) => hydrationErrors.push(error) })
  })
}

beforeEach(() => {
  hydrationErrors = []
  buyNow.mockClear()
  localStorage.clear()
  useCartStore.setState({ items: [], isOpen: false, promoCode: null, discount: 0, mode: 'local', isLoading: false, isSyncing: false })
  // Opening the page counts a view; nothing here listens for it.
  vi.stubGlobal('fetch', async () => new Response(null, { status: 204 }))
})
afterEach(() => {
  act(() => root?.unmount())
  root = null
  document.body.innerHTML = ''
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('an amount typed before the app took the page over', () => {
  it('under the minimum: Add to Cart is refused with the sentence under the field, and nothing goes in the cart at the suggested $8.00', async () => {
    const { container, field } = serverPageTypedInto('4', 'Add to Cart')
    await hydrate(container)

    expect(field).toHaveValue('4')
    expect(screen.getByText(BELOW)).toBeInTheDocument()
    expect(field).toHaveAccessibleDescription(BELOW)
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeDisabled()
    expect(useCartStore.getState().items).toEqual([])
    expect(hydrationErrors).toEqual([])
  })

  it('at or above the minimum: Add to Cart puts the product in the cart at exactly that amount', async () => {
    const { container, field } = serverPageTypedInto('6', 'Add to Cart')
    await hydrate(container)

    expect(field).toHaveValue('6')
    expect(screen.queryByText(BELOW)).not.toBeInTheDocument()
    expect(useCartStore.getState().items).toMatchObject([{ id: tipJar.id, priceCents: 600, priceModel: 'pwyw', quantity: 1 }])
  })

  it('Buy Now buys at the typed amount, and is refused under the minimum', async () => {
    const typedSix = serverPageTypedInto('6', 'Buy Now')
    await hydrate(typedSix.container)
    expect(buyNow).toHaveBeenCalledTimes(1)
    expect(buyNow).toHaveBeenCalledWith(600)

    act(() => root?.unmount())
    document.body.innerHTML = ''
    buyNow.mockClear()
    const typedFour = serverPageTypedInto('4', 'Buy Now')
    await hydrate(typedFour.container)
    expect(screen.getByText(BELOW)).toBeInTheDocument()
    expect(buyNow).not.toHaveBeenCalled()
  })
})
