// @vitest-environment happy-dom
/**
 * The console's frame by role: support staff see the Orders and Customers tabs only, are sent
 * from the dashboard to the orders, and read "Only an admin can open this page" on any other
 * page instead of its content; an admin sees every tab and every page.
 */
import '@testing-library/jest-dom/vitest'
import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AuthSession } from '../../account/use-session.ts'

const session: AuthSession = {
  user: { id: 'u1', email: 'staff@example.com', name: 'Staff', emailVerified: true, twoFactorEnabled: false, createdAt: new Date(), role: 'support' },
  isLoading: false,
  refetch: async () => {},
}
vi.mock('../../account/use-session.ts', () => ({ useSession: () => session }))

const { AdminLayout } = await import('./AdminLayout.tsx')

afterEach(cleanup)

function renderAt(path: string, role: string) {
  session.user = { ...session.user!, role }
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminLayout>
        <Routes>
          <Route path="/admin" element={<p>Dashboard page</p>} />
          <Route path="/admin/orders" element={<p>Orders page</p>} />
          <Route path="/admin/products" element={<p>Products page</p>} />
        </Routes>
      </AdminLayout>
    </MemoryRouter>,
  )
}

const tabs = () =>
  within(screen.getByRole('navigation', { name: 'Owner console' }))
    .getAllByRole('link')
    .map((link) => link.textContent)

describe('AdminLayout', () => {
  it('shows support staff the Orders and Customers tabs only, and an admin-only page as such', () => {
    renderAt('/admin/products', 'support')
    expect(tabs()).toEqual(['Orders', 'Customers'])
    expect(screen.getByRole('heading', { name: 'Only an admin can open this page' })).toBeInTheDocument()
    expect(screen.queryByText('Products page')).not.toBeInTheDocument()
  })

  it('sends support staff from the dashboard to the orders', () => {
    renderAt('/admin', 'support')
    expect(screen.getByText('Orders page')).toBeInTheDocument()
    expect(screen.queryByText('Dashboard page')).not.toBeInTheDocument()
  })

  it('shows an admin every tab and every page', () => {
    renderAt('/admin/products', 'admin')
    expect(tabs()).toEqual(expect.arrayContaining(['Dashboard', 'Products', 'Orders', 'Customers', 'Staff', 'Settings']))
    expect(screen.getByText('Products page')).toBeInTheDocument()
    expect(screen.queryByText('Only an admin can open this page')).not.toBeInTheDocument()
  })
})
