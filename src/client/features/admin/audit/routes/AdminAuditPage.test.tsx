// @vitest-environment happy-dom
/**
 * /admin/audit: each change with its exact time, who, what in words, the record linked to its
 * page and each field's before → after (a table, and cards for a phone); the filters come from
 * and go to the address (a record's "Full history" link opens its history, "Show every record"
 * widens it), the owner's days are asked as the moments they start and end in their time zone,
 * the pager asks the next page; an empty result says so, and a 403 says "Admins only".
 */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AuditLogEntry } from '../../../../../shared/contract/admin-audit.ts'
import AdminAuditPage from './AdminAuditPage.tsx'

const ORDER_ID = '0b6d9c1e-3f2a-4c5d-8e7f-9a0b1c2d3e4f'
const PRODUCT_ID = '5c7e2a10-1111-4222-8333-944455566677'
const REFUND: AuditLogEntry = {
  id: 'a1',
  at: '2026-11-02T10:30:15.000Z',
  actorEmail: 'owner@store.example',
  actorId: 'u1',
  action: 'order.refund',
  subject: { type: 'order', id: ORDER_ID, label: '1C2D3E4F', path: `/admin/orders/${ORDER_ID}` },
  changes: [{ field: 'status', before: 'completed', after: 'refunded' }],
}
const SAVE: AuditLogEntry = {
  id: 'a2',
  at: '2026-11-01T08:00:00.000Z',
  actorEmail: 'helper@store.example',
  actorId: null,
  action: 'product.update',
  subject: { type: 'product', id: PRODUCT_ID, label: 'Dusty Drums', path: `/admin/products/${PRODUCT_ID}` },
  changes: [{ field: 'priceCents', before: '1999', after: '2499' }],
}
const ACTIONS = ['order.refund', 'order.resend_receipt', 'product.update']

let asked: URL[]
let answer: (url: URL) => Response

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const logAsked = () => asked.filter((url) => url.pathname === '/api/admin/audit')
const lastAsked = () => Object.fromEntries(logAsked().at(-1)!.searchParams)

beforeEach(() => {
  asked = []
  answer = () => json(200, { data: [REFUND, SAVE], total: 60, limit: 25, offset: 0 })
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://store.test')
      asked.push(url)
      if (url.pathname === '/api/admin/audit/actions') return json(200, { data: ACTIONS })
      if (url.pathname === '/api/auth/get-session') return json(200, null)
      return answer(url)
    }),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function Address() {
  const location = useLocation()
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>
}

function renderPage(path = '/admin/audit') {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/audit" element={<AdminAuditPage />} />
          <Route path="*" element={null} />
        </Routes>
        <Address />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('AdminAuditPage', () => {
  it('shows each change with its exact time, who, what, the record linked and before → after', async () => {
    renderPage()
    const table = await screen.findByRole('table')
    const refund = within(table).getByRole('row', { name: /Refunded an order/ })
    const time = refund.querySelector('time')!
    expect(time).toHaveAttribute('datetime', REFUND.at)
    expect(time.textContent).toMatch(/2026/)
    expect(time.textContent).toMatch(/:\d\d:15/)
    expect(refund).toHaveTextContent('owner@store.example')
    expect(refund).toHaveTextContent('status: completed → refunded')
    expect(within(refund).getByRole('link', { name: 'Order 1C2D3E4F' })).toHaveAttribute('href', `/admin/orders/${ORDER_ID}`)
    const save = within(table).getByRole('row', { name: /Saved a product/ })
    expect(within(save).getByRole('link', { name: 'Product Dusty Drums' })).toHaveAttribute('href', `/admin/products/${PRODUCT_ID}`)
    expect(save).toHaveTextContent('priceCents: 1999 → 2499')
    // The same changes as cards, for a phone.
    const cards = screen.getByRole('list', { name: 'Changes, newest first' })
    expect(
      within(cards)
        .getAllByRole('listitem')
        .filter((item) => item.parentElement === cards),
    ).toHaveLength(2)
    expect(screen.getByText('1–2 of 60')).toBeInTheDocument()
    expect(lastAsked()).toEqual({ limit: '25', offset: '0' })
  })

  it("opens a record's full history from the address, and widens it to every record", async () => {
    renderPage(`/admin/audit?subjectType=order&subjectId=${ORDER_ID}`)
    expect(await screen.findByText('The history of one order: 1C2D3E4F')).toBeInTheDocument()
    expect(lastAsked()).toMatchObject({ subjectType: 'order', subjectId: ORDER_ID })
    fireEvent.click(screen.getByRole('button', { name: 'Show every record' }))
    await waitFor(() => expect(lastAsked()).toEqual({ subjectType: 'order', limit: '25', offset: '0' }))
    expect(screen.getByTestId('address')).toHaveTextContent('/admin/audit?subjectType=order')
  })

  it('filters by who, what kind and the owner\u2019s days, keeping each in the address', async () => {
    renderPage()
    await screen.findByRole('table')
    fireEvent.change(screen.getByRole('searchbox', { name: 'Who' }), { target: { value: 'helper' } })
    await waitFor(() => expect(lastAsked()).toMatchObject({ actor: 'helper' }))
    const what = screen.getByRole('combobox', { name: 'What' })
    await waitFor(() => expect(within(what).getByRole('option', { name: 'Sent the receipt again' })).toBeInTheDocument())
    expect(within(what).getByRole('option', { name: 'Every order change' })).toHaveValue('order.')
    fireEvent.change(what, { target: { value: 'order.' } })
    await waitFor(() => expect(lastAsked()).toMatchObject({ actor: 'helper', action: 'order.' }))
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-02' } })
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-03' } })
    await waitFor(() =>
      expect(lastAsked()).toMatchObject({
        from: new Date(2026, 10, 2).toISOString(),
        to: new Date(new Date(2026, 10, 4).getTime() - 1).toISOString(),
      }),
    )
    expect(screen.getByTestId('address')).toHaveTextContent('/admin/audit?actor=helper&action=order.&from=2026-11-02&to=2026-11-03')
  })

  it('says a day that ends before it starts, and asks without it', async () => {
    renderPage('/admin/audit?from=2026-11-05&to=2026-11-01')
    expect(await screen.findByText('The last day must not be before the first')).toBeInTheDocument()
    expect(lastAsked()).toHaveProperty('from')
    expect(lastAsked()).not.toHaveProperty('to')
  })

  it('asks the next page from the pager, and keeps it in the address', async () => {
    renderPage()
    await screen.findByRole('table')
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(lastAsked()).toMatchObject({ offset: '25' }))
    expect(screen.getByTestId('address')).toHaveTextContent('/admin/audit?offset=25')
  })

  it('says when no change matches, and "Admins only" when the API refuses', async () => {
    answer = () => json(200, { data: [], total: 0, limit: 25, offset: 0 })
    renderPage('/admin/audit?actor=nobody')
    expect(await screen.findByText('No change matches these filters.')).toBeInTheDocument()
    cleanup()
    answer = () => json(403, { error: { message: 'Admin access required', status: 403, code: 'FORBIDDEN' } })
    renderPage()
    expect(await screen.findByRole('heading', { name: 'Admins only' })).toBeInTheDocument()
  })
})
