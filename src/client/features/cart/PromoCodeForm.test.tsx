// @vitest-environment happy-dom
/** Promo reasons in the cart drawer: a refused code says why and takes nothing off; a cart that falls below a code's minimum loses the discount with the same sentence. */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeProduct } from '../../../../tests/support/client/product-fixture.ts'
import type { AuthSession } from '../../session/use-session.ts'
import { cartItemFromProduct } from '../../cart-state/cart-item.ts'
import { useCartStore } from '../../cart-state/cart-store.ts'
import { CartDrawer } from './CartDrawer.tsx'

const session: AuthSession = { user: null, isLoading: false, refetch: async () => {} }
vi.mock('../../session/use-session.ts', () => ({ useSession: () => session }))
vi.mock('../../session/use-owned-products.ts', () => ({ useOwnedProductIds: () => [] }))

const neoSoul = cartItemFromProduct(makeProduct({ id: 'neo-soul', name: 'Neo Soul Progressions', priceCents: 1999 }))
const keys = cartItemFromProduct(makeProduct({ id: 'keys', name: 'Tape Keys', priceCents: 2500 }))

let validateAnswer: (body: { code: string; items: unknown[] }) => Response
let sent: Array<{ code: string; items: unknown[] }>

function renderDrawer() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <CartDrawer />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}
const drawer = () => screen.getByRole('dialog', { name: /Shopping Cart/ })
const figure = (label: string) => within(drawer()).getByText(label).nextElementSibling

async function applyCode(code: string) {
  fireEvent.change(within(drawer()).getByLabelText('Promo code'), { target: { value: code } })
  await act(async () => {
    fireEvent.click(within(drawer()).getByRole('button', { name: 'Apply' }))
  })
}

beforeEach(() => {
  localStorage.clear()
  sent = []
  useCartStore.setState({ items: [], isOpen: true, promoCode: null, discount: 0, promoMinSubtotalCents: 0, promoRefusal: null, mode: 'local' })
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (url !== '/api/promo-codes/validate') return Response.json({ error: { message: 'Not found', status: 404, code: 'NOT_FOUND' } }, { status: 404 })
    const body = JSON.parse(String(init.body)) as { code: string; items: unknown[] }
    sent.push(body)
    return validateAnswer(body)
  })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('a refused promo code', () => {
  it("sends the cart's lines, shows the server's reason and takes nothing off", async () => {
    validateAnswer = () =>
      Response.json({ error: { message: 'SPRING needs a subtotal of $40.00: add $20.01 more', status: 400, code: 'PROMO_MINIMUM_NOT_MET' } }, { status: 400 })
    useCartStore.setState({ items: [{ ...neoSoul, quantity: 1 }] })
    renderDrawer()
    await applyCode('spring')
    expect(sent).toEqual([{ code: 'SPRING', items: [{ productId: 'neo-soul', quantity: 1 }] }])
    expect(await within(drawer()).findByRole('alert')).toHaveTextContent('SPRING needs a subtotal of $40.00: add $20.01 more')
    expect(within(drawer()).queryByText(/Discount/)).not.toBeInTheDocument()
    // 19.99 + 8 % (1.60) = 21.59: no discount.
    expect(figure('Total')).toHaveTextContent('$21.59')
    expect(useCartStore.getState()).toMatchObject({ promoCode: null, discount: 0 })
  })

  it('says a used-up code is used up, and the sentence goes when the shopper types again', async () => {
    validateAnswer = () => Response.json({ error: { message: 'SPRING has been used up', status: 400, code: 'PROMO_USED_UP' } }, { status: 400 })
    useCartStore.setState({ items: [{ ...neoSoul, quantity: 1 }] })
    renderDrawer()
    await applyCode('SPRING')
    expect(await within(drawer()).findByRole('alert')).toHaveTextContent('SPRING has been used up')
    fireEvent.change(within(drawer()).getByLabelText('Promo code'), { target: { value: 'SPRIN' } })
    expect(within(drawer()).queryByRole('alert')).not.toBeInTheDocument()
  })
})

