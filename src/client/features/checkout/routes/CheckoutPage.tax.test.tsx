// @vitest-environment happy-dom
/**
 * The redirect checkout under the store's tax policy: the summary's tax line and the pay button
 * follow the country the form names (VAT 19 % for Germany), a business's valid VAT number gives
 * reverse charge, a malformed one is named under its field as the shopper leaves it, and the flat
 * estimate asks no VAT number at all.
 */
import '@testing-library/jest-dom/vitest'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { byCountryTaxPolicy, makeTaxPolicy, queryClientWithTaxPolicy } from '../../../../../tests/support/client/tax-policy-fixture.ts'
import type { PublicTaxPolicy } from '../../../../shared/contract/tax.ts'
import { formatPrice } from '../../../../shared/money.ts'
import { priceCart } from '../../../../shared/pricing.ts'
import type { TaxTreatment } from '../../../../shared/tax/tax-types.ts'
import type { AuthSession } from '../../../session/use-session.ts'
import type { CartItem } from '../../../cart-state/cart-item.ts'
import { useCartStore } from '../../../cart-state/cart-store.ts'

const session: AuthSession = { user: null, isLoading: false, refetch: async () => {} }
vi.mock('../../../session/use-session.ts', () => ({ useSession: () => session }))

// The page as its route composes it (the cart's promo code form in its Payment step).
const { default: CheckoutPage } = await import('../../../app/routes/CheckoutPage.tsx')

const LINES: CartItem[] = [
  {
    id: 'drums',
    name: 'Midnight Drums',
    priceCents: 2999,
    originalPriceCents: null,
    image: '/placeholder-product.svg',
    category: 'Sample Packs',
    quantity: 1,
    licenseType: 'standard',
    isDigital: true,
    purchaseLimit: 1,
  },
]
const VALID_GERMAN_VAT = 'DE136695976'
const german = (overrides: Partial<TaxTreatment> = {}): TaxTreatment => ({
  mode: 'by-country',
  rateBasisPoints: 1900,
  pricesIncludeTax: false,
  label: 'VAT 19%',
  reverseCharge: false,
  country: 'DE',
  region: null,
  ...overrides,
})

let requests: Array<{ url: string; body: Record<string, unknown> | null }>

function renderCheckout(policy: PublicTaxPolicy) {
  return render(
    <QueryClientProvider client={queryClientWithTaxPolicy(policy)}>
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
const summary = () => screen.getByRole('complementary', { name: 'Order Summary' })
/** The amount beside a label of the summary's figures. */
const figure = (label: string) => within(summary()).getByText(label).nextElementSibling
const GERMAN_BUYER = { Email: 'ada@example.com', 'First name': 'Ada', 'Last name': 'Lovelace', Country: 'DE', 'Postal code': '10115' }

beforeEach(() => {
  Object.assign(session, { user: null, isLoading: false })
  useCartStore.setState({ items: LINES, promoCode: null, discount: 0, isOpen: false, mode: 'local', isLoading: false, isSyncing: false })
  requests = []
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    requests.push({ url, body: init.body ? JSON.parse(String(init.body)) : null })
    return Response.json({ sessionId: 'cs_test_1', url: 'http://localhost/pay/cs_test_1', client_secret: null, orderId: 'order-1' })
  })
  vi.spyOn(window.location, 'assign').mockImplementation(() => {})
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  localStorage.clear()
})

describe('CheckoutPage with the tax by country', () => {
  it("shows Germany's VAT 19 % in the summary and charges it on the button, once the country is chosen", async () => {
    renderCheckout(byCountryTaxPolicy())
    // The form starts in the United States without a state: the tax is not known yet.
    expect(figure('Tax calculated at checkout')).toHaveTextContent('—')
    fillInformation(GERMAN_BUYER)

    const totals = priceCart(LINES, 0, german())
    // $29.99 + 19 % ($5.70) = $35.69
    expect([totals.taxCents, totals.totalCents]).toEqual([570, 3569])
    expect(figure('VAT 19%')).toHaveTextContent('$5.70')
    expect(figure('Total')).toHaveTextContent('$35.69')

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    const pay = screen.getByRole('button', { name: `Continue to Payment - ${formatPrice(3569)}` })
    await act(async () => fireEvent.click(pay))
    expect(requests[0]!.body).toMatchObject({ billingDetails: { countryCode: 'DE', postalCode: '10115' } })
    expect(requests[0]!.body!.billingDetails).not.toHaveProperty('vatNumber')
  })

  it('a business with a valid VAT number from another EU country than the seller’s pays no VAT: reverse charge', async () => {
    renderCheckout(byCountryTaxPolicy({ sellerCountry: 'FR' }))
    fillInformation({ ...GERMAN_BUYER, Company: 'Ada Audio GmbH', 'VAT number (businesses)': VALID_GERMAN_VAT })

    expect(figure('VAT reverse charge')).toHaveTextContent('$0.00')
    expect(figure('Total')).toHaveTextContent('$29.99')
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment - $29.99' })))
    expect(requests[0]!.body).toMatchObject({ billingDetails: { countryCode: 'DE', vatNumber: VALID_GERMAN_VAT, company: 'Ada Audio GmbH' } })
  })

  it('names a VAT number that does not fit Germany as the shopper leaves the field, and keeps them on Information', () => {
    renderCheckout(byCountryTaxPolicy())
    fillInformation({ ...GERMAN_BUYER, 'VAT number (businesses)': 'DE123456789' })
    const vat = screen.getByRole('textbox', { name: 'VAT number (businesses)' })
    fireEvent.blur(vat)
    expect(vat).toHaveAccessibleDescription("This VAT number doesn't look right for Germany. Check it, or leave the field empty to buy without one.")
    // A number that does not fit is no business: VAT is charged.
    expect(figure('VAT 19%')).toHaveTextContent('$5.70')
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(screen.queryByRole('button', { name: /^Continue to Payment/ })).toBeNull()
  })

  it("brings the shopper back to the field with the server's sentence when the EU's register refuses the number", async () => {
    renderCheckout(byCountryTaxPolicy())
    fillInformation({ ...GERMAN_BUYER, 'VAT number (businesses)': VALID_GERMAN_VAT })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    const refusal = "The EU's VAT register does not know this VAT number. Check it, or leave the field empty to buy without one."
    vi.stubGlobal('fetch', async () =>
      Response.json({ error: { message: refusal, status: 400, code: 'INVALID_VAT_NUMBER', field: 'billingDetails.vatNumber' } }, { status: 400 }),
    )
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment - $29.99' })))
    expect(screen.getByRole('textbox', { name: 'VAT number (businesses)' })).toHaveAccessibleDescription(refusal)
  })

  it('shows a tax the prices already hold under the total, and charges the prices as they are', () => {
    renderCheckout(byCountryTaxPolicy({ pricesIncludeTax: true }))
    fillInformation(GERMAN_BUYER)
    // $29.99 holds 19 %: 2999 × 19 / 119 = 478.8 → $4.79
    expect(figure('Includes VAT 19%')).toHaveTextContent('$4.79')
    expect(figure('Total')).toHaveTextContent('$29.99')
  })

  it('in flat mode asks no VAT number, whatever the country, and keeps the spec’s estimate', () => {
    renderCheckout(makeTaxPolicy())
    fillInformation(GERMAN_BUYER)
    expect(screen.queryByRole('textbox', { name: 'VAT number (businesses)' })).toBeNull()
    expect(figure('Estimated tax (8%)')).toHaveTextContent('$2.40')
  })
})
