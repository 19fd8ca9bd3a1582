// @vitest-environment happy-dom
/**
 * The console's router: each address of the console's list shows its entry's page (the
 * dashboard at /admin itself, a new product and a product at their own addresses), and any
 * other address under /admin shows the not-found page in the console's frame.
 */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AuthSession } from '../../account/use-session.ts'

const session: AuthSession = {
  user: { id: 'u1', email: 'owner@example.com', name: 'Owner', emailVerified: true, twoFactorEnabled: false, createdAt: new Date(), role: 'admin' },
  isLoading: false,
  refetch: async () => {},
}
vi.mock('../../account/use-session.ts', () => ({ useSession: () => session }))
// Each entry's page says which entry it is, so two entries with one page are told apart.
vi.mock('./admin-pages.ts', async () => {
  const { ADMIN_ROUTES } = await import('../shell/admin-routes.ts')
  return { ADMIN_PAGES: Object.fromEntries(ADMIN_ROUTES.map(({ id }) => [id, () => <p>Page of {id}</p>])) }
})

const { default: AdminApp } = await import('./AdminApp.tsx')

afterEach(cleanup)

function renderAt(path: string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/*" element={<AdminApp />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('AdminApp', () => {
  it.each([
    ['/admin', 'dashboard'],
    ['/admin/products/new', 'new-product'],
    ['/admin/products/p1', 'product'],
    ['/admin/orders/o1', 'order'],
    ['/admin/admins', 'staff'],
    ['/admin/tax', 'tax'],
    ['/admin/tax-report', 'tax-report'],
  ])('shows at %s the page of %s', (path, id) => {
    renderAt(path)
    expect(screen.getByText(`Page of ${id}`)).toBeInTheDocument()
  })

  it('shows the not-found page at an address the list does not have', () => {
    // Its title asks for the store's settings, which need not answer here.
    vi.stubGlobal('fetch', () => new Promise<Response>(() => {}))
    renderAt('/admin/nowhere')
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Owner console' })).toBeInTheDocument()
  })
})
