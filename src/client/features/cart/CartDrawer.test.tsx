// @vitest-environment happy-dom
/** The drawer with real cart actions: add from a card, lines, promo, rules and toasts, write-through rollback. */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import toast from 'react-hot-toast'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeProduct } from '../../../../tests/support/client/product-fixture.ts'
import type { Product } from '../../../shared/contract/catalog.ts'
import type { AuthSession } from '../../session/use-session.ts'
import { ProductCard } from '../catalog/ProductCard.tsx'
import { useCartStore } from '../../cart-state/cart-store.ts'
import { CartButton } from './CartButton.tsx'
import { CartDrawer } from './CartDrawer.tsx'
import { useAddToCart } from '../../cart-state/use-add-to-cart.ts'

const session: AuthSession = { user: null, isLoading: false, refetch: async () => {} }
vi.mock('../../session/use-session.ts', () => ({ useSession: () => session }))
const owned: { ids: string[] } = { ids: [] }
vi.mock('../../session/use-owned-products.ts', () => ({ useOwnedProductIds: () => owned.ids }))

const drums = makeProduct({ id: 'drums', name: 'Midnight Drums', priceCents: 2999, originalPriceCents: 3999, isOnSale: true })
const keys = makeProduct({ id: 'keys', name: 'Tape Keys', priceCents: 1500, metadata: { purchase_limit: '3' } })
const plugin = makeProduct({ id: 'plugin', name: 'Glue Comp', priceCents: 4900, metadata: { product_type: 'digital_download' } })

let fetchResponses: Array<(url: string, init: RequestInit) => Response | undefined>

function renderShop(products: Product[] = [drums]) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <CartButton />
        {products.map((product) => (
          <ProductCard key={product.id} product={product} />
        ))}
        <CartDrawer />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

/** The card's Add to Cart (the drawer's line carries the same product name as a heading). */
const addButton = (name: string) => {
  const card = screen
    .getAllByRole('heading', { name })
    .map((heading) => heading.closest('article'))
    .find((article) => article !== null)
  return within(card!).getByRole('button', { name: 'Add to Cart' })
}
const drawer = () => screen.getByRole('dialog', { name: /Shopping Cart/ })

