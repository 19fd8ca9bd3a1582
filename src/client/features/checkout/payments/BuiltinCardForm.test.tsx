// @vitest-environment happy-dom
/** The built-in card form: what it sends, "Processing...", and the provider's refusal text. */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BuiltinCardForm } from './BuiltinCardForm.tsx'

function renderForm(props: Partial<Parameters<typeof BuiltinCardForm>[0]> = {}) {
  const onPaid = vi.fn()
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <BuiltinCardForm sessionId="cs_test_abc" amountCents={5831} onPaid={onPaid} {...props} />
    </QueryClientProvider>,
  )
  return { onPaid }
}

function fillCard(cardNumber: string) {
  fireEvent.change(screen.getByLabelText('Card number'), { target: { value: cardNumber } })
  fireEvent.change(screen.getByLabelText('Expiration date (MM / YY)'), { target: { value: '1234' } })
  fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } })
  fireEvent.change(screen.getByLabelText('Name on card'), { target: { value: 'Test Producer' } })
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('BuiltinCardForm', () => {
  it('shows the test card hint, formats the number as typed, and offers "Pay $58.31"', () => {
    renderForm()
    expect(screen.getByText('Test mode — use card 4242 4242 4242 4242')).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242424242424242' } })
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242')
    expect(screen.getByRole('button', { name: 'Pay $58.31' })).toBeEnabled()
  })

  it('says what is missing before sending anything', () => {
    const fetchMock = vi.fn()
    vi.stubGlobal('fetch', fetchMock)
    renderForm()
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242 4242' } })
    fireEvent.click(screen.getByRole('button', { name: 'Pay $58.31' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Your card number is incomplete.')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('shows "Your card was declined." for 4000 0000 0000 0002 and lets the shopper try again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(402, { error: { message: 'Your card was declined.', status: 402, code: 'card_declined' } })),
    )
    const { onPaid } = renderForm()
    fillCard('4000000000000002')
    fireEvent.click(screen.getByRole('button', { name: 'Pay $58.31' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.')
    expect(screen.getByRole('button', { name: 'Pay $58.31' })).toBeEnabled()
    expect(onPaid).not.toHaveBeenCalled()
  })

  it('sends the card with the client secret, shows "Processing..." and hands over the result', async () => {
    let answer: (response: Response) => void = () => {}
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)))
    vi.stubGlobal('fetch', fetchMock)
    const { onPaid } = renderForm({ clientSecret: 'cs_test_abc_secret_xyz' })
    fillCard('4242 4242 4242 4242')
    fireEvent.click(screen.getByRole('button', { name: 'Pay $58.31' }))

    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled()
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/builtin-pay/sessions/cs_test_abc/confirm')
    expect(JSON.parse(String(init.body))).toEqual({
      clientSecret: 'cs_test_abc_secret_xyz',
      cardNumber: '4242424242424242',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
      name: 'Test Producer',
    })

    answer(json(200, { sessionId: 'cs_test_abc', redirectUrl: '/payment/success?session_id=cs_test_abc' }))
    await vi.waitFor(() => expect(onPaid).toHaveBeenCalledWith({ sessionId: 'cs_test_abc', redirectUrl: '/payment/success?session_id=cs_test_abc' }))
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled()
  })
})
