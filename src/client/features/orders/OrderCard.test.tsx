// @vitest-environment happy-dom
/** An order of the history names its invoice and credit notes, each a download of its PDF; an order without any names none. */
import '@testing-library/jest-dom/vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import type { OrderView } from '../../../shared/contract/checkout.ts'
import { OrderCard } from './OrderCard.tsx'

const ORDER_ID = '0d9c1a52-5b1e-4c1f-9f7e-abcdef120001'
const pdfPath = (id: string) => `/api/orders/${ORDER_ID}/documents/${id}.pdf`

const order: OrderView = {
  id: ORDER_ID,
  orderNumber: 'EF120001',
  status: 'PARTIALLY_REFUNDED',
  checkoutType: 'cart',
  customerEmail: 'ada@example.com',
  subtotalCents: 3998,
  discountCents: 0,
  taxCents: 320,
  totalAmountCents: 4318,
  refundedCents: 2159,
  currency: 'usd',
  promoCode: null,
  cardLast4: '4242',
  createdAt: '2026-05-20T10:00:00.000Z',
  completedAt: '2026-05-20T10:00:05.000Z',
  licenceCode: 'LIC1',
  items: [],
  documents: [
    { id: 'inv-1', kind: 'invoice', number: '2026-000123', issuedAt: '2026-05-20T10:00:05.000Z', grossCents: 4318, currency: 'usd', pdfPath: pdfPath('inv-1') },
    {
      id: 'cn-1',
      kind: 'credit_note',
      number: 'CN-2026-000007',
      issuedAt: '2026-05-22T09:00:00.000Z',
      grossCents: 2159,
      currency: 'usd',
      pdfPath: pdfPath('cn-1'),
    },
  ],
}

function renderCard(view: OrderView) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <OrderCard order={view} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

afterEach(cleanup)

describe('OrderCard', () => {
  it("links the order's invoice and credit note as PDF downloads", () => {
    renderCard(order)
    const invoice = screen.getByRole('link', { name: 'Invoice 2026-000123 (PDF)' })
    expect(invoice).toHaveAttribute('href', pdfPath('inv-1'))
    expect(invoice).toHaveAttribute('download')
    expect(screen.getByRole('link', { name: 'Credit note CN-2026-000007 (PDF)' })).toHaveAttribute('href', pdfPath('cn-1'))
  })

  it('names no invoice for an order that has none', () => {
    renderCard({ ...order, documents: [] })
    expect(screen.queryByRole('link', { name: /Invoice/ })).toBeNull()
    expect(screen.getByRole('link', { name: 'Licence certificate (PDF)' })).toBeInTheDocument()
  })
})
