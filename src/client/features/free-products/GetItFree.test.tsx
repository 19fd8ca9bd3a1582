// @vitest-environment happy-dom
/**
 * "Get it free": the dialog shows the consent sentence beside the email field and a separate,
 * unticked news box; it sends what the visitor chose and shows the server's sentence in place of
 * the form; a refusal shows the server's words.
 */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { GetItFree } from './GetItFree.tsx'

const PRODUCT = { id: 'a1b2c3d4-0000-4000-8000-000000000001', name: 'Dusty Keys Vol. 2' }

function open() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <GetItFree product={PRODUCT} />
    </QueryClientProvider>,
  )
  fireEvent.click(screen.getByRole('button', { name: 'Get it free' }))
  return screen.getByRole('dialog', { name: 'Get Dusty Keys Vol. 2 free' })
}

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }))
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

const sentBody = (fetchMock: ReturnType<typeof answer>) => JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body))

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('GetItFree', () => {
  it('shows the consent sentence beside the email, the news box unticked, and sends no news consent unless ticked', async () => {
    const fetchMock = answer(200, { data: { message: 'Check your inbox: the download link is on its way to ada@example.com.' } })
    const dialog = open()
    const email = screen.getByRole('textbox', { name: 'Email' })
    expect(email).toHaveAccessibleDescription("We'll email you the download link for Dusty Keys Vol. 2.")
    expect(screen.getByRole('checkbox', { name: 'Also send me news and new releases' })).not.toBeChecked()
    fireEvent.change(email, { target: { value: 'ada@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Email me the link' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Check your inbox: the download link is on its way to ada@example.com.')
    expect(dialog).not.toContainElement(screen.queryByRole('textbox', { name: 'Email' }))
    const [url] = fetchMock.mock.calls[0] as unknown as [string]
    expect(url).toBe(`/api/free-products/${PRODUCT.id}/claims`)
    expect(sentBody(fetchMock)).toEqual({ email: 'ada@example.com', newsConsent: false })
  })

  it('sends the news consent when the box is ticked', async () => {
    const fetchMock = answer(200, { data: { message: 'Check your inbox.' } })
    open()
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'ada@example.com' } })
    fireEvent.click(screen.getByRole('checkbox', { name: 'Also send me news and new releases' }))
    fireEvent.click(screen.getByRole('button', { name: 'Email me the link' }))
    await screen.findByRole('status')
    expect(sentBody(fetchMock)).toEqual({ email: 'ada@example.com', newsConsent: true })
  })

  it('refuses an address without a domain before sending, and shows the server’s refusal after', async () => {
    const fetchMock = answer(429, {
      error: { message: 'Too many requests for free downloads. Please wait a while before trying again.', status: 429, code: 'RATE_LIMITED' },
    })
    open()
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'ada@nowhere' } })
    fireEvent.click(screen.getByRole('button', { name: 'Email me the link' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address')
    expect(fetchMock).not.toHaveBeenCalled()
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'ada@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Email me the link' }))
    expect(await screen.findByText('Too many requests for free downloads. Please wait a while before trying again.')).toBeInTheDocument()
  })
})
