// @vitest-environment happy-dom
/**
 * /admin/customers/:key: a customer's figures, orders linking to their pages, downloads left,
 * refunds and disputes and the emails sent; an admin corrects the email (a toast on success, the
 * API's message on a refusal, and a guest's page follows the new address); support staff get no
 * Edit email form.
 */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import toast from 'react-hot-toast'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CustomerDetail } from '../../../../../shared/contract/admin-customers.ts'
import AdminCustomerPage from './AdminCustomerPage.tsx'

vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }))

const GUEST: CustomerDetail = {
  key: 'guest-Z3JhY2VAZXhhbXBsZS5jb20',
  kind: 'guest',
  email: 'grace@example.com',
  name: 'Grace Hopper',
  emailVerified: false,
  since: '2026-11-01T10:00:00.000Z',
  paidOrders: 1,
  paidCents: 1700,
  refundedCents: 300,
  ordersTotal: 1,
  orders: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      orderNumber: 'ALS-11111111',
      status: 'PARTIALLY_REFUNDED',
      customerEmail: 'grace@example.com',
      guest: true,
      createdAt: '2026-11-01T10:00:00.000Z',
      totalAmountCents: 2000,
      taxCents: 0,
      refundedCents: 300,
      items: [
        {
          id: 'i1',
          productId: 'p1',
          name: 'Analog Drums',
          quantity: 1,
          priceCents: 2000,
          access: { state: 'active', reason: null, since: null },
          downloadsUsed: 2,
          downloadsRemaining: 1,
          lastDownloadAt: '2026-11-02T09:30:00.000Z',
        },
      ],
      refunds: [{ id: 're_1', amountCents: 300, status: 'succeeded', reason: 'requested_by_customer', createdAt: '2026-11-03T10:00:00.000Z' }],
      disputes: [{ id: 'dp_1', amountCents: 100, status: 'needs_response', reason: null, openedAt: '2026-11-04T10:00:00.000Z', closedAt: null }],
    },
  ],
  emails: [
    {
      id: 'e1',
      to: 'grace@example.com',
      subject: 'Your Audio Lab Store receipt',
      status: 'failed',
      attempts: 5,
      queuedAt: '2026-11-01T10:00:00.000Z',
      sentAt: null,
      lastError: 'Mailbox unavailable',
    },
  ],
}
const NEW_KEY = 'guest-YWRhQGV4YW1wbGUuY29t'

let role: 'admin' | 'support'
let sent: { url: string; body: unknown }[]
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

beforeEach(() => {
  role = 'admin'
  sent = []
  vi.mocked(toast.success).mockClear()
  vi.mocked(toast.error).mockClear()
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/auth/get-session')
        return json(200, { user: { id: 'u1', email: 'owner@example.com', name: '', emailVerified: true, createdAt: GUEST.since, role } })
      if ((init.method ?? 'GET') === 'GET') return json(200, { data: url.endsWith(NEW_KEY) ? { ...GUEST, key: NEW_KEY, email: 'ada@example.com' } : GUEST })
      const body = JSON.parse(String(init.body)) as { email: string }
      sent.push({ url, body })
      if (body.email === 'taken@example.com')
        return json(409, { error: { message: 'Another account already uses this email address', status: 409, code: 'EMAIL_TAKEN' } })
      return json(200, { data: { key: NEW_KEY, email: body.email, ordersMoved: 1 } })
    }),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>
}

function renderPage() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/admin/customers/${GUEST.key}`]}>
        <Routes>
          <Route path="/admin/customers/:key" element={<AdminCustomerPage />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('AdminCustomerPage', () => {
  it("shows the customer's figures, orders, downloads left, refunds, disputes and emails", async () => {
    renderPage()
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeInTheDocument()
    expect(screen.getByText(/Guest since/)).toBeInTheDocument()
    const figures = screen.getByLabelText('Figures')
    expect(within(figures).getByText('$17.00')).toBeInTheDocument()
    expect(within(figures).getByText('$3.00')).toBeInTheDocument()
    const orders = screen.getByRole('region', { name: 'Orders (1)' })
    expect(within(orders).getByRole('link', { name: 'ALS-11111111' })).toHaveAttribute('href', '/admin/orders/11111111-1111-4111-8111-111111111111')
    expect(within(screen.getByRole('region', { name: 'Downloads' })).getByRole('listitem', { name: 'Analog Drums' })).toHaveTextContent('2 used · 1 left')
    const afterSale = screen.getByRole('region', { name: 'Refunds and disputes' })
    expect(afterSale).toHaveTextContent('Refund $3.00 · succeeded · requested by customer')
    expect(afterSale).toHaveTextContent('Dispute $1.00 · needs response')
    const emails = screen.getByRole('region', { name: 'Emails sent' })
    expect(emails).toHaveTextContent('Your Audio Lab Store receipt')
    expect(emails).toHaveTextContent('failed')
    expect(emails).toHaveTextContent('Mailbox unavailable')
  })

  it('corrects the email: a toast, and the page follows the guest to the new address', async () => {
    renderPage()
    const form = await screen.findByRole('region', { name: 'Edit email' })
    fireEvent.change(within(form).getByLabelText('New email'), { target: { value: ' ada@example.com ' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Save email' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Email changed to ada@example.com'))
    expect(sent).toEqual([{ url: `/api/admin/customers/${GUEST.key}/email`, body: { email: 'ada@example.com' } }])
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/admin/customers/${NEW_KEY}`))
  })

  it("shows the API's message when the address is refused", async () => {
    renderPage()
    const form = await screen.findByRole('region', { name: 'Edit email' })
    fireEvent.change(within(form).getByLabelText('New email'), { target: { value: 'taken@example.com' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Save email' }))
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Another account already uses this email address'))
    expect(screen.getByTestId('where')).toHaveTextContent(`/admin/customers/${GUEST.key}`)
  })

  it('offers support staff no Edit email form', async () => {
    role = 'support'
    renderPage()
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Edit email' })).not.toBeInTheDocument())
  })
})
