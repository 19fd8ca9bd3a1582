// @vitest-environment happy-dom
/**
 * Pay what you want in the browser: the product page's "Name your price" field starts at the
 * suggested amount, refuses an amount under the minimum with checkout's sentence and keeps Add to
 * Cart and Buy Now disabled until the amount can be paid; the cart line carries the amount, totals
 * it, and changes it from its own field (written through to a signed-in shopper's server cart).
 */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeProduct } from '../../../../tests/support/client/product-fixture.ts'
import type { AuthSession } from '../../session/use-session.ts'
import ProductDetailPage from '../../app/routes/ProductDetailPage.tsx'
import { ProductCard } from '../catalog/ProductCard.tsx'
import { cartCheckoutItems } from '../checkout/checkout-session.ts'
import { useCartStore } from '../../cart-state/cart-store.ts'
import { CartDrawer } from './CartDrawer.tsx'

const session: AuthSession = { user: null, isLoading: false, refetch: async () => {} }
vi.mock('../../session/use-session.ts', () => ({ useSession: () => session }))
vi.mock('../../session/use-owned-products.ts', () => ({ useOwnedProductIds: () => [] }))
vi.mock('../catalog/RelatedProducts.tsx', () => ({ RelatedProducts: () => null }))

const tipJar = makeProduct({
  id: 'tip-jar',
  name: 'Tip Jar Loops',
  priceCents: 1000,
  priceModel: 'pwyw',
  minPriceCents: 500,
  metadata: { product_type: 'digital_download' },
})
const BELOW = 'Enter at least $5.00 for Tip Jar Loops'

/** The bodies the server cart was sent, by method. */
let sent: { POST: unknown[]; PATCH: unknown[] }

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(['product', tipJar.id], tipJar)
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/products/${tipJar.id}`]}>
        <Routes>
          <Route path="/products/:productId" element={<ProductDetailPage />} />
        </Routes>
        <CartDrawer />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const drawer = () => screen.getByRole('dialog', { name: /Shopping Cart/ })
/** The product page's button (asked before the drawer opens over the page). */
const pageButton = (name: string) => screen.getByRole('button', { name })

beforeEach(() => {
  Object.assign(session, { user: null, isLoading: false })
  sent = { POST: [], PATCH: [] }
  localStorage.clear()
  useCartStore.setState({ items: [], isOpen: false, promoCode: null, discount: 0, mode: 'local', isLoading: false, isSyncing: false })
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if ((init.method === 'POST' && url === '/api/cart/items') || (init.method === 'PATCH' && url === `/api/cart/items/${tipJar.id}`)) {
      sent[init.method].push(JSON.parse(String(init.body)))
      return Response.json({ data: null })
    }
    return Response.json({ error: { message: 'Not found', status: 404, code: 'NOT_FOUND' } }, { status: 404 })
  })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  localStorage.clear()
})

describe('the product page', () => {
  it('names the price from the suggested amount, refuses one under the minimum and adds the amount named', () => {
    render(
      <MemoryRouter>
        <ProductCard product={tipJar} />
      </MemoryRouter>,
    )
    const card = screen.getByRole('article')
    expect(card).toHaveTextContent('Pay what you want')
    expect(card).toHaveTextContent('from $5.00')
    cleanup()

    renderPage()
    const field = screen.getByLabelText('Name your price (minimum $5.00)')
    expect(field).toHaveValue('10.00')
    expect(screen.queryByText(BELOW)).not.toBeInTheDocument()

    fireEvent.change(field, { target: { value: '1.00' } })
    expect(screen.getByText(BELOW)).toBeInTheDocument()
    expect(field).toHaveAccessibleDescription(BELOW)
    expect(pageButton('Add to Cart')).toBeDisabled()
    expect(pageButton('Buy Now')).toBeDisabled()

    fireEvent.change(field, { target: { value: 'five' } })
    expect(screen.getByText(BELOW)).toBeInTheDocument()
    expect(pageButton('Add to Cart')).toBeDisabled()

    fireEvent.change(field, { target: { value: '7.50' } })
    expect(screen.queryByText(BELOW)).not.toBeInTheDocument()
    expect(pageButton('Buy Now')).toBeEnabled()
    fireEvent.click(pageButton('Add to Cart'))

    expect(useCartStore.getState().items).toMatchObject([{ id: tipJar.id, priceCents: 750, priceModel: 'pwyw', minPriceCents: 500 }])
    const line = within(drawer()).getByRole('listitem')
    expect(line).toHaveTextContent('$7.50')
    expect(within(drawer()).getByText('Subtotal').nextElementSibling).toHaveTextContent('$7.50')
    // Checkout is sent the amount with the line.
    expect(cartCheckoutItems(useCartStore.getState().items)).toEqual([{ productId: tipJar.id, quantity: 1, licenseType: 'standard', chosenPriceCents: 750 }])
  })
})

describe('a cart line', () => {
  it("changes its amount from its own field, refusing one under the minimum, and writes it to a signed-in shopper's cart", async () => {
    // A signed-in shopper: the cart is the server's.
    Object.assign(session, { user: { id: 'user-1', email: 'fan@example.com' } })
    useCartStore.setState({ mode: 'server' })
    renderPage()
    fireEvent.change(screen.getByLabelText('Name your price (minimum $5.00)'), { target: { value: '7.50' } })
    fireEvent.click(pageButton('Add to Cart'))
    expect(sent.POST).toEqual([{ productId: tipJar.id, quantity: 1, chosenPriceCents: 750 }])

    const amount = within(drawer()).getByLabelText(/Your price \(minimum \$5\.00\)/)
    expect(amount).toHaveValue('7.50')
    fireEvent.change(amount, { target: { value: '3' } })
    fireEvent.keyDown(amount, { key: 'Enter' })
    expect(within(drawer()).getByText(BELOW)).toBeInTheDocument()
    expect(useCartStore.getState().items[0]!.priceCents).toBe(750)

    fireEvent.change(amount, { target: { value: '12' } })
    await act(async () => {
      fireEvent.blur(amount)
    })
    expect(useCartStore.getState().items[0]!.priceCents).toBe(1200)
    expect(within(drawer()).getByText('Subtotal').nextElementSibling).toHaveTextContent('$12.00')
    expect(within(drawer()).queryByText(BELOW)).not.toBeInTheDocument()
    expect(sent.PATCH).toEqual([{ chosenPriceCents: 1200 }])
  })
})
