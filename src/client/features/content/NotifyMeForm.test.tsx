// @vitest-environment happy-dom
/** NotifyMeForm: email validation, the server's message on success, the failure text. */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NotifyMeForm } from './NotifyMeForm.tsx'

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <NotifyMeForm />
    </QueryClientProvider>,
  )
}

function submit(email: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Email address' }), { target: { value: email } })
  fireEvent.click(screen.getByRole('button', { name: 'Notify Me' }))
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('NotifyMeForm', () => {
  it('rejects an address without a domain and sends nothing', () => {
    const fetchMock = vi.fn()
    vi.stubGlobal('fetch', fetchMock)
    renderForm()
    submit('producer@nowhere')
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('posts the coming-soon signup and shows the server message', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true, message: 'Thanks for subscribing!' }), { status: 200 }))
    vi.stubGlobal('fetch', fetchMock)
    renderForm()
    submit('producer@example.com')
    expect(await screen.findByText('Thanks for subscribing!')).toBeInTheDocument()
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/email-signup')
    expect(JSON.parse(String(init.body))).toEqual({ email: 'producer@example.com', subscriptionType: 'coming_soon', source: 'coming_soon_page' })
  })

  it('says "Failed to subscribe. Please try again." when the call fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    )
    renderForm()
    submit('producer@example.com')
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to subscribe. Please try again.')
  })
})
