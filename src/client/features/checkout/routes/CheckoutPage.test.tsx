// @vitest-environment happy-dom
/** The redirect checkout: required fields, the country's address rules, the step indicator, the pay button's figure, the request and the error box. */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { formatPrice } from '../../../../shared/money.ts'
import { priceCart } from '../../../../shared/pricing.ts'
import { TAX_POLICY_URL, taxPolicyResponse } from '../../../../../tests/support/client/tax-policy-fixture.ts'
import type { AuthSession } from '../../../session/use-session.ts'
import type { CartItem } from '../../../cart-state/cart-item.ts'
import { useCartStore } from '../../../cart-state/cart-store.ts'

const session: AuthSession = { user: null, isLoading: false, refetch: async () => {} }
vi.mock('../../../session/use-session.ts', () => ({ useSession: () => session }))

// The page as its route composes it (the cart's promo code form in its Payment step).
const { default: CheckoutPage } = await import('../../../app/routes/CheckoutPage.tsx')

const line = (overrides: Partial<CartItem>): CartItem => ({
  id: 'drums',
  name: 'Midnight Drums',
  priceCents: 2999,
  originalPriceCents: 3999,
  image: '/placeholder-product.svg',
  category: 'Sample Packs',
  quantity: 1,
  licenseType: 'standard',
  isDigital: false,
  purchaseLimit: null,
  ...overrides,
})
const LINES = [line({}), line({ id: 'keys', name: 'Tape Keys', priceCents: 1555, originalPriceCents: null, quantity: 3 })]

let requests: Array<{ url: string; body: unknown }>
let answer: () => Response
const assign = vi.fn()

function renderCheckout() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/checkout']}>
        <CheckoutPage />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const field = (label: string) => screen.getByLabelText(label, { exact: false })
function fillInformation(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(field(label), { target: { value } })
}
const steps = () => within(screen.getByRole('list', { name: 'Checkout steps' })).getAllByRole('listitem')
/** A US address the country's rules accept (the default country asks for a state and a ZIP code). */
const NEW_YORK = { State: 'NY', 'Postal code': '10001' }

beforeEach(() => {
  Object.assign(session, { user: null, isLoading: false })
  useCartStore.setState({ items: LINES, promoCode: 'WELCOME10', discount: 0.1, isOpen: false, mode: 'local', isLoading: false, isSyncing: false })
  requests = []
  answer = () => Response.json({ sessionId: 'cs_test_1', url: 'http://localhost/pay/cs_test_1', client_secret: null, orderId: 'order-1' })
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    // The store's tax policy, read by the summary: the flat estimate.
    if (url === TAX_POLICY_URL) return taxPolicyResponse()
    requests.push({ url, body: init.body ? JSON.parse(String(init.body)) : null })
    return answer()
  })
  assign.mockReset()
  vi.spyOn(window.location, 'assign').mockImplementation(assign)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  localStorage.clear()
})

