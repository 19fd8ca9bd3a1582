// @vitest-environment happy-dom
/** The embedded checkout: "Creating checkout...", the form only with a client secret, "Edit information" discards it. */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AuthSession } from '../../../session/use-session.ts'
import { useCartStore } from '../../../cart-state/cart-store.ts'

const session: AuthSession = { user: null, isLoading: false, refetch: async () => {} }
vi.mock('../../../session/use-session.ts', () => ({ useSession: () => session }))
vi.mock('../payments/EmbeddedCheckout.tsx', () => ({
  EmbeddedCheckout: ({ clientSecret, onComplete }: { clientSecret: string; onComplete: (sessionId: string) => void }) => (
    <button type="button" onClick={() => onComplete('cs_test_embedded')}>
      Pay with {clientSecret}
    </button>
  ),
}))

// The page as its route composes it (the cart's promo code form in its Information step).
const { default: EmbeddedCheckoutPage } = await import('../../../app/routes/EmbeddedCheckoutPage.tsx')

function Where() {
  const location = useLocation()
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>
}

function renderEmbeddedCheckout() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/checkout/hosted']}>
        <Routes>
          <Route path="/checkout/hosted" element={<EmbeddedCheckoutPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

let requests: unknown[]
let answer: () => Promise<Response> | Response

function fillRequired() {
  fireEvent.change(screen.getByLabelText('Email', { exact: false }), { target: { value: 'ada@example.com' } })
  fireEvent.change(screen.getByLabelText('First name', { exact: false }), { target: { value: 'Ada' } })
  fireEvent.change(screen.getByLabelText('Last name', { exact: false }), { target: { value: 'Lovelace' } })
  // The default country, the United States, asks for a state and a ZIP code.
  fireEvent.change(screen.getByRole('combobox', { name: 'State' }), { target: { value: 'NY' } })
  fireEvent.change(screen.getByRole('textbox', { name: 'Postal code' }), { target: { value: '10001' } })
}

beforeEach(() => {
  Object.assign(session, { user: null, isLoading: false })
  useCartStore.setState({
    items: [
      {
        id: 'drums',
        name: 'Midnight Drums',
        priceCents: 2999,
        originalPriceCents: null,
        image: '/placeholder-product.svg',
        category: 'Sample Packs',
        quantity: 1,
        licenseType: 'standard',
        isDigital: false,
        purchaseLimit: null,
      },
    ],
    promoCode: null,
    discount: 0,
    mode: 'local',
    isLoading: false,
    isSyncing: false,
  })
  requests = []
  answer = () => Response.json({ sessionId: 'cs_test_embedded', url: null, client_secret: 'cs_test_embedded_secret_1', orderId: 'order-1' })
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit = {}) => {
    requests.push(JSON.parse(String(init.body)))
    return answer()
  })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('EmbeddedCheckoutPage (/checkout/hosted)', () => {
  it('needs the required fields before creating anything, in the Payment Error box', () => {
    renderEmbeddedCheckout()
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }))
    const box = screen.getByRole('alert')
    expect(box).toHaveAccessibleName('Payment Error')
    expect(box).toHaveTextContent('Please fill in all required fields')
    expect(requests).toHaveLength(0)
  })

  it('shows "Creating checkout..." while the embedded session is created, then the payment form for its secret', async () => {
    let release!: () => void
    const body = { sessionId: 'cs_test_embedded', url: null, client_secret: 'cs_test_embedded_secret_1', orderId: 'order-1' }
    answer = () => new Promise<Response>((resolve) => (release = () => resolve(Response.json(body))))
    renderEmbeddedCheckout()
    fillRequired()
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }))
    expect(screen.getByRole('button', { name: 'Creating checkout...' })).toBeDisabled()
    await act(async () => release())

    expect(requests[0]).toMatchObject({
      uiMode: 'embedded',
      checkoutType: 'direct',
      customerEmail: 'ada@example.com',
      items: [{ productId: 'drums', quantity: 1 }],
      billingDetails: { countryCode: 'US', country: 'United States', state: 'NY', postalCode: '10001' },
    })
    expect(screen.getByRole('button', { name: 'Pay with cs_test_embedded_secret_1' })).toBeInTheDocument()
    expect(within(screen.getByRole('list', { name: 'Checkout steps' })).getAllByRole('listitem')[0]).toHaveAttribute('data-state', 'complete')
  })

  it("creates nothing while the country's rules fail, and says why under the field", async () => {
    renderEmbeddedCheckout()
    fillRequired()
    fireEvent.change(screen.getByRole('combobox', { name: 'Country' }), { target: { value: 'CA' } })
    fireEvent.change(screen.getByRole('textbox', { name: 'Postal code' }), { target: { value: 'K1A 0B1' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' })))
    expect(requests).toHaveLength(0)
    expect(screen.getByRole('combobox', { name: 'Province' })).toHaveAccessibleDescription('Choose a province')

    fireEvent.change(screen.getByRole('combobox', { name: 'Province' }), { target: { value: 'ON' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' })))
    expect(requests[0]).toMatchObject({ billingDetails: { countryCode: 'CA', state: 'ON', postalCode: 'K1A 0B1' } })
  })

  it('"Edit information" goes back and discards the secret: continuing again creates a new session', async () => {
    renderEmbeddedCheckout()
    fillRequired()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' })))
    fireEvent.click(screen.getByRole('button', { name: 'Edit information' }))
    expect(screen.queryByRole('button', { name: /^Pay with/ })).toBeNull()
    expect(screen.getByLabelText('Email', { exact: false })).toHaveValue('ada@example.com')
    answer = () => Response.json({ sessionId: 'cs_test_2', url: null, client_secret: 'cs_test_2_secret_2', orderId: 'order-1' })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' })))
    expect(requests).toHaveLength(2)
    expect(screen.getByRole('button', { name: 'Pay with cs_test_2_secret_2' })).toBeInTheDocument()
  })

  it('maps a refused session by its code and stays on Information', async () => {
    answer = () => Response.json({ error: { message: 'Either user ID or customer email is required', status: 400, code: 'BUYER_REQUIRED' } }, { status: 400 })
    renderEmbeddedCheckout()
    fillRequired()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' })))
    expect(screen.getByRole('alert')).toHaveTextContent('Please provide your email address to complete the purchase')
    expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeEnabled()
  })

  it('says the payment service cannot be reached when the request gets no answer', async () => {
    answer = () => Promise.reject(new TypeError('Failed to fetch'))
    renderEmbeddedCheckout()
    fillRequired()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' })))
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Unable to connect to payment service. Please check your internet connection and the backend configuration.',
    )
    expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeEnabled()
  })

  it('goes to /payment/success with the session id once the form reports the payment', async () => {
    renderEmbeddedCheckout()
    fillRequired()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' })))
    fireEvent.click(screen.getByRole('button', { name: /^Pay with/ }))
    expect(screen.getByTestId('where')).toHaveTextContent('/payment/success?session_id=cs_test_embedded')
  })
})
