// @vitest-environment happy-dom
/**
 * /admin/products: each row's cover at its smallest size, price under a running sale, sales and
 * downloads, "View in store" (or why not); ticking rows or the whole page and archiving them
 * sends those ids and says how many changed; duplicating opens the copy's edit page.
 */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { Toaster } from 'react-hot-toast'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { EMPTY_PRODUCT_FORM, type AdminProduct } from '../../../../../shared/contract/admin-products.ts'
import AdminProductsPage from './AdminProductsPage.tsx'

const product = (id: string, name: string, overrides: Partial<AdminProduct> = {}): AdminProduct => ({
  id,
  name,
  priceCents: 2499,
  sale: null,
  categoryName: 'Sample Packs',
  active: true,
  sales: 0,
  downloads: 0,
  version: 1,
  updatedAt: '2026-11-20T10:00:00.000Z',
  form: { ...EMPTY_PRODUCT_FORM, name },
  media: { file: null, coverUrl: null, previewUrl: null, previewPeaks: null },
  ...overrides,
})

const PRODUCTS: AdminProduct[] = [
  product('p1', 'Dusty Tape Drums', {
    sales: 12,
    downloads: 30,
    sale: { name: 'Black Friday', priceCents: 1999 },
    media: { file: null, coverUrl: '/media/products/p1/cover-ab12cd34-640.webp', previewUrl: null, previewPeaks: null },
  }),
  product('p2', 'Neon Synth Loops', { active: false }),
  product('p3', 'Vinyl Crackle FX'),
]
let sent: { url: string; method: string; body: unknown }[]

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

beforeEach(() => {
  sent = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET'
      if (method === 'GET') return json(200, { data: PRODUCTS })
      sent.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : null })
      if (url.endsWith('/duplicate')) return json(201, { data: product('p9', 'Dusty Tape Drums (copy)', { active: false }) })
      return json(200, { data: { changed: 2, unchanged: 0 } })
    }),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderPage() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/admin/products']}>
        <Routes>
          <Route path="/admin/products" element={<AdminProductsPage />} />
          <Route path="/admin/products/:productId" element={<p>Editing the copy</p>} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  )
}

describe('AdminProductsPage', () => {
  it('shows each product with its cover at the smallest size, its sale price, sales, downloads and where to see it in the store', async () => {
    renderPage()
    const dusty = await screen.findByRole('row', { name: /Dusty Tape Drums/ })
    const cover = dusty.querySelector('img')!
    expect(cover).toHaveAttribute('src', '/media/products/p1/cover-ab12cd34-320.webp')
    expect(cover).toHaveAttribute('loading', 'lazy')
    expect(cover).toHaveAttribute('alt', '')
    expect(within(dusty).getByText('$19.99')).toBeInTheDocument()
    expect(within(dusty).getByText('Black Friday')).toBeInTheDocument()
    expect(within(dusty).getByRole('cell', { name: '12' })).toBeInTheDocument()
    expect(within(dusty).getByRole('cell', { name: '30' })).toBeInTheDocument()
    const view = within(dusty).getByRole('link', { name: /View in store/ })
    expect(view).toHaveAttribute('href', '/products/p1')
    expect(view).toHaveAttribute('target', '_blank')

    const hidden = screen.getByRole('row', { name: /Neon Synth Loops/ })
    expect(within(hidden).queryByRole('link', { name: /View in store/ })).not.toBeInTheDocument()
    expect(within(hidden).getByText('Not visible in the store')).toBeInTheDocument()
  })

  it('archives the ticked products and says how many changed', async () => {
    renderPage()
    await screen.findByRole('row', { name: /Dusty Tape Drums/ })
    const archive = screen.getByRole('button', { name: 'Archive' })
    expect(archive).toBeDisabled()

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Dusty Tape Drums' }))
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Vinyl Crackle FX' }))
    expect(screen.getByText('2 selected')).toBeInTheDocument()
    fireEvent.click(archive)

    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toEqual({ url: '/api/admin/products/bulk-status', method: 'POST', body: { ids: ['p1', 'p3'], status: 'archived' } })
    expect(await screen.findByText('2 products archived')).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'Select Dusty Tape Drums' })).not.toBeChecked()
  })

  it('ticks every product on the page at once, and unticks them again', async () => {
    renderPage()
    await screen.findByRole('row', { name: /Dusty Tape Drums/ })
    const all = screen.getByRole('checkbox', { name: 'Select all on this page' })
    fireEvent.click(all)
    expect(screen.getByText('3 selected')).toBeInTheDocument()
    for (const name of ['Dusty Tape Drums', 'Neon Synth Loops', 'Vinyl Crackle FX'])
      expect(screen.getByRole('checkbox', { name: `Select ${name}` })).toBeChecked()

    fireEvent.click(screen.getByRole('button', { name: 'Activate' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]!.body).toEqual({ ids: ['p1', 'p2', 'p3'], status: 'active' })

    fireEvent.click(all)
    fireEvent.click(all)
    expect(screen.getByRole('checkbox', { name: 'Select Neon Synth Loops' })).not.toBeChecked()
  })

  it('duplicates a product and opens the copy', async () => {
    renderPage()
    fireEvent.click(await screen.findByRole('button', { name: 'Duplicate Dusty Tape Drums' }))
    expect(await screen.findByText('Editing the copy')).toBeInTheDocument()
    expect(sent[0]).toMatchObject({ url: '/api/admin/products/p1/duplicate', method: 'POST' })
  })
})
