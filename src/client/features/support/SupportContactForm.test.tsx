// @vitest-environment happy-dom
/** SupportContactForm: field errors before any call, the POST body, "Sending...", "Message Sent" and the 5-second reset. */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SupportContactForm } from './SupportContactForm.tsx'

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <SupportContactForm replyTime="24-48 hours" />
    </QueryClientProvider>,
  )
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } })

function fillValidMessage() {
  type('Name', 'Dana Beats')
  type('Email', 'dana@example.com')
  fireEvent.change(field('Category'), { target: { value: 'technical' } })
  type('Subject', 'SFZ piano loads without sound')
  type('Message', 'The Tine Keys SFZ opens in sforzando but plays silence.')
}

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('SupportContactForm', () => {
  it('names every missing field and sends nothing', () => {
    const fetchMock = vi.fn()
    vi.stubGlobal('fetch', fetchMock)
    renderForm()
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(screen.getByText('Name is required')).toBeInTheDocument()
    expect(screen.getByText('Email is required')).toBeInTheDocument()
    expect(screen.getByText('Subject is required')).toBeInTheDocument()
    expect(screen.getByText('Message is required')).toBeInTheDocument()
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('refuses an invalid email address before sending', () => {
    const fetchMock = vi.fn()
    vi.stubGlobal('fetch', fetchMock)
    renderForm()
    fillValidMessage()
    type('Email', 'dana@nowhere')
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('posts the message, shows "Sending...", then "Message Sent", and an empty form again after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    let answer: (response: Response) => void = () => {}
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)))
    vi.stubGlobal('fetch', fetchMock)
    renderForm()
    fillValidMessage()
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }))

    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled()
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/support-messages')
    expect(init.method).toBe('POST')
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'Dana Beats',
      email: 'dana@example.com',
      category: 'technical',
      subject: 'SFZ piano loads without sound',
      message: 'The Tine Keys SFZ opens in sforzando but plays silence.',
    })

    await act(async () => answer(new Response(JSON.stringify({ data: { id: 'msg-1' } }), { status: 201 })))
    const sent = await screen.findByRole('status')
    expect(sent).toHaveTextContent('Message Sent')
    expect(sent).toHaveTextContent("We'll reply to dana@example.com within 24-48 hours.")

    await act(async () => vi.advanceTimersByTime(4900))
    expect(screen.getByText('Message Sent')).toBeInTheDocument()
    await act(async () => vi.advanceTimersByTime(200))
    expect(screen.queryByText('Message Sent')).not.toBeInTheDocument()
    expect(field('Name').value).toBe('')
    expect(field('Subject').value).toBe('')
    expect(field('Message').value).toBe('')
    expect(field('Category').value).toBe('general')
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled()
  })

  it("shows the server's reason when it refuses the message", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { message: 'Too many messages. Please try again later.', status: 429, code: 'RATE_LIMITED' } }), {
            status: 429,
          }),
      ),
    )
    renderForm()
    fillValidMessage()
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many messages. Please try again later.')
    expect(field('Message').value).toBe('The Tine Keys SFZ opens in sforzando but plays silence.')
  })

  it('says the message could not be sent when the server fails, keeping what was typed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    )
    renderForm()
    fillValidMessage()
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send your message. Please try again, or email us directly.')
    expect(field('Subject').value).toBe('SFZ piano loads without sound')
  })
})
