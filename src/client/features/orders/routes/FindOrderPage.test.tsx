// @vitest-environment happy-dom
/** "Find my order": the server's one sentence after a request, a bad address refused before any request, and the too-many-requests sentence. */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import FindOrderPage, { FIND_ORDER_TEXT } from './FindOrderPage.tsx'

const SENT = 'If that address has paid orders, we have emailed their links to it.'
let answer: () => Response
let posts: unknown[]

function renderPage() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <FindOrderPage />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

function ask(email: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } })
  fireEvent.click(screen.getByRole('button', { name: 'Email my order links' }))
}

beforeEach(() => {
  posts = []
  answer = () => Response.json({ data: { message: SENT } })
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    posts.push({ url, body: JSON.parse(String(init.body)) })
    return answer()
  })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('FindOrderPage', () => {
  it("asks for the address's links and shows the server's sentence", async () => {
    renderPage()
    ask(' ada@example.com ')
    expect(await screen.findByRole('status')).toHaveTextContent(SENT)
    expect(posts).toEqual([{ url: '/api/orders/find', body: { email: 'ada@example.com' } }])
  })

  it('refuses a malformed address without asking the server', () => {
    renderPage()
    ask('ada@')
    expect(screen.getByRole('alert')).toHaveTextContent(FIND_ORDER_TEXT.invalid)
    expect(posts).toEqual([])
  })

  it('shows the too-many-requests sentence', async () => {
    answer = () =>
      Response.json(
        { error: { message: 'Too many requests for order links. Please wait a while before trying again.', status: 429, code: 'RATE_LIMITED' } },
        { status: 429 },
      )
    renderPage()
    ask('ada@example.com')
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests for order links. Please wait a while before trying again.')
    expect(screen.queryByRole('status')).toBeNull()
  })
})
