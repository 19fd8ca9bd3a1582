// @vitest-environment happy-dom
/**
 * A record's History panel: each entry at its exact time (to the second), and for an admin a
 * "Full history" link to the audit log filtered on the page's order or product; support staff,
 * who cannot open the log, get no link.
 */
import '@testing-library/jest-dom/vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AuditEntryView } from '../../../../shared/contract/admin-products.ts'
import type { AuthSession } from '../../account/use-session.ts'

const session: AuthSession = {
  user: { id: 'u1', email: 'owner@example.com', name: 'Owner', emailVerified: true, twoFactorEnabled: false, createdAt: new Date(), role: 'admin' },
  isLoading: false,
  refetch: async () => {},
}
vi.mock('../../account/use-session.ts', () => ({ useSession: () => session }))

const { AuditTrail } = await import('./AuditTrail.tsx')

const ORDER_ID = '0b6d9c1e-3f2a-4c5d-8e7f-9a0b1c2d3e4f'
const ENTRIES: AuditEntryView[] = [
  {
    action: 'order.refund',
    actorEmail: 'owner@example.com',
    at: '2026-11-02T10:30:15.000Z',
    changes: [{ field: 'status', before: 'completed', after: 'refunded' }],
  },
]

afterEach(cleanup)

function renderOrderPage(role: string) {
  session.user = { ...session.user!, role }
  render(
    <MemoryRouter initialEntries={[`/admin/orders/${ORDER_ID}`]}>
      <Routes>
        <Route path="/admin/orders/:orderId" element={<AuditTrail entries={ENTRIES} />} />
      </Routes>
    </MemoryRouter>,
  )
}

describe('AuditTrail', () => {
  it('shows each entry at its exact time and links an admin to the order\u2019s full history', () => {
    renderOrderPage('admin')
    const time = screen.getByRole('region', { name: 'History' }).querySelector('time')!
    expect(time).toHaveAttribute('datetime', '2026-11-02T10:30:15.000Z')
    expect(time.textContent).toMatch(/:\d\d:15/)
    expect(screen.getByText(/owner@example\.com · refunded/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Full history' })).toHaveAttribute('href', `/admin/audit?subjectType=order&subjectId=${ORDER_ID}`)
  })

  it('gives support staff no link to the audit log, which only an admin can open', () => {
    renderOrderPage('support')
    expect(screen.getByRole('region', { name: 'History' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Full history' })).toBeNull()
  })
})
