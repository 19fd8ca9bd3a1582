// @vitest-environment happy-dom
/**
 * Buy Now: guests go to /login remembering the page, owned products are refused, the buyer
 * confirms the country (remembered in this browser) and a direct session with it leads to
 * /checkout/direct.
 */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import toast from 'react-hot-toast'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeProduct } from '../../../../tests/support/client/product-fixture.ts'
import { byCountryTaxPolicy, queryClientWithTaxPolicy, TAX_POLICY_URL, taxPolicyResponse } from '../../../../tests/support/client/tax-policy-fixture.ts'
import type { AuthSession } from '../../session/use-session.ts'
import { BuyNowButton } from './BuyNowButton.tsx'

const session: AuthSession = { user: null, isLoading: false, refetch: async () => {} }
vi.mock('../../session/use-session.ts', () => ({ useSession: () => session }))
const owned: { ids: string[] } = { ids: [] }
vi.mock('../../session/use-owned-products.ts', () => ({ useOwnedProductIds: () => owned.ids }))

const { useBuyNow } = await import('./use-buy-now.ts')

const product = makeProduct({ id: '0d9c1a52-5b1e-4c1f-9f7e-3a1b2c3d4e5f', name: 'Glue Comp', priceCents: 4900, metadata: { product_type: 'digital_download' } })
const signedIn = { id: 'user-1', email: 'producer@example.com', name: 'P', emailVerified: true, twoFactorEnabled: false, createdAt: new Date() }

function ProductHarness() {
  const buyNow = useBuyNow(product, 1)
  return (
    <>
      {buyNow.error && <p role="alert">{buyNow.error}</p>}
      <BuyNowButton onBuyNow={() => void buyNow.buyNow()} isProcessing={buyNow.isProcessing} />
    </>
  )
}

function Where() {
  const location = useLocation()
  return <pre data-testid="where">{JSON.stringify({ path: location.pathname, state: location.state })}</pre>
}