describe('CheckoutPage (redirect flow)', () => {
  it('refuses to continue without email, first and last name, in the Checkout Error box', () => {
    renderCheckout()
    fillInformation({ Email: 'ada@example.com', 'First name': 'Ada' })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    const box = screen.getByRole('alert')
    expect(box).toHaveAccessibleName('Checkout Error')
    expect(box).toHaveTextContent('Please fill in all required fields')
    expect(steps()[0]).toHaveAttribute('aria-current', 'step')
  })

  it('marks the address fields required and offers every country by name, the United States chosen', () => {
    renderCheckout()
    for (const label of ['Email', 'First name', 'Last name', 'Address', 'City', 'State', 'Postal code', 'Phone', 'Country']) {
      expect(field(label)).toBeRequired()
    }
    expect(field('Company (optional)')).not.toBeRequired()
    expect(field('Apartment, suite, etc. (optional)')).not.toBeRequired()
    const country = screen.getByRole('combobox', { name: 'Country' }) as HTMLSelectElement
    expect(country.value).toBe('US')
    expect(country.selectedOptions[0]).toHaveTextContent('United States')
    const names = [...country.options].map((option) => option.textContent)
    expect(names.length).toBeGreaterThanOrEqual(249)
    for (const name of ['United States', 'Canada', 'United Kingdom', 'Australia', 'Germany', 'Brazil', 'Japan']) expect(names).toContain(name)
    expect(names.indexOf('Germany')).toBeLessThan(names.indexOf('Japan'))
  })

  it("asks for the country's region by its own name only where it has them, and a postal code only where it has them", () => {
    renderCheckout()
    const country = screen.getByRole('combobox', { name: 'Country' })
    fireEvent.change(country, { target: { value: 'DE' } })
    expect(screen.queryByRole('combobox', { name: /State|Province/ })).toBeNull()
    expect(screen.getByRole('textbox', { name: 'Postal code' })).toBeRequired()

    fireEvent.change(country, { target: { value: 'CA' } })
    const province = screen.getByRole('combobox', { name: 'Province' })
    expect(within(province).getByRole('option', { name: 'Ontario' })).toHaveValue('ON')
    fireEvent.change(country, { target: { value: 'JP' } })
    expect(screen.getByRole('combobox', { name: 'Prefecture' })).toBeInTheDocument()

    fireEvent.change(country, { target: { value: 'HK' } })
    expect(screen.queryByRole('textbox', { name: /Postal code/ })).toBeNull()
    expect(screen.queryByRole('combobox', { name: /State|Province|Prefecture/ })).toBeNull()
  })

  it('keeps a Canadian shopper on Information until a province and a Canadian postal code are given, with the sentences under the fields', () => {
    renderCheckout()
    fillInformation({ Email: 'ada@example.com', 'First name': 'Ada', 'Last name': 'Lovelace' })
    fireEvent.change(screen.getByRole('combobox', { name: 'Country' }), { target: { value: 'CA' } })
    fillInformation({ 'Postal code': '12345' })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))

    const province = screen.getByRole('combobox', { name: 'Province' })
    expect(province).toHaveAttribute('aria-invalid', 'true')
    expect(province).toHaveAccessibleDescription('Choose a province')
    expect(province).toHaveFocus()
    expect(screen.getByRole('textbox', { name: 'Postal code' })).toHaveAccessibleDescription('Enter a valid postal code for Canada, for example K1A 0B1')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(steps()[0]).toHaveAttribute('aria-current', 'step')

    // A fixed field loses its sentence at once.
    fireEvent.change(province, { target: { value: 'ON' } })
    expect(screen.queryByText('Choose a province')).toBeNull()
    fillInformation({ 'Postal code': 'K1A 0B1' })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(steps()[1]).toHaveAttribute('aria-current', 'step')
  })

  it('shows the required-fields box and the address sentences together when both are missing', () => {
    renderCheckout()
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields')
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveAccessibleDescription('Choose a state')
    expect(screen.getByRole('textbox', { name: 'Postal code' })).toHaveAccessibleDescription('Enter your postal code')
  })

  it('fills in the signed-in email', () => {
    Object.assign(session, {
      user: { id: 'user-1', email: 'producer@example.com', name: 'P', emailVerified: true, twoFactorEnabled: false, createdAt: new Date() },
    })
    renderCheckout()
    expect(field('Email')).toHaveValue('producer@example.com')
  })

  it('moves to Payment with Information shown completed, and the button shows the pricing total with the promo and tax', () => {
    renderCheckout()
    fillInformation({ Email: 'ada@example.com', 'First name': 'Ada', 'Last name': 'Lovelace', ...NEW_YORK })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))

    const [information, payment] = steps()
    expect(information).toHaveAttribute('data-state', 'complete')
    expect(information).toHaveTextContent('Information (completed)')
    expect(information!.querySelector('svg')).not.toBeNull()
    expect(payment).toHaveAttribute('aria-current', 'step')

    const expected = priceCart(LINES, 0.1).totalCents
    // 2999 + 3 × 1555 = 7664; −766 (10 %) = 6898; +552 tax (8 %) = 7450
    expect(expected).toBe(7450)
    expect(screen.getByRole('button', { name: `Continue to Payment - ${formatPrice(expected)}` })).toBeInTheDocument()
    const review = screen.getByLabelText('Order review')
    expect(review).toHaveTextContent('CustomerAda Lovelace')
    expect(review).toHaveTextContent('Emailada@example.com')
    expect(review).toHaveTextContent('DeliveryDigital Download')
    expect(review).toHaveTextContent(`Total${formatPrice(expected)}`)
    expect(screen.getByText('WELCOME10')).toBeInTheDocument()
  })

  it("creates a hosted session of the guest's cart lines and email, and redirects to the provider's page", async () => {
    renderCheckout()
    fillInformation({ Email: 'ada@example.com', 'First name': 'Ada', 'Last name': 'Lovelace', City: 'Berlin', Country: 'DE', 'Postal code': '10115' })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^Continue to Payment - / })))

    expect(requests).toHaveLength(1)
    expect(requests[0]!.url).toBe('/api/checkout/sessions')
    expect(requests[0]!.body).toEqual({
      items: [
        { productId: 'drums', quantity: 1, licenseType: 'standard' },
        { productId: 'keys', quantity: 3, licenseType: 'standard' },
      ],
      promoCode: 'WELCOME10',
      checkoutType: 'direct',
      customerEmail: 'ada@example.com',
      successUrl: `${window.location.origin}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${window.location.origin}/payment/cancel`,
      uiMode: 'hosted',
      billingDetails: {
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        countryCode: 'DE',
        country: 'Germany',
        city: 'Berlin',
        postalCode: '10115',
      },
    })
    expect(assign).toHaveBeenCalledWith('http://localhost/pay/cs_test_1')
    expect(screen.getByRole('button', { name: 'Redirecting to checkout...' })).toBeDisabled()
  })

  it('starts the next checkout in the country, region and postal code this browser used last', async () => {
    renderCheckout()
    fillInformation({ Email: 'ada@example.com', 'First name': 'Ada', 'Last name': 'Lovelace', Country: 'CA' })
    fillInformation({ Province: 'QC', 'Postal code': 'H2X 1Y4' })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^Continue to Payment - / })))
    expect(requests[0]!.body).toMatchObject({ billingDetails: { countryCode: 'CA', country: 'Canada', state: 'QC', postalCode: 'H2X 1Y4' } })
    cleanup()

    renderCheckout()
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('CA')
    expect(screen.getByRole('combobox', { name: 'Province' })).toHaveValue('QC')
    expect(screen.getByRole('textbox', { name: 'Postal code' })).toHaveValue('H2X 1Y4')
    expect(field('First name')).toHaveValue('')
  })

  it("shows the server's address sentence when it refuses the address", async () => {
    answer = () => Response.json({ error: { message: 'Choose a state', status: 400, code: 'INVALID_ADDRESS' } }, { status: 400 })
    renderCheckout()
    fillInformation({ Email: 'ada@example.com', 'First name': 'Ada', 'Last name': 'Lovelace', ...NEW_YORK })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^Continue to Payment - / })))
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a state')
  })

  it("sends a signed-in shopper's cart checkout with the user id and the email the review shows", async () => {
    Object.assign(session, {
      user: { id: 'user-1', email: 'producer@example.com', name: 'P', emailVerified: true, twoFactorEnabled: false, createdAt: new Date() },
    })
    renderCheckout()
    fillInformation({ 'First name': 'Ada', 'Last name': 'Lovelace', ...NEW_YORK })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^Continue to Payment - / })))
    expect(requests[0]!.body).toMatchObject({ userId: 'user-1', checkoutType: 'cart', customerEmail: 'producer@example.com' })
  })

  it("maps the server's refusal by its code, with the redirect flow's extra line, and stays put", async () => {
    answer = () => Response.json({ error: { message: 'Invalid promo code', status: 404, code: 'INVALID_PROMO_CODE' } }, { status: 404 })
    renderCheckout()
    fillInformation({ Email: 'ada@example.com', 'First name': 'Ada', 'Last name': 'Lovelace', ...NEW_YORK })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^Continue to Payment - / })))

    const box = screen.getByRole('alert')
    expect(box).toHaveAccessibleName('Checkout Error')
    expect(box).toHaveTextContent('Invalid or expired promo code')
    expect(box).toHaveTextContent('If the problem persists, please contact support or try again later.')
    expect(assign).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: /^Continue to Payment - / })).toBeEnabled()
  })

  it('says when the server answers without a session id', async () => {
    answer = () => Response.json({ url: null, client_secret: null, orderId: 'order-1' })
    renderCheckout()
    fillInformation({ Email: 'ada@example.com', 'First name': 'Ada', 'Last name': 'Lovelace', ...NEW_YORK })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^Continue to Payment - / })))
    expect(screen.getByRole('alert')).toHaveTextContent('Unable to create checkout session. Please try again.')
  })

  it('shows "Your cart is empty" for an empty cart', () => {
    useCartStore.setState({ items: [], promoCode: null, discount: 0 })
    renderCheckout()
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull()
  })
})
