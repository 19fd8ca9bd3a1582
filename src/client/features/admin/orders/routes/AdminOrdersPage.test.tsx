// @vitest-environment happy-dom
/**
 * /admin/orders' "Export CSV": the paid orders of the days the list is filtered to (every day
 * when it is not), a day that is not a real date or a last day before the first left out.
 */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import AdminOrdersPage from './AdminOrdersPage.tsx'

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ data: [], total: 0 }), { status: 200, headers: { 'content-type': 'application/json' } })),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderPage() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/admin/orders']}>
        <AdminOrdersPage />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('AdminOrdersPage export', () => {
  it('downloads every paid order until days are chosen, then those days', async () => {
    renderPage()
    await screen.findByText('No orders yet.')
    const link = screen.getByRole('link', { name: 'Export CSV' })
    expect(link).toHaveAttribute('href', '/api/admin/exports/orders.csv')
    expect(link).toHaveAttribute('download')

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } })
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } })
    expect(link).toHaveAttribute('href', '/api/admin/exports/orders.csv?from=2026-11-01&to=2026-11-30')

    // A last day before the first is said beside the field and left out of the file too.
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-01' } })
    expect(screen.getByText('The last day must not be before the first')).toBeInTheDocument()
    expect(link).toHaveAttribute('href', '/api/admin/exports/orders.csv?from=2026-11-01')
  })
})
