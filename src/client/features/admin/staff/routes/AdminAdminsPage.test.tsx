// @vitest-environment happy-dom
/**
 * /admin/admins, the Staff page: each account with its role, the viewer's own row without a
 * revoke; granting sends the email with the chosen role after a confirmation that says what the
 * role may do.
 */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AdminAccount } from '../../../../../shared/contract/admin-admins.ts'
import AdminAdminsPage from './AdminAdminsPage.tsx'

const STAFF: AdminAccount[] = [
  { userId: 'u1', email: 'owner@example.com', name: 'Owner', role: 'admin', adminSince: '2026-11-01T10:00:00.000Z', you: true },
  { userId: 'u2', email: 'help@example.com', name: '', role: 'support', adminSince: '2026-11-20T10:00:00.000Z', you: false },
]
let sent: { url: string; method: string; body: unknown }[]

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

beforeEach(() => {
  sent = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET'
      if (method === 'GET') return json(200, { data: STAFF })
      sent.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : null })
      return json(201, { data: { ...STAFF[1], userId: 'u3', email: 'new@example.com' } })
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
      <AdminAdminsPage />
    </QueryClientProvider>,
  )
}

describe('AdminAdminsPage', () => {
  it('lists each staff account with its role; only other accounts can be revoked', async () => {
    renderPage()
    const support = await screen.findByRole('row', { name: /help@example.com/ })
    expect(within(support).getByRole('cell', { name: 'Support' })).toBeInTheDocument()
    expect(within(support).getByRole('button', { name: 'Revoke the support role of help@example.com' })).toBeInTheDocument()
    const own = screen.getByRole('row', { name: /owner@example.com/ })
    expect(within(own).getByRole('cell', { name: 'Admin' })).toBeInTheDocument()
    expect(within(own).queryByRole('button')).not.toBeInTheDocument()
  })

  it('grants the chosen role after a confirmation saying what it allows', async () => {
    renderPage()
    const form = screen.getByRole('region', { name: 'Grant a role' })
    fireEvent.change(within(form).getByLabelText('Email of the account'), { target: { value: ' new@example.com ' } })
    fireEvent.change(within(form).getByLabelText('Role'), { target: { value: 'support' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Grant role' }))
    expect(within(form).getByText(/support staff\? They will be able to look up orders and customers/)).toBeInTheDocument()
    expect(sent).toEqual([])
    fireEvent.click(within(form).getByRole('button', { name: 'Confirm grant' }))
    await waitFor(() => expect(sent).toEqual([{ url: '/api/admin/admins', method: 'POST', body: { email: 'new@example.com', role: 'support' } }]))
  })
})