function renderProduct(queryClient = new QueryClient()) {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/products/${product.id}`]}>
        <Routes>
          <Route path="/products/:productId" element={<ProductHarness />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}
const where = () => JSON.parse(screen.getByTestId('where').textContent!) as { path: string; state: Record<string, unknown> }

/** Buy Now, then the country dialog (loaded when asked). */
async function openCountryDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Buy Now' }))
  return screen.findByRole('dialog', { name: 'Where are you buying from?' })
}

let requests: unknown[]
let answer: () => Promise<Response> | Response

beforeEach(() => {
  Object.assign(session, { user: null, isLoading: false })
  owned.ids = []
  requests = []
  answer = () => Response.json({ sessionId: 'cs_test_direct', url: null, client_secret: 'cs_test_direct_secret_x', orderId: 'order-1' })
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    // The store's tax policy, which the country dialog reads: the flat estimate.
    if (url === TAX_POLICY_URL) return taxPolicyResponse()
    requests.push(JSON.parse(String(init.body)))
    return answer()
  })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  localStorage.clear()
})

describe('Buy Now', () => {
  it('sends a guest to /login, remembering the product page', () => {
    renderProduct()
    fireEvent.click(screen.getByRole('button', { name: 'Buy Now' }))
    expect(where()).toMatchObject({ path: '/login', state: { from: { pathname: `/products/${product.id}` } } })
    expect(requests).toHaveLength(0)
  })

  it('refuses a digital product the shopper already owns, with the already-owned toast', () => {
    Object.assign(session, { user: signedIn })
    owned.ids = [product.id]
    const error = vi.spyOn(toast, 'error')
    renderProduct()
    fireEvent.click(screen.getByRole('button', { name: 'Buy Now' }))
    expect(error).toHaveBeenCalledWith('You already own this product. Check your Download Hub!')
    expect(requests).toHaveLength(0)
  })

  it('shows "Processing..." while the direct session is created, then opens /checkout/direct with the secret, product and quantity', async () => {
    Object.assign(session, { user: signedIn })
    let release!: () => void
    answer = () =>
      new Promise<Response>(
        (resolve) =>
          (release = () => resolve(Response.json({ sessionId: 'cs_test_direct', url: null, client_secret: 'cs_test_direct_secret_x', orderId: 'order-1' }))),
      )
    renderProduct()
    const dialog = await openCountryDialog()
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Country' }), { target: { value: 'DE' } })
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Postal code' }), { target: { value: '10115' } })
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' })))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled()
    await act(async () => release())

    expect(requests[0]).toMatchObject({
      items: [{ productId: product.id, quantity: 1 }],
      checkoutType: 'direct',
      userId: 'user-1',
      uiMode: 'embedded',
      billingDetails: { countryCode: 'DE', country: 'Germany', postalCode: '10115' },
    })
    expect((requests[0] as { successUrl: string }).successUrl).toMatch(/\/payment\/success\?session_id=\{CHECKOUT_SESSION_ID\}&cart=keep$/)
    const { path, state } = where()
    expect(path).toBe('/checkout/direct')
    expect(state).toMatchObject({ clientSecret: 'cs_test_direct_secret_x', quantity: 1, product: { id: product.id, name: 'Glue Comp' } })
  })

  it('shows the mapped error and enables the button again when the server refuses', async () => {
    Object.assign(session, { user: signedIn })
    answer = () => Response.json({ error: { message: 'Some products are invalid', status: 400, code: 'INVALID_PRODUCTS' } }, { status: 400 })
    localStorage.setItem('als_billing_address', JSON.stringify({ countryCode: 'GB', state: '', postalCode: 'NW8 9AY' }))
    renderProduct()
    const dialog = await openCountryDialog()
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' })))
    expect(screen.getByRole('alert')).toHaveTextContent('Some products in your cart are no longer available. Please refresh and try again.')
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeEnabled()
  })

  it('asks the province of a Canadian buyer under the field before creating anything', async () => {
    Object.assign(session, { user: signedIn })
    renderProduct()
    const dialog = await openCountryDialog()
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Country' }), { target: { value: 'CA' } })
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Postal code' }), { target: { value: 'K1A 0B1' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' }))
    expect(within(dialog).getByRole('combobox', { name: 'Province' })).toHaveAccessibleDescription('Choose a province')
    expect(requests).toHaveLength(0)

    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Province' }), { target: { value: 'ON' } })
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' })))
    expect(requests[0]).toMatchObject({ billingDetails: { countryCode: 'CA', country: 'Canada', state: 'ON', postalCode: 'K1A 0B1' } })
    expect(where().path).toBe('/checkout/direct')
  })

  it('starts from the country this browser used last, so a returning buyer only confirms', async () => {
    Object.assign(session, { user: signedIn })
    localStorage.setItem('als_billing_address', JSON.stringify({ countryCode: 'JP', state: '13', postalCode: '100-0001' }))
    renderProduct()
    const dialog = await openCountryDialog()
    expect(within(dialog).getByRole('combobox', { name: 'Country' })).toHaveValue('JP')
    expect(within(dialog).getByRole('combobox', { name: 'Prefecture' })).toHaveValue('13')
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' })))
    expect(requests[0]).toMatchObject({ billingDetails: { countryCode: 'JP', country: 'Japan', state: '13', postalCode: '100-0001' } })
  })

  it('creates nothing when the buyer cancels, and Buy Now works again', async () => {
    Object.assign(session, { user: signedIn })
    renderProduct()
    const dialog = await openCountryDialog()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(requests).toHaveLength(0)
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeEnabled()
    expect(await openCountryDialog()).toBeInTheDocument()
  })

  it("shows the product's tax for the chosen country where the tax depends on it, and carries the server's figures to the payment page", async () => {
    Object.assign(session, { user: signedIn })
    const totals = { subtotalCents: 4900, discountCents: 0, taxCents: 931, totalCents: 5831, taxLabel: 'VAT 19%', taxIncluded: false }
    answer = () => Response.json({ sessionId: 'cs_test_direct', url: null, client_secret: 'cs_test_direct_secret_x', orderId: 'order-1', totals })
    renderProduct(queryClientWithTaxPolicy(byCountryTaxPolicy()))
    const dialog = await openCountryDialog()
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Country' }), { target: { value: 'DE' } })
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Postal code' }), { target: { value: '10115' } })
    // $49.00 + 19 % = $58.31
    expect(within(dialog).getByRole('status')).toHaveTextContent('VAT 19%: $9.31 · Total $58.31')
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Country' }), { target: { value: 'CA' } })
    expect(within(dialog).getByRole('status')).toHaveTextContent('Tax calculated at checkout')

    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Country' }), { target: { value: 'DE' } })
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' })))
    expect(where().state).toMatchObject({ totals })
  })
})
