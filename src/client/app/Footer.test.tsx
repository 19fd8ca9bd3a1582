// @vitest-environment happy-dom
/** The footer: the store's name and the owner's social links (with the network's icon or a plain link icon), and no Follow Us row without links. */
import '@testing-library/jest-dom/vitest'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { queryClientWithSettings } from '../../../tests/support/client/store-settings-fixture.ts'
import { Footer } from './Footer.tsx'

function renderFooter(client: QueryClient) {
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Footer />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

afterEach(cleanup)

describe('Footer', () => {
  it("links the owner's social profiles, named with the store's name, and says the store's name", () => {
    renderFooter(
      queryClientWithSettings({
        storeName: 'Night Shift Sounds',
        socialLinks: [
          { label: 'Bandcamp', url: 'https://nightshift.bandcamp.com' },
          { label: 'YouTube', url: 'https://www.youtube.com/@nightshift' },
        ],
      }),
    )
    const footer = screen.getByRole('contentinfo')
    expect(within(footer).getByRole('heading', { name: 'Follow Us' })).toBeInTheDocument()
    const bandcamp = within(footer).getByRole('link', { name: 'Night Shift Sounds on Bandcamp (opens in a new tab)' })
    expect(bandcamp).toHaveAttribute('href', 'https://nightshift.bandcamp.com')
    expect(bandcamp).toHaveAttribute('target', '_blank')
    expect(within(footer).getByRole('link', { name: 'Night Shift Sounds on YouTube (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://www.youtube.com/@nightshift',
    )
    expect(within(footer).queryByRole('link', { name: /Instagram|TikTok/ })).not.toBeInTheDocument()
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Night Shift Sounds. All rights reserved.`)
    expect(footer).not.toHaveTextContent('Audio Lab Store')
  })

  it('shows no Follow Us row when the owner lists no social links', () => {
    renderFooter(queryClientWithSettings({ socialLinks: [] }))
    expect(screen.queryByRole('heading', { name: 'Follow Us' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /opens in a new tab/ })).not.toBeInTheDocument()
  })
})
