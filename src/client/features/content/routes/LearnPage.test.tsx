// @vitest-environment happy-dom
/** LearnPage: the tab follows the URL hash both ways, the docs search filters by title, Stay Updated subscribes to the newsletter. */
import '@testing-library/jest-dom/vitest'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { queryClientWithSettings } from '../../../../../tests/support/client/store-settings-fixture.ts'
import LearnPage from './LearnPage.tsx'

let currentHash = ''
function HashProbe() {
  currentHash = useLocation().hash
  return null
}

function renderAt(url: string) {
  // As the server renders the page: with the store settings (its title names the store) already there.
  const client = queryClientWithSettings()
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <HashProbe />
        <Routes>
          <Route path="/learn" element={<LearnPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('LearnPage', () => {
  it('opens on Blog & Tutorials with the featured post first', () => {
    renderAt('/learn')
    expect(screen.getByRole('tab', { name: 'Blog & Tutorials' })).toHaveAttribute('aria-selected', 'true')
    const articles = screen.getAllByRole('article')
    expect(articles).toHaveLength(3)
    expect(articles[0]).toHaveTextContent('Featured')
    expect(articles[0]).toHaveTextContent('Layering Drums That Hit Hard Without Turning to Mud')
  })

  it('opens on Documentation for #docs, and switching tabs rewrites the hash', () => {
    renderAt('/learn#docs')
    expect(screen.getByRole('tab', { name: 'Documentation' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('region', { name: 'Formats & Compatibility' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/support')

    fireEvent.click(screen.getByRole('tab', { name: 'Blog & Tutorials' }))
    expect(currentHash).toBe('#blog')
    expect(screen.getByRole('tab', { name: 'Blog & Tutorials' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument()
  })

  it('filters the guides by title as you type', () => {
    renderAt('/learn#docs')
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search documentation' }), { target: { value: 'midi' } })
    expect(screen.getByText('MIDI files in your DAW')).toBeInTheDocument()
    expect(screen.queryByText('WAV loops and one-shots')).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Getting Started' })).not.toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('1 guide matches "midi".')

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search documentation' }), { target: { value: 'theremin' } })
    expect(screen.getByRole('status')).toHaveTextContent('No guides match "theremin".')
  })

  it('subscribes from Stay Updated as a newsletter signup from the learn page', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true, message: 'Thanks for subscribing!' }), { status: 200 }))
    vi.stubGlobal('fetch', fetchMock)
    renderAt('/learn#blog')
    fireEvent.change(screen.getByRole('textbox', { name: 'Email address' }), { target: { value: 'reader@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }))
    expect(await screen.findByText('Thanks for subscribing!')).toBeInTheDocument()
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(JSON.parse(String(init.body))).toEqual({ email: 'reader@example.com', subscriptionType: 'newsletter', source: 'learn_page' })
  })
})
