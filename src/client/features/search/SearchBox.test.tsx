// @vitest-environment happy-dom
/** The header's search box: when it asks for suggestions, how it groups them, and the keyboard, mouse and address it answers to. */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter, useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SearchSuggestions } from '../../../shared/contract/catalog.ts'
import { SearchBox } from './SearchBox.tsx'

const SUGGESTIONS: SearchSuggestions = {
  products: [
    { id: 'p-warehouse', name: 'Warehouse Techno', imageUrl: null, categoryName: 'Sample Packs' },
    { id: 'p-rollers', name: 'Warehouse Rollers', imageUrl: '/images/rollers-640.webp', categoryName: 'Sample Packs' },
  ],
  categories: [{ id: 'c-tools', name: 'Tools', slug: 'tools' }],
  tags: ['warehouse'],
}

let fetchMock: ReturnType<typeof vi.fn>
const requestedUrls = () => fetchMock.mock.calls.map(([url]) => String(url))

/** The address the router is at, for asserting where the box sent the shopper. */
function Address() {
  const { pathname, search } = useLocation()
  return <output data-testid="address">{`${pathname}${search}`}</output>
}

function renderSearchBox(at = '/') {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[at]}>
        <SearchBox />
        <button type="button">Elsewhere</button>
        <Address />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const box = () => screen.getByRole('combobox', { name: 'Search sounds' })
const address = () => screen.getByTestId('address').textContent
const type = (text: string) => fireEvent.change(box(), { target: { value: text } })
const key = (name: string) => fireEvent.keyDown(box(), { key: name })
/** Types `text` and waits for its suggestions to be listed. */
async function typeAndWait(text: string) {
  type(text)
  return screen.findByRole('listbox', { name: 'Search suggestions' })
}

beforeEach(() => {
  fetchMock = vi.fn(async () => Response.json({ data: SUGGESTIONS }))
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('SearchBox', () => {
  it('asks for nothing under 2 characters and stays closed', async () => {
    renderSearchBox()
    type('w')
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)))
    expect(fetchMock).not.toHaveBeenCalled()
    expect(box()).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
  })

  it('lists products (with their category), categories and tags under their headings, asked for once the typing pauses', async () => {
    renderSearchBox()
    type('w')
    type('wa')
    const listbox = await typeAndWait('warehou')
    expect(requestedUrls()).toEqual(['/api/search/suggestions?q=warehou'])
    expect(box()).toHaveAttribute('aria-expanded', 'true')
    expect(box()).toHaveAttribute('aria-controls', listbox.id)
    const products = within(listbox).getByRole('group', { name: 'Products' })
    expect(
      within(products)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Warehouse TechnoSample Packs', 'Warehouse RollersSample Packs'])
    expect(within(within(listbox).getByRole('group', { name: 'Categories' })).getByRole('option')).toHaveTextContent('Tools')
    expect(within(within(listbox).getByRole('group', { name: 'Tags' })).getByRole('option')).toHaveTextContent('warehouse')
  })

  it('opens the product highlighted with ArrowDown on Enter', async () => {
    renderSearchBox()
    await typeAndWait('warehou')
    key('ArrowDown')
    const first = screen.getByRole('option', { name: /Warehouse Techno/ })
    expect(first).toHaveAttribute('aria-selected', 'true')
    expect(box()).toHaveAttribute('aria-activedescendant', first.id)
    key('Enter')
    expect(address()).toBe('/products/p-warehouse')
    expect(box()).toHaveAttribute('aria-expanded', 'false')
    expect(box()).toHaveValue('')
  })

  it('wraps with the arrows and opens categories and tags at their addresses', async () => {
    renderSearchBox()
    await typeAndWait('warehou')
    key('ArrowUp')
    expect(screen.getByRole('option', { name: 'warehouse' })).toHaveAttribute('aria-selected', 'true')
    key('ArrowDown')
    expect(screen.getByRole('option', { name: /Warehouse Techno/ })).toHaveAttribute('aria-selected', 'true')
    key('ArrowUp')
    key('Enter')
    expect(address()).toBe('/products?tag=warehouse')

    await typeAndWait('tools')
    fireEvent.mouseMove(screen.getByRole('option', { name: 'Tools' }))
    expect(screen.getByRole('option', { name: 'Tools' })).toHaveAttribute('aria-selected', 'true')
    key('Enter')
    expect(address()).toBe('/tools')
  })

  it('searches every product for the text on Enter with nothing highlighted, and then shows that search', async () => {
    renderSearchBox('/products?category=tools&genre=House')
    await typeAndWait('techno')
    key('Enter')
    fireEvent.submit(box().closest('form')!)
    expect(address()).toBe('/products?q=techno')
    expect(box()).toHaveValue('techno')
  })

  it('shows the search of /products?q= when the page opens there', () => {
    renderSearchBox('/products?q=dusty+tape')
    expect(box()).toHaveValue('dusty tape')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('closes on Escape and clears the text on a second Escape', async () => {
    renderSearchBox()
    await typeAndWait('warehou')
    key('ArrowDown')
    key('Escape')
    expect(box()).toHaveAttribute('aria-expanded', 'false')
    expect(box()).not.toHaveAttribute('aria-activedescendant')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(box()).toHaveValue('warehou')
    key('Escape')
    expect(box()).toHaveValue('')
  })

  it('closes when the focus leaves the box, and opens the option clicked', async () => {
    renderSearchBox()
    await typeAndWait('warehou')
    fireEvent.blur(box())
    expect(box()).toHaveAttribute('aria-expanded', 'false')
    fireEvent.click(box())
    fireEvent.click(screen.getByRole('option', { name: /Warehouse Rollers/ }))
    expect(address()).toBe('/products/p-rollers')
  })
})
