// @vitest-environment happy-dom
/** The cart's trust notes: the owner's texts in order, a note the owner cleared not shown, and nothing before the settings are known. */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { queryClientWithSettings } from '../../../../tests/support/client/store-settings-fixture.ts'
import { CartTrustNotes } from './CartTrustNotes.tsx'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('CartTrustNotes', () => {
  it("lists the spec's notes by default", () => {
    render(
      <QueryClientProvider client={queryClientWithSettings()}>
        <CartTrustNotes />
      </QueryClientProvider>,
    )
    const notes = within(screen.getByRole('list', { name: 'Why shop with us' })).getAllByRole('listitem')
    expect(notes.map((note) => note.textContent)).toEqual(['SSL secure checkout', '30-day money-back guarantee', 'Instant download after purchase'])
  })

  it('leaves out the guarantee the owner cleared, and shows their own wording', () => {
    render(
      <QueryClientProvider client={queryClientWithSettings({ guaranteeNote: '', instantDownloadNote: 'Files ready the moment you pay' })}>
        <CartTrustNotes />
      </QueryClientProvider>,
    )
    const notes = within(screen.getByRole('list', { name: 'Why shop with us' })).getAllByRole('listitem')
    expect(notes.map((note) => note.textContent)).toEqual(['SSL secure checkout', 'Files ready the moment you pay'])
    expect(screen.queryByText(/money-back/)).not.toBeInTheDocument()
  })

  it('shows no note while the settings are unknown', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    )
    render(
      <QueryClientProvider client={new QueryClient()}>
        <CartTrustNotes />
      </QueryClientProvider>,
    )
    expect(screen.queryByRole('list', { name: 'Why shop with us' })).not.toBeInTheDocument()
  })
})
