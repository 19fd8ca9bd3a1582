// @vitest-environment happy-dom
/** Payment success: at least 2 s of processing, then only a really paid order reads "Payment Successful". */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SessionOrder } from '../../../../shared/contract/checkout.ts'
import type { GuestOrder } from '../../../../shared/contract/order-access.ts'
import type { AuthSession } from '../../../session/use-session.ts'
import { useCartStore } from '../../../cart-state/cart-store.ts'

const session: AuthSession = { user: null, isLoading: false, refetch: async () => {} }
vi.mock('../../../session/use-session.ts', () => ({ useSession: () => session }))

// The page as its route composes it (a guest's downloads listed through the order's private link).
const { default: PaymentSuccessPage } = await import('../../../app/routes/PaymentSuccessPage.tsx')

const order = (status: SessionOrder['status']): SessionOrder => ({
  orderId: '0d9c1a52-5b1e-4c1f-9f7e-3a1b2c3d4e5f',
  orderNumber: '3A1B2C3D',
  status,
  totalCents: 7450,
  subtotalCents: 7664,
  discountCents: 766,
  taxCents: 552,
  currency: 'usd',
  promoCode: 'WELCOME10',
  email: 'ada@example.com',
  cardLast4: '4242',
  createdAt: '2025-05-01T10:00:00.000Z',
  items: [{ name: 'Midnight Drums', quantity: 1, priceCents: 2999 }],
  accessPath: null,
})

const GUEST_TOKEN = 'A'.repeat(65)
/** The order of a guest's private link, as GET /api/order-access/:token answers it. */
const guestOrder: GuestOrder = {
  orderNumber: '3A1B2C3D',
  status: 'COMPLETED',
  customerEmail: 'ada@example.com',
  belongsToAccount: false,
  createdAt: '2025-05-01T10:00:00.000Z',
  subtotalCents: 2999,
  discountCents: 0,
  taxCents: 0,
  totalAmountCents: 2999,
  refundedCents: 0,
  promoCode: null,
  licence: null,
  items: [
    {
      id: '7f1e2d3c-4b5a-4968-8776-655443322110',
      orderId: '0d9c1a52-5b1e-4c1f-9f7e-3a1b2c3d4e5f',
      productId: '11111111-2222-4333-8444-555555555555',
      quantity: 1,
      downloadsRemaining: 3,
      downloadLimit: 3,
      access: { state: 'active', reason: null, since: null },
      product: {
        id: '11111111-2222-4333-8444-555555555555',
        name: 'Midnight Drums',
        description: 'Dusty drum breaks.',
        imageUrl: null,
        fileSize: 1048576,
        downloadLimit: 3,
        category: null,
        fileVersion: null,
      },
      order: { id: '0d9c1a52-5b1e-4c1f-9f7e-3a1b2c3d4e5f', orderNumber: '3A1B2C3D', createdAt: '2025-05-01T10:00:00.000Z' },
    },
  ],
}

let lookups: string[]
let answers: Array<() => Response>

function ConfirmationProbe() {
  const location = useLocation()
  return <pre data-testid="confirmation-state">{JSON.stringify(location.state)}</pre>
}

function renderSuccess(path = '/payment/success?session_id=cs_test_1') {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/payment/success" element={<PaymentSuccessPage />} />
          <Route path="/order-confirmation" element={<ConfirmationProbe />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))
const heading = () => screen.getByRole('heading', { level: 1 })