beforeEach(() => {
  Object.assign(session, { user: null, isLoading: false })
  owned.ids = []
  fetchResponses = []
  localStorage.clear()
  useCartStore.setState({ items: [], isOpen: false, promoCode: null, discount: 0, mode: 'local', isLoading: false, isSyncing: false })
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    for (const respond of fetchResponses) {
      const response = respond(url, init)
      if (response) return response
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

describe('CartDrawer', () => {
  it('opens on Add to Cart with the line, its struck original price and the count', () => {
    renderShop()
    expect(screen.getByRole('button', { name: 'Cart 0 items' })).toBeInTheDocument()
    fireEvent.click(addButton('Midnight Drums'))
    expect(drawer()).toHaveAccessibleName('Shopping Cart (1)')
    const line = within(drawer()).getByRole('listitem')
    expect(line).toHaveTextContent('Midnight Drums')
    expect(line).toHaveTextContent('Sample Packs')
    expect(line.querySelector('s')).toHaveTextContent('$39.99')
    expect(screen.getByRole('button', { name: 'Cart 1 item' })).toHaveAttribute('aria-expanded', 'true')
    expect(document.body.style.overflow).toBe('hidden')
  })

  it('closes on Escape and on the backdrop, unlocking the page scroll', () => {
    renderShop()
    fireEvent.click(addButton('Midnight Drums'))
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(document.body.style.overflow).toBe('')
    fireEvent.click(screen.getByRole('button', { name: 'Cart 1 item' }))
    expect(drawer()).toBeInTheDocument()
    fireEvent.click(screen.getByTestId('cart-backdrop'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('shows the empty state', () => {
    renderShop()
    fireEvent.click(screen.getByRole('button', { name: 'Cart 0 items' }))
    expect(within(drawer()).getByText('Your cart is empty')).toBeInTheDocument()
    expect(within(drawer()).getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/products')
  })

  it('shows the figures from the pricing function: subtotal, tax, total', () => {
    renderShop([drums, keys])
    fireEvent.click(addButton('Midnight Drums'))
    fireEvent.click(addButton('Tape Keys'))
    // 29.99 + 15.00 = 44.99; 8 % = 3.5992 → 3.60; total 48.59
    expect(within(drawer()).getByText('Subtotal').nextElementSibling).toHaveTextContent('$44.99')
    expect(within(drawer()).getByText('Estimated tax (8%)').nextElementSibling).toHaveTextContent('$3.60')
    expect(within(drawer()).getByText('Total').nextElementSibling).toHaveTextContent('$48.59')
  })

  it('applies a promo on Enter (case-insensitive), shows code and percent, and removes it', async () => {
    fetchResponses.push((url, init) => {
      if (url !== '/api/promo-codes/validate') return undefined
      const { code } = JSON.parse(String(init.body)) as { code: string }
      return code === 'WELCOME10' ? Response.json({ code: 'WELCOME10', discount: 0.1 }) : undefined
    })
    renderShop()
    fireEvent.click(addButton('Midnight Drums'))
    const input = within(drawer()).getByLabelText('Promo code')
    const apply = within(drawer()).getByRole('button', { name: 'Apply' })
    expect(apply).toBeDisabled()
    fireEvent.change(input, { target: { value: '   ' } })
    expect(apply).toBeDisabled()
    fireEvent.change(input, { target: { value: ' welcome10 ' } })
    expect(apply).toBeEnabled()
    await act(async () => {
      fireEvent.submit(input.closest('form')!)
    })
    expect(await within(drawer()).findByText('10% off')).toBeInTheDocument()
    expect(within(drawer()).getByText('(WELCOME10)')).toBeInTheDocument()
    // 10 % of 29.99 = 2.999 → 3.00
    expect(within(drawer()).getByText('−$3.00')).toBeInTheDocument()
    fireEvent.click(within(drawer()).getByRole('button', { name: 'Remove promo code WELCOME10' }))
    expect(within(drawer()).queryByText('10% off')).not.toBeInTheDocument()
    expect(useCartStore.getState()).toMatchObject({ promoCode: null, discount: 0 })
  })

  it('says "Invalid promo code" for a refused code', async () => {
    renderShop()
    fireEvent.click(addButton('Midnight Drums'))
    fireEvent.change(within(drawer()).getByLabelText('Promo code'), { target: { value: 'NOPE' } })
    await act(async () => {
      fireEvent.click(within(drawer()).getByRole('button', { name: 'Apply' }))
    })
    expect(await within(drawer()).findByRole('alert')).toHaveTextContent('Invalid promo code')
  })

  it('locks a digital download at 1 with a "Digital" label, and shows "Limit: N" for a limited product', () => {
    renderShop([plugin, keys])
    fireEvent.click(addButton('Glue Comp'))
    fireEvent.click(addButton('Tape Keys'))
    const [pluginLine, keysLine] = within(drawer()).getAllByRole('listitem')
    expect(pluginLine).toHaveTextContent('Digital')
    expect(within(pluginLine!).getByRole('button', { name: 'Increase quantity of Glue Comp' })).toBeDisabled()
    expect(keysLine).toHaveTextContent('Limit: 3')
  })

  it('refuses to pass a limit with the limit messages as error toasts', () => {
    const error = vi.spyOn(toast, 'error')
    renderShop([keys, plugin])
    fireEvent.click(addButton('Glue Comp'))
    fireEvent.click(addButton('Glue Comp'))
    expect(error).toHaveBeenLastCalledWith('Cannot add more than 1 of this item to your cart')
    fireEvent.click(addButton('Tape Keys'))
    const increase = within(drawer()).getByRole('button', { name: 'Increase quantity of Tape Keys' })
    fireEvent.click(increase)
    fireEvent.click(increase)
    fireEvent.click(increase)
    expect(error).toHaveBeenLastCalledWith('Maximum quantity for this item is 3')
    expect(useCartStore.getState().items.find((item) => item.id === 'keys')?.quantity).toBe(3)
  })

  it('removes a line with "Item removed from cart", also when decreased below 1', () => {
    const success = vi.spyOn(toast, 'success')
    renderShop([drums, keys])
    fireEvent.click(addButton('Midnight Drums'))
    fireEvent.click(addButton('Tape Keys'))
    fireEvent.click(within(drawer()).getByRole('button', { name: 'Remove Midnight Drums from cart' }))
    expect(success).toHaveBeenLastCalledWith('Item removed from cart')
    fireEvent.click(within(drawer()).getByRole('button', { name: 'Decrease quantity of Tape Keys' }))
    expect(useCartStore.getState().items).toEqual([])
    expect(success).toHaveBeenCalledTimes(2)
  })

  it('asks to wait while the session is still loading', () => {
    const error = vi.spyOn(toast, 'error')
    session.isLoading = true
    renderShop()
    fireEvent.click(addButton('Midnight Drums'))
    expect(error).toHaveBeenCalledWith('Please wait a moment while we prepare your cart...')
    expect(useCartStore.getState().items).toEqual([])
  })

  it('refuses a digital product the shopper already owns', () => {
    const error = vi.spyOn(toast, 'error')
    // Cards of an owned product offer its download instead (ProductCard.test.tsx); the rule
    // still holds for any other way in, such as a card rendered before ownership was known.
    function StaleAddButton() {
      const add = useAddToCart()
      return (
        <button type="button" onClick={() => add(plugin)}>
          Add Glue Comp
        </button>
      )
    }
    owned.ids = ['plugin']
    render(
      <MemoryRouter>
        <StaleAddButton />
      </MemoryRouter>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Add Glue Comp' }))
    expect(error).toHaveBeenCalledWith('You already own this product. Check your Download Hub!')
    expect(useCartStore.getState().items).toEqual([])
  })

  it('writes a signed-in add to the server and rolls it back with an error toast when refused', async () => {
    const error = vi.spyOn(toast, 'error')
    Object.assign(session, { user: { id: 'u1', email: 'a@example.com', name: '', emailVerified: true, createdAt: new Date() } })
    useCartStore.setState({ mode: 'server' })
    const posted: unknown[] = []
    fetchResponses.push((url, init) => {
      if (url !== '/api/cart/items') return undefined
      posted.push(JSON.parse(String(init.body)))
      return Response.json({ error: { message: 'Failed to add item to cart', status: 500, code: 'INTERNAL_ERROR' } }, { status: 500 })
    })
    renderShop()
    await act(async () => {
      fireEvent.click(addButton('Midnight Drums'))
    })
    expect(posted).toEqual([{ productId: 'drums', quantity: 1 }])
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('Failed to add item to cart. Please try again.'))
    expect(useCartStore.getState().items).toEqual([])
    expect(localStorage.getItem('als_cart')).toBeNull()
  })
})