describe('a cart that falls below the minimum of its code', () => {
  it('drops the discount with the sentence saying how much more to add, and gives it back when the cart grows again', async () => {
    validateAnswer = () => Response.json({ code: 'SPRING', discount: 0.15, minSubtotalCents: 4000 })
    useCartStore.setState({
      items: [
        { ...neoSoul, quantity: 1 },
        { ...keys, quantity: 1 },
      ],
    })
    renderDrawer()
    await applyCode('spring')
    // 19.99 + 25.00 = 44.99; 15 % = 6.7485 → 6.75
    expect(await within(drawer()).findByText('15% off')).toBeInTheDocument()
    expect(within(drawer()).getByText('−$6.75')).toBeInTheDocument()

    fireEvent.click(within(drawer()).getByRole('button', { name: 'Remove Tape Keys from cart' }))
    expect(within(drawer()).getByRole('status')).toHaveTextContent('SPRING needs a subtotal of $40.00: add $20.01 more')
    expect(within(drawer()).queryByText('15% off')).not.toBeInTheDocument()
    expect(within(drawer()).queryByText(/Discount/)).not.toBeInTheDocument()
    expect(figure('Total')).toHaveTextContent('$21.59')

    act(() => {
      useCartStore.getState().addItem(keys)
    })
    expect(within(drawer()).getByText('−$6.75')).toBeInTheDocument()
    expect(within(drawer()).queryByRole('status')).not.toBeInTheDocument()
  })
})

describe('a fixed-amount code limited to products, and a code not on sale items', () => {
  const terms = { percentOff: null, amountOffCents: 500, productIds: ['neo-soul'], categoryIds: [], excludeSaleItems: false, budgetLeftCents: null }
  const scope = 'NEO5 applies to Neo Soul Progressions only'

  it('takes $5.00 off the covered line only, and says what it applies to once that line is gone', async () => {
    validateAnswer = () => Response.json({ code: 'NEO5', discount: 0, minSubtotalCents: 0, terms, scope })
    useCartStore.setState({
      items: [
        { ...neoSoul, quantity: 1 },
        { ...keys, quantity: 1 },
      ],
    })
    renderDrawer()
    await applyCode('neo5')
    expect(await within(drawer()).findByText('$5.00 off')).toBeInTheDocument()
    expect(within(drawer()).getByText('−$5.00')).toBeInTheDocument()
    // 44.99 − 5.00 = 39.99; 8 % = 3.1992 → 3.20
    expect(figure('Total')).toHaveTextContent('$43.19')

    fireEvent.click(within(drawer()).getByRole('button', { name: 'Remove Neo Soul Progressions from cart' }))
    expect(within(drawer()).getByRole('status')).toHaveTextContent(scope)
    expect(within(drawer()).queryByText(/Discount/)).not.toBeInTheDocument()
    expect(figure('Total')).toHaveTextContent('$27.00')
  })

  it('caps the discount at the budget left when applied', async () => {
    validateAnswer = () => Response.json({ code: 'NEO5', discount: 0, minSubtotalCents: 0, terms: { ...terms, budgetLeftCents: 300 }, scope })
    useCartStore.setState({ items: [{ ...neoSoul, quantity: 1 }] })
    renderDrawer()
    await applyCode('NEO5')
    expect(await within(drawer()).findByText('−$3.00')).toBeInTheDocument()
  })

  it('gives a "not on sale items" percent code nothing off a line a running sale prices', async () => {
    const onSale = cartItemFromProduct(
      makeProduct({
        id: 'drums',
        name: 'Sale Drums',
        priceCents: 3000,
        originalPriceCents: 4000,
        sale: { id: 'sale-1', name: 'Spring', endsAt: '2099-01-01T00:00:00.000Z' },
      }),
    )
    const fullPrice = { percentOff: 10, amountOffCents: null, productIds: [], categoryIds: [], excludeSaleItems: true, budgetLeftCents: null }
    validateAnswer = () =>
      Response.json({ code: 'FULL10', discount: 0.1, minSubtotalCents: 0, terms: fullPrice, scope: 'FULL10 does not apply to items on sale' })
    useCartStore.setState({
      items: [
        { ...onSale, quantity: 1 },
        { ...neoSoul, quantity: 1 },
      ],
    })
    renderDrawer()
    await applyCode('full10')
    expect(await within(drawer()).findByText('10% off')).toBeInTheDocument()
    // 10 % of the $19.99 full-price line only: 1.999 → $2.00.
    expect(within(drawer()).getByText('−$2.00')).toBeInTheDocument()
  })
})