beforeEach(() => {
  vi.useFakeTimers()
  lookups = []
  answers = []
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
    promoCode: 'WELCOME10',
    discount: 0.1,
    mode: 'local',
    isLoading: false,
    isSyncing: false,
  })
  vi.stubGlobal('fetch', async (url: string) => {
    if (url === `/api/order-access/${GUEST_TOKEN}`) return Response.json({ data: guestOrder })
    if (url === `/api/order-access/${GUEST_TOKEN}/licence-keys`) return Response.json({ data: [] })
    lookups.push(url)
    const next = answers.length > 1 ? answers.shift()! : answers[0]!
    return next()
  })
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('PaymentSuccessPage', () => {
  it('keeps "Processing your payment" for 2 seconds even when the order is already paid', async () => {
    answers = [() => Response.json({ data: order('COMPLETED') })]
    renderSuccess()
    await advance(1_900)
    expect(heading()).toHaveTextContent('Processing your payment')
    expect(lookups[0]).toBe('/api/orders/by-session/cs_test_1')
    await advance(150)
    expect(heading()).toHaveTextContent('Payment Successful')
    expect(screen.getByText('cs_test_1')).toBeInTheDocument()
    expect(screen.getByText('3A1B2C3D')).toBeInTheDocument()
    expect(screen.getByText('ada@example.com')).toBeInTheDocument()
    expect(screen.getByText('$74.50')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View Order History' })).toHaveAttribute('href', '/order-history')
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/')
  })

  it('keeps processing past 2 seconds until the lookup says COMPLETED, polling every 1.5 s', async () => {
    answers = [
      () => Response.json({ data: order('PENDING') }),
      () => Response.json({ data: order('PENDING') }),
      () => Response.json({ data: order('PENDING') }),
      () => Response.json({ data: order('COMPLETED') }),
    ]
    renderSuccess()
    await advance(2_100)
    expect(heading()).toHaveTextContent('Processing your payment')
    await advance(1_500)
    expect(heading()).toHaveTextContent('Processing your payment')
    expect(useCartStore.getState().items).toHaveLength(1)
    await advance(1_500)
    expect(heading()).toHaveTextContent('Payment Successful')
    expect(lookups).toHaveLength(4)
  })

  it("empties a guest's cart and its promo once the cart purchase is paid", async () => {
    answers = [() => Response.json({ data: order('COMPLETED') })]
    renderSuccess()
    await advance(2_000)
    expect(heading()).toHaveTextContent('Payment Successful')
    expect(useCartStore.getState()).toMatchObject({ items: [], promoCode: null, discount: 0 })
  })

  it('leaves the cart alone after a Buy Now purchase', async () => {
    answers = [() => Response.json({ data: order('COMPLETED') })]
    renderSuccess('/payment/success?session_id=cs_test_1&cart=keep')
    await advance(2_000)
    expect(heading()).toHaveTextContent('Payment Successful')
    expect(useCartStore.getState().items).toHaveLength(1)
  })

  it("lists a guest's downloads at once, through the order's private link, and leads to that page instead of the order history", async () => {
    answers = [() => Response.json({ data: { ...order('COMPLETED'), accessPath: `/orders/access/${GUEST_TOKEN}` } })]
    renderSuccess()
    await advance(2_000)
    expect(heading()).toHaveTextContent('Payment Successful')
    await advance(50)
    const downloads = screen.getByRole('list', { name: 'Your downloads' })
    expect(downloads).toHaveTextContent('Midnight Drums')
    expect(downloads).toHaveTextContent('Downloads remaining: 3 of 3')
    expect(screen.getByRole('button', { name: 'Download' })).toBeEnabled()
    expect(screen.getByRole('link', { name: 'Open your order page' })).toHaveAttribute('href', `/orders/access/${GUEST_TOKEN}`)
    expect(screen.queryByRole('link', { name: 'View Order History' })).toBeNull()
  })

  it('hands the real order number, email, total and card to the order confirmation', async () => {
    answers = [() => Response.json({ data: order('COMPLETED') })]
    renderSuccess()
    await advance(2_000)
    fireEvent.click(screen.getByRole('button', { name: 'View order confirmation' }))
    expect(JSON.parse(screen.getByTestId('confirmation-state').textContent!)).toEqual({
      orderNumber: '3A1B2C3D',
      email: 'ada@example.com',
      totalCents: 7450,
      cardLast4: '4242',
    })
  })

  it('says it cannot find an unknown session, and claims no success', async () => {
    answers = [() => Response.json({ error: { message: 'Order not found', status: 404, code: 'NOT_FOUND' } }, { status: 404 })]
    renderSuccess('/payment/success?session_id=cs_guess')
    await advance(2_000)
    expect(heading()).toHaveTextContent("We couldn't find this payment")
    await advance(6_000)
    expect(lookups).toHaveLength(1)
    expect(screen.queryByText('Payment Successful')).toBeNull()
  })

  it('without a session id, says so after the processing delay', async () => {
    renderSuccess('/payment/success')
    await advance(2_000)
    expect(heading()).toHaveTextContent("We couldn't find this payment")
    expect(lookups).toHaveLength(0)
  })

  it('after a minute of PENDING, says the payment is still processing and the receipt will come by email', async () => {
    answers = [() => Response.json({ data: order('PENDING') })]
    renderSuccess()
    await advance(59_000)
    expect(heading()).toHaveTextContent('Processing your payment')
    await advance(1_500)
    expect(heading()).toHaveTextContent('Still processing')
    expect(screen.getByText(/Your payment is still processing — we'll email your receipt/)).toBeInTheDocument()
    const count = lookups.length
    await advance(10_000)
    expect(lookups).toHaveLength(count)
    expect(useCartStore.getState().items).toHaveLength(1)
  })

  it('reports a failed payment without emptying the cart', async () => {
    answers = [() => Response.json({ data: order('FAILED') })]
    renderSuccess()
    await advance(2_000)
    expect(heading()).toHaveTextContent('Payment not completed')
    expect(useCartStore.getState().items).toHaveLength(1)
  })
})
