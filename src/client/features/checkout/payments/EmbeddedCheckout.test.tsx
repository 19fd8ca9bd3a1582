// @vitest-environment happy-dom
/**
 * The embedded checkout: the built-in provider's form bound to the client secret's session,
 * completion with the session id, and the unavailable text when Stripe.js fails to load.
 */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EmbeddedCheckout } from './EmbeddedCheckout.tsx'

// In happy-dom loadStripe never settles; here it fails as it does offline in a browser.
vi.mock('@stripe/stripe-js', () => ({ loadStripe: vi.fn(async () => Promise.reject(new Error('Failed to load Stripe.js'))) }))

const SECRET = 'cs_test_embedded_secret_abc'
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
const session = {
  id: 'cs_test_embedded',
  status: 'open',
  currency: 'usd',
  lineItems: [{ name: 'Tape Saturator', quantity: 1, unitAmountCents: 4900 }],
  subtotalCents: 4900,
  discountCents: 0,
  taxCents: 392,
  amountTotalCents: 5292,
  customerEmail: 'producer@example.com',
  cancelUrl: null,
  successUrl: null,
  expiresAt: '2030-01-01T00:00:00.000Z',
}

function renderCheckout() {
  const onComplete = vi.fn()
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <EmbeddedCheckout clientSecret={SECRET} onComplete={onComplete} />
    </QueryClientProvider>,
  )
  return { onComplete }
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('EmbeddedCheckout', () => {
  it('with the built-in provider: loads the session with its secret, pays, then completes with the session id', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/payments/config') return json(200, { provider: 'builtin', publishableKey: null })
      if (url === '/api/builtin-pay/sessions/cs_test_embedded') {
        expect(new Headers(init?.headers).get('X-Client-Secret')).toBe(SECRET)
        return json(200, session)
      }
      return json(200, { sessionId: 'cs_test_embedded', redirectUrl: null })
    })
    vi.stubGlobal('fetch', fetchMock)
    const { onComplete } = renderCheckout()
    expect(screen.getByRole('status')).toHaveTextContent('Loading checkout...')

    fireEvent.change(await screen.findByLabelText('Card number'), { target: { value: '4242424242424242' } })
    fireEvent.change(screen.getByLabelText('Expiration date (MM / YY)'), { target: { value: '1230' } })
    fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } })
    fireEvent.change(screen.getByLabelText('Name on card'), { target: { value: 'Test Producer' } })
    fireEvent.click(screen.getByRole('button', { name: 'Pay $52.92' }))

    await vi.waitFor(() => expect(onComplete).toHaveBeenCalledWith('cs_test_embedded'))
    expect(onComplete).toHaveBeenCalledTimes(1)
    const confirm = fetchMock.mock.calls.find(([url]) => url.endsWith('/confirm'))!
    expect(JSON.parse(String(confirm[1]!.body)).clientSecret).toBe(SECRET)
  })

  it('says the session expired when it has', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/payments/config' ? json(200, { provider: 'builtin', publishableKey: null }) : json(200, { ...session, status: 'expired' }),
      ),
    )
    renderCheckout()
    expect(await screen.findByRole('alert')).toHaveTextContent('Checkout session has expired. Please start over.')
  })

  it('with Stripe: "Payment system is currently unavailable. Please try again later." when Stripe.js fails to load', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { provider: 'stripe', publishableKey: 'pk_test_123' })),
    )
    renderCheckout()
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment system is currently unavailable. Please try again later.')
  })
})
